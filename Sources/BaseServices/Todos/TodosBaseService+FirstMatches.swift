import Domain
import SQLiteProvider

/// The first windows of a search, read from the search index in one pass over the matches.
///
/// Sorting every match in SQL and slicing it makes SQLite copy each match's whole row into its
/// sorter, and counting them first reads the matches a second time. A window near the start needs neither: one pass reads only each
/// match's identifier and sort key, keeps the best few in a heap, and counts the matches on the
/// way, exactly; then only the window's todos are read. At a million todos, a search that 100,000
/// of them match, far from the start of the list's order, costs that one pass. The urgency order
/// is read the same way, each match scored from its columns in that pass: sorting the matches by
/// a computed score and counting them apart read every todo shown twice.
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
        var group: Int64 = 0
        /// The position, creation time or due date the order compares; 0 in the title order.
        var number: Int64 = 0
        /// The title, for the title order (compared as SQLite's `NOCASE`); empty otherwise.
        var title = ""
        var id: Int64

        /// The columns that make the key of `sort`: the identifier, the value the order compares
        /// (for the urgency order, the first of the score's terms), then the state.
        static func columns(_ sort: TodoSort) -> String {
            switch sort {
            case .created: return "todos.id, created_at, completed"
            case .dueDate: return "todos.id, due_at, completed"
            case .title: return "todos.id, title, completed"
            case .manual: return "todos.id, position, 0"
            case .urgency:
                // The score's terms, which ``TodosBaseService/urgency(of:now:)`` adds up.
                return "todos.id, created_at, completed, due_at, priority, json_array_length(tags), project"
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

        /// The largest key kept once `capacity` are kept: a key above it cannot enter.
        var worst: SortKey? { heap.count == capacity ? heap.first : nil }

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
    /// The key of `sort` in the current row of `row`, selected with ``columns(_:)``; `now`
    /// (milliseconds since 1970) scores it in the urgency order.
    init(_ sort: TodoSort, _ row: Statement, now: Int64) {
        self.init(completed: row.int64(at: 2), id: row.int64(at: 0))
        switch sort {
        case .created, .manual: number = row.int64(at: 1)
        case .urgency: urgency = TodosBaseService.urgency(of: row, now: now)
        case .dueDate:
            if row.isNull(at: 1) { group = 1 } else { number = row.int64(at: 1) }
        case .title: title = row.string(at: 1)
        }
    }
}

extension TodosBaseService.SearchMatches {
    /// The `limit` matches after the first `offset` in `sort` order, with their exact count, from
    /// one pass over the matches; `now` (milliseconds since 1970) places them in the urgency order.
    ///
    /// In the urgency order, `attributed` (what a walk that gave up had read whole) holds every
    /// todo shown with a due date, priority, tag or project, and the keys of those that match:
    /// the pass then reads every other match as a plain todo, scored by its age alone, and
    /// selects only the columns the creation order does.
    func firstWindow(
        sort: TodoSort, offset: Int, limit: Int, now: Int64 = 0,
        beside attributed: TodosBaseService.AttributedTodos? = nil, in db: Connection
    ) throws(DatabaseError) -> TodoPageObject {
        let plainUrgency = sort == .urgency ? attributed : nil
        let columns = TodosBaseService.SortKey.columns(plainUrgency == nil ? sort : .created)
        let sql = "SELECT \(columns) FROM \(source)\(whereClause)"
        let (kept, count) = try db.withStatement(sql, arguments) { (rows) throws(DatabaseError) in
            var kept = TodosBaseService.SmallestKeys(capacity: offset + limit)
            var count = 0
            for key in plainUrgency?.keys ?? [] { kept.offer(key) }
            let attributedIDs = plainUrgency?.ids ?? []
            while try rows.step() {
                count += 1
                // Once the window is full of todos not done, a done one needs no key.
                if let worst = kept.worst, rows.int64(at: 2) > worst.completed { continue }
                guard plainUrgency != nil else {
                    kept.offer(TodosBaseService.SortKey(sort, rows, now: now))
                    continue
                }
                let id = rows.int64(at: 0)
                // A todo with attributes was offered already, if it matches.
                if !attributedIDs.isEmpty && attributedIDs.contains(id) { continue }
                let urgency = TodosBaseService.urgency(
                    created: rows.int64(at: 1), due: nil, priority: nil, tagCount: 0, hasProject: false, now: now)
                kept.offer(TodosBaseService.SortKey(completed: rows.int64(at: 2), urgency: urgency, id: id))
            }
            return (kept, count)
        }
        return TodoPageObject(
            todos: try TodosBaseService.keptTodos(kept, dropping: offset, in: db), totalCount: count, offset: offset)
    }
}
