import Domain
import SQLiteProvider

/// The first windows of a search in urgency order, read without visiting every match.
///
/// A todo with no due date, priority, project or tag ("plain") scores by its age alone, so among
/// the plain todos of one state the urgency order is the creation order, oldest first, until the
/// age's share is whole (a year): the todos older than that all score alike and go by
/// identifier. The window is the best of the todos found, each tested against the search with a
/// ``FTS5PhraseMatcher``, in three sets:
///
/// - the todos with any of those attributes, read whole through the four indexes that hold them;
/// - the plain todos over a year old: read whole through the creation index when they are few,
///   else walked in identifier order until no later one can enter the window;
/// - the younger plain todos, walked in creation order until the window is full and the next
///   todo scores below its last.
///
/// A search that most todos match fills the window within a few hundred todos, wherever its
/// matches lie in the table; reading every match instead visits as many rows as the table has
/// pages. When many todos have attributes, or the matches lie far into the walk's order, the
/// walk gives up (`nil`) and the one pass over the matches (`firstWindow`) answers.
extension TodosBaseService {
    /// The walk gives up when more todos than this have one of the attributes, and reads the
    /// plain todos over a year old whole when they are at most this many.
    static let urgencyReadWholeLimit = 2048

    /// The todos shown with a due date, priority, tag or project, read whole by a walk.
    struct AttributedTodos {
        /// Every one of them, matching or not.
        var ids: Set<Int64> = []
        /// The keys of those that match.
        var keys: [SortKey] = []
    }

    /// What an urgency walk found.
    enum UrgencyWalkResult {
        /// The window.
        case window(TodoPageObject)
        /// Reading every match looks cheaper; with the todos that have attributes when the walk
        /// had read them all.
        case gaveUp(AttributedTodos?)

        var window: TodoPageObject? {
            if case .window(let window) = self { window } else { nil }
        }
    }

    /// The `limit` matches of `query` after the first `offset` in urgency order at `now`
    /// (milliseconds since 1970), or ``UrgencyWalkResult/gaveUp(_:)`` when reading every match
    /// looks cheaper; with `mayGiveUp` false, always the window. The count is exact when every
    /// plain todo shown was walked. `readWholeLimit` is ``urgencyReadWholeLimit`` but in tests.
    static func urgencyWalk(
        _ query: TodoQuery, offset: Int, limit: Int, matcher: FTS5PhraseMatcher, mayGiveUp: Bool, now: Int64,
        readWholeLimit: Int = urgencyReadWholeLimit, in db: Connection
    ) throws(DatabaseError) -> UrgencyWalkResult {
        guard offset + limit > 0 else { return .gaveUp(nil) }
        let counts = try counts(in: db)
        var walk = UrgencyWalk(target: offset + limit, matcher: matcher, mayGiveUp: mayGiveUp, total: counts.total)
        let urgency = urgencySQL(now: now)
        let state: String
        let states: [Int64]
        switch query.filter {
        case .all: (state, states) = ("", [0, 1])
        case .active: (state, states) = (" AND +completed = 0", [0])
        case .completed: (state, states) = (" AND +completed = 1", [1])
        }
        let columns = "todos.id, title, notes, completed, \(urgency.sql)"
        let scored = [
            "SELECT \(columns) FROM todos WHERE (due_at IS NULL) = 0\(state)",
            "SELECT \(columns) FROM todos WHERE priority IS NOT NULL\(state)",
            "SELECT \(columns) FROM todos WHERE project IS NOT NULL\(state)",
            "SELECT \(columns) FROM todo_tags CROSS JOIN todos ON todos.id = todo_tags.todo_id WHERE 1\(state)",
        ]
        for sql in scored {
            let read = try walk.readWhole(
                sql, urgency.arguments, atMost: mayGiveUp ? readWholeLimit : nil, attributed: true, in: db)
            guard read else { return .gaveUp(nil) }
        }
        let plainOnes =
            "WHERE completed = ? AND due_at IS NULL AND priority IS NULL AND project IS NULL "
            + "AND coalesce(json_array_length(tags), 0) = 0"
        let plain = "SELECT \(columns) FROM todos \(plainOnes)"
        // A day's margin past the year keeps rounding out: every todo at or before it scores
        // the age's whole share exactly; those after it are walked in creation order, which
        // places any score right.
        let (yearAgo, overflow) = now.subtractingReportingOverflow(Int64(Urgency.maximumAgeDays + 1) * 86_400_000)
        let saturated = SQLValue.integer(overflow ? .min : yearAgo)
        // A state without todos has none to walk, and leaves the count exact.
        for completed in states where (completed == 1 ? counts.completed : counts.total - counts.completed) > 0 {
            // A window full of todos of an earlier state leaves no room for this one's.
            if let worst = walk.kept.worst, worst.completed < completed {
                walk.isCountExact = false
                break
            }
            let arguments = urgency.arguments + [.integer(completed), saturated]
            let fewOld = try walk.readWhole(
                plain + " AND created_at <= ? ORDER BY created_at LIMIT ?",
                arguments + [.integer(Int64(readWholeLimit) + 1)], atMost: readWholeLimit, in: db)
            var oldOutcome: Bool? = true
            if !fewOld {
                oldOutcome = try walk.walk(
                    "SELECT \(columns) FROM todos NOT INDEXED \(plainOnes) AND created_at <= ? ORDER BY id",
                    arguments, state: completed, tiesGoByIdentifier: true, countsOn: true, in: db)
            }
            guard let oldOutcome else { return .gaveUp(walk.attributed) }
            // Todos in the day's margin may still tie with the old ones: the younger are walked
            // after a full window too, up to the first that scores below it, without counting on.
            let outcome = try walk.walk(
                plain + " AND created_at > ? ORDER BY created_at, id", arguments, state: completed,
                tiesGoByIdentifier: false, countsOn: oldOutcome, in: db)
            guard let outcome else { return .gaveUp(walk.attributed) }
            if !outcome || !oldOutcome {
                walk.isCountExact = false
                break
            }
        }
        return .window(
            TodoPageObject(
                todos: try keptTodos(walk.kept, dropping: offset, in: db), totalCount: walk.matched, offset: offset,
                isCountExact: walk.isCountExact))
    }

    /// The todos of the keys `kept` holds, in their order, after the first `offset`.
    static func keptTodos(
        _ kept: SmallestKeys, dropping offset: Int, in db: Connection
    ) throws(DatabaseError)
        -> [TodoObject]
    {
        var todos: [TodoObject] = []
        todos.reserveCapacity(max(0, kept.heap.count - offset))
        for key in kept.sorted().dropFirst(offset) {
            if let todo = try optionalTodo(id: key.id, in: db) { todos.append(todo) }
        }
        return todos
    }
}

/// What ``TodosBaseService/urgencyWalk(_:offset:limit:matcher:mayGiveUp:now:readWholeLimit:in:)``
/// has found so far. Its statements select the identifier, title, notes, state and score.
private struct UrgencyWalk {
    let target: Int
    let matcher: FTS5PhraseMatcher
    let mayGiveUp: Bool
    /// How many todos there are, which the cost of reading every match is judged against.
    let total: Int
    var kept: TodosBaseService.SmallestKeys
    /// Matches found, each counted once.
    var matched = 0
    var isCountExact = true
    /// The todos with attributes read so far.
    private(set) var attributed = TodosBaseService.AttributedTodos()
    private var seen = Set<Int64>()
    private var walked = 0
    private var walkedMatches = 0

    init(target: Int, matcher: FTS5PhraseMatcher, mayGiveUp: Bool, total: Int) {
        self.target = target
        self.matcher = matcher
        self.mayGiveUp = mayGiveUp
        self.total = total
        kept = TodosBaseService.SmallestKeys(capacity: target)
    }

    /// Reads every todo `sql` selects, and keeps the matches; `false`, keeping nothing, when
    /// there are more than `limit` of them. With `attributed`, they are todos with attributes,
    /// and ``attributed`` records them.
    mutating func readWhole(
        _ sql: String, _ arguments: [SQLValue], atMost limit: Int?, attributed isAttributed: Bool = false,
        in db: Connection
    ) throws(DatabaseError) -> Bool {
        let read = try db.withStatement(sql, arguments) {
            (rows) throws(DatabaseError) -> (ids: [Int64], found: [TodosBaseService.SortKey])? in
            var ids: [Int64] = []
            var found: [TodosBaseService.SortKey] = []
            var read = 0
            while try rows.step() {
                read += 1
                if let limit, read > limit { return nil }
                if isAttributed { ids.append(rows.int64(at: 0)) }
                guard matcher.matches(rows, columns: [1, 2]) else { continue }
                found.append(.init(completed: rows.int64(at: 3), urgency: rows.double(at: 4), id: rows.int64(at: 0)))
            }
            return (ids, found)
        }
        guard let read else { return false }
        for key in read.found where seen.insert(key.id).inserted {
            matched += 1
            kept.offer(key)
            if isAttributed { attributed.keys.append(key) }
        }
        if isAttributed { attributed.ids.formUnion(read.ids) }
        return true
    }

    /// Walks the plain todos of state `state` that `sql` selects, in falling score (with
    /// `tiesGoByIdentifier`, all of one score, by identifier), keeping the matches until no later
    /// todo can enter the window, then, with `countsOn`, counting on a little way: `true` at the
    /// end, `false` when it stopped, `nil` when reading every match looks cheaper.
    mutating func walk(
        _ sql: String, _ arguments: [SQLValue], state: Int64, tiesGoByIdentifier: Bool, countsOn: Bool,
        in db: Connection
    ) throws(DatabaseError) -> Bool? {
        try db.withStatement(sql, arguments) { (rows) throws(DatabaseError) -> Bool? in
            var walkedAtFull: Int?
            while try rows.step() {
                walked += 1
                let key = TodosBaseService.SortKey(completed: state, urgency: rows.double(at: 4), id: rows.int64(at: 0))
                if walkedAtFull == nil, let worst = kept.worst, worst.completed == state,
                    tiesGoByIdentifier ? worst < key : key.urgency < worst.urgency
                {
                    guard countsOn else { return false }
                    walkedAtFull = walked
                }
                if matcher.matches(rows, columns: [1, 2]) {
                    matched += 1
                    walkedMatches += 1
                    if walkedAtFull == nil {
                        kept.offer(key)
                    } else if walkedMatches >= target + TodosBaseService.lookaheadMatches {
                        return false
                    }
                }
                if let walkedAtFull {
                    if walked - walkedAtFull >= TodosBaseService.lookaheadRows { return false }
                } else if mayGiveUp, walked % TodosBaseService.walkCheckInterval == 0,
                    TodosBaseService.walkCostsMore(walked, walkedMatches, max(target, walkedMatches), total)
                {
                    return nil
                }
            }
            return true
        }
    }
}
