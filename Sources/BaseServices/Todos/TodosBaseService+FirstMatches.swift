import Domain
import SQLiteProvider

/// The first windows of a search, read from the search index in one pass over the matches.
///
/// Sorting every match in SQL and slicing it makes SQLite copy each match's whole row into its
/// sorter, and counting them first reads the matches a second time. A window near the start needs neither: one pass reads only each
/// match's identifier and sort key, keeps the best few in a heap, and counts the matches on the
/// way, exactly; then only the window's todos are read. At a million todos, a search that 100,000
/// of them match, far from the start of the list's order, costs that one pass. The urgency order
/// is read the same way, its score computed by SQLite in that pass: sorting the matches by a
/// computed score and counting them apart read every todo shown twice.
extension TodosBaseService {
    /// A window ending at most this far into the matches is read by one pass over them, keeping
    /// the best `offset + limit` keys; a window further in is sorted by SQLite, or read from the end.
    static let firstMatchesLimit = 1024

    /// Where a todo falls in a sort, compared exactly as ``orderClause(_:descending:)`` orders.
    struct SortKey: Comparable {
        /// 1 for a done todo, which comes after those not done in every order but the manual one
        /// (where it is always 0).
        var completed: Int64 = 0
        /// The urgency order's score, larger first (``urgencySQL(now:)``); 0 in every other order.
        var urgency: Double = 0
        /// The due-date order's `due_at IS NULL`; 0 in every other order.
        var group: Int64
        /// The position, creation time or due date the order compares; 0 in the title order.
        var number: Int64
        /// The title, for the title order (compared as SQLite's `NOCASE`); empty otherwise.
        var title: String
        var id: Int64

        /// The columns that make the key of `sort`, after the identifier, and their bound values:
        /// the urgency order's score needs the time, `now`.
        static func columns(_ sort: TodoSort, now: Int64) -> (sql: String, arguments: [SQLValue]) {
            switch sort {
            case .created: return ("todos.id, created_at, completed", [])
            case .dueDate: return ("todos.id, due_at, completed", [])
            case .title: return ("todos.id, title, completed", [])
            case .manual: return ("todos.id, position, 0", [])
            case .urgency:
                let urgency = TodosBaseService.urgencySQL(now: now)
                return ("todos.id, \(urgency.sql), completed", urgency.arguments)
            }
        }

        static func < (left: SortKey, right: SortKey) -> Bool {
            if left.completed != right.completed { return left.completed < right.completed }
            if left.urgency != right.urgency { return left.urgency > right.urgency }
            if left.group != right.group { return left.group < right.group }
            if left.number != right.number { return left.number < right.number }
            if let less = noCaseLess(left.title, right.title) { return less }
            return left.id < right.id
        }

        /// SQLite's `NOCASE`: ASCII letters folded, then the bytes compared; `nil` when equal.
        static func noCaseLess(_ left: String, _ right: String) -> Bool? {
            var lhs = left.utf8.makeIterator()
            var rhs = right.utf8.makeIterator()
            while true {
                switch (lhs.next(), rhs.next()) {
                case (nil, nil): return nil
                case (nil, _): return true
                case (_, nil): return false
                case (let leftByte?, let rightByte?):
                    let (a, b) = (folded(leftByte), folded(rightByte))
                    if a != b { return a < b }
                }
            }
        }

        private static func folded(_ byte: UInt8) -> UInt8 {
            (65...90).contains(byte) ? byte | 0x20 : byte
        }
    }

    /// The smallest keys offered so far, at most `capacity` of them, in a binary heap whose
    /// root is the largest kept, so a key that cannot be among them costs one comparison.
    struct SmallestKeys {
        let capacity: Int
        private(set) var heap: [SortKey] = []

        init(capacity: Int) {
            self.capacity = capacity
            heap.reserveCapacity(capacity)
        }

        mutating func offer(_ key: SortKey) {
            guard capacity > 0 else { return }
            if heap.count < capacity {
                heap.append(key)
                siftUp(heap.count - 1)
            } else if key < heap[0] {
                heap[0] = key
                siftDown(0)
            }
        }

        /// The keys kept, smallest first.
        func sorted() -> [SortKey] { heap.sorted() }

        private mutating func siftUp(_ start: Int) {
            var child = start
            while child > 0 {
                let parent = (child - 1) / 2
                guard heap[parent] < heap[child] else { return }
                heap.swapAt(parent, child)
                child = parent
            }
        }

        private mutating func siftDown(_ start: Int) {
            var parent = start
            while true {
                var largest = parent
                let left = 2 * parent + 1
                if left < heap.count && heap[largest] < heap[left] { largest = left }
                if left + 1 < heap.count && heap[largest] < heap[left + 1] { largest = left + 1 }
                guard largest != parent else { return }
                heap.swapAt(parent, largest)
                parent = largest
            }
        }
    }
}

extension TodosBaseService.SortKey {
    /// The key of `sort` in the current row of `row`, selected with ``columns(_:)``.
    init(_ sort: TodoSort, _ row: Statement) {
        self.init(completed: row.int64(at: 2), group: 0, number: 0, title: "", id: row.int64(at: 0))
        switch sort {
        case .created, .manual: number = row.int64(at: 1)
        case .urgency: urgency = row.double(at: 1)
        case .dueDate:
            if row.isNull(at: 1) { group = 1 } else { number = row.int64(at: 1) }
        case .title: title = row.string(at: 1)
        }
    }
}

extension TodosBaseService.SearchMatches {
    /// The `limit` matches after the first `offset` in `sort` order, with their exact count, from
    /// one pass over the matches; `now` (milliseconds since 1970) places them in the urgency order.
    func firstWindow(
        sort: TodoSort, offset: Int, limit: Int, now: Int64 = 0, in db: Connection
    ) throws(DatabaseError) -> TodoPageObject {
        let key = TodosBaseService.SortKey.columns(sort, now: now)
        let sql = "SELECT \(key.sql) FROM \(source)\(whereClause)"
        let (kept, count) = try db.withStatement(sql, key.arguments + arguments) { (rows) throws(DatabaseError) in
            var kept = TodosBaseService.SmallestKeys(capacity: offset + limit)
            var count = 0
            while try rows.step() {
                count += 1
                kept.offer(TodosBaseService.SortKey(sort, rows))
            }
            return (kept, count)
        }
        var todos: [TodoObject] = []
        todos.reserveCapacity(limit)
        for key in kept.sorted().dropFirst(offset) {
            if let todo = try TodosBaseService.optionalTodo(id: key.id, in: db) { todos.append(todo) }
        }
        return TodoPageObject(todos: todos, totalCount: count, offset: offset)
    }
}
