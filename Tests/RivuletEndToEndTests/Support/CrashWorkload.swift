import Foundation
import Synchronization

/// What a todo can be in the database, as far as a worker knows.
enum TodoState: Hashable, CustomStringConvertible {
    case active, done, gone

    var description: String {
        switch self {
        case .active: "active"
        case .done: "done"
        case .gone: "gone"
        }
    }
}

/// The run as a whole: how many kills landed and writes were reported done, against a target
/// for each and a deadline.
///
/// `@unchecked Sendable`: `kills` and `reportedWrites` are atomics; the rest is immutable.
final class CrashBudget: @unchecked Sendable {
    let targetKills: Int
    let deadline: Date
    let kills = Atomic<Int>(0)
    let reportedWrites = Atomic<Int>(0)

    init(targetKills: Int, seconds: Double) {
        self.targetKills = targetKills
        self.deadline = Date().addingTimeInterval(seconds)
    }

    var isSpent: Bool {
        let enough =
            kills.load(ordering: .relaxed) >= targetKills && reportedWrites.load(ordering: .relaxed) >= targetKills
        return enough || Date() > deadline
    }
}

/// One of several processes' worth of `rivulet add` / `done` / `rm` against one database, each
/// command killed with SIGKILL at a random moment half of the time. It records what the
/// binary reported: a write is *reported done* when the command exited 0 (for `add`, with the
/// new ID printed), *reported failed* when it exited 1; a killed command may have happened or
/// not, but never half.
///
/// Each worker only touches the todos it added, so what it knows of them is exact.
///
/// `@unchecked Sendable`: a worker is used by one thread at a time: its own while it runs, then
/// the test's after the thread group's `wait()`, which orders those reads after its writes.
final class CrashWorker: @unchecked Sendable {
    struct Tracked {
        let id: Int64
        let title: String
        var possible: Set<TodoState>
    }

    let index: Int
    let database: String
    /// The usual length of a `rivulet` command on this machine, in seconds (the median of the
    /// last few); kills land in `0..<1.3×` of it.
    private(set) var typicalSeconds: Double
    /// How long the last commands that were not killed took, to follow a machine whose load
    /// changes during the run.
    private var recentSeconds: [Double] = []
    private var generator: SeededGenerator
    private var added = 0

    /// Every todo this worker added and saw the ID of, in order. SQLite hands out the ID of a
    /// deleted last row again, so an ID alone does not name a todo: the title goes with it.
    private(set) var todos: [Tracked] = []
    /// Where each ID this worker may still act on sits in `todos`.
    private var current: [Int64: Int] = [:]
    /// Titles of adds that were killed before they printed an ID: present once, or absent.
    private(set) var uncertainAdds: [String] = []
    /// Titles of adds that reported failure: never present.
    private(set) var failedAdds: [String] = []
    private(set) var reportedWrites = 0
    private(set) var reportedFailures = 0
    /// The messages of commands that reported failure though they should have worked.
    private(set) var failureMessages: [String] = []
    private(set) var kills = 0
    /// Outcomes no correct binary gives (a crash, a usage error, success where failure is due).
    private(set) var surprises: [String] = []

    init(index: Int, database: String, seed: UInt64, typicalSeconds: Double) {
        self.index = index
        self.database = database
        self.typicalSeconds = typicalSeconds
        self.generator = SeededGenerator(seed: seed &+ UInt64(index) &* 0x1000_0000_01B3)
    }

    private enum Operation {
        case add(String)
        case done(Int64)
        case remove(Int64)
        /// A command that must fail (no todo has that ID): nothing may change.
        case failing(command: String, id: Int64)

        var arguments: [String] {
            switch self {
            case .add(let title): ["add", title]
            case .done(let id): ["done", String(id)]
            case .remove(let id): ["rm", String(id)]
            case .failing(let command, let id): [command, String(id)]
            }
        }
    }

    /// Runs commands until the budget is spent. Under the thread sanitizer, where each command
    /// keeps a core busy several times longer, a worker rests twice as long as a command takes
    /// after each one, so the run leaves the other tests some CPU.
    func run(budget: CrashBudget) {
        while !budget.isSpent {
            if SanitizerBuild.isThreadSanitized { usleep(useconds_t(2 * typicalSeconds * 1_000_000)) }
            let operation = nextOperation()
            let child: ChildProcess
            do {
                child = try ChildProcess.startRivulet(["--db", database] + operation.arguments)
            } catch {
                surprises.append("worker \(index): \(error)")
                return
            }
            if Double.random(in: 0..<1, using: &generator) < 0.5 {
                let delay = Double.random(in: 0..<1.3, using: &generator) * typicalSeconds
                usleep(useconds_t(delay * 1_000_000))
                child.killNow()
            }
            let outcome = child.wait()
            if outcome.termination == .signalled(SIGKILL) {
                kills += 1
                budget.kills.add(1, ordering: .relaxed)
            } else {
                recentSeconds = Array((recentSeconds + [outcome.seconds]).suffix(9))
                typicalSeconds = recentSeconds.sorted()[recentSeconds.count / 2]
            }
            if record(operation, outcome) {
                reportedWrites += 1
                budget.reportedWrites.add(1, ordering: .relaxed)
            }
        }
    }

    private func certain(_ state: TodoState) -> [Int64] {
        current.values.map { todos[$0] }.filter { $0.possible == [state] }.map(\.id).sorted()
    }

    private func nextOperation() -> Operation {
        let active = certain(.active)
        let present = (active + certain(.done)).sorted()
        let roll = Int.random(in: 0..<100, using: &generator)
        if roll < 40 || present.isEmpty {
            added += 1
            return .add("w\(index)-\(added)")
        }
        if roll < 65, let id = active.randomElement(using: &generator) { return .done(id) }
        if roll < 90, let id = present.randomElement(using: &generator) { return .remove(id) }
        // IDs of deleted todos come back, so only an ID beyond any the run reaches is sure to fail.
        let command = Bool.random(using: &generator) ? "done" : "rm"
        return .failing(command: command, id: 900_000_000 + Int64.random(in: 0..<1000, using: &generator))
    }

    /// Records what `outcome` says of `operation`; returns whether a write was reported done.
    private func record(_ operation: Operation, _ outcome: ChildProcess.Outcome) -> Bool {
        let killed = outcome.termination == .signalled(SIGKILL)
        let succeeded = outcome.termination == .exited(0)
        let failed = outcome.termination == .exited(1)
        if !killed && !succeeded && !failed {
            surprises.append(
                "\(operation.arguments.joined(separator: " ")) ended with \(outcome.termination): \(outcome.error)")
            return false
        }
        if failed {
            reportedFailures += 1
            if case .failing = operation {
            } else {
                failureMessages.append("\(operation.arguments.joined(separator: " ")): \(outcome.error)")
            }
        }
        switch operation {
        case .add(let title):
            // A whole line with the ID is an acknowledgement even when the kill came after it.
            let printedID = outcome.output.hasSuffix("\n") ? Int64(outcome.output.dropLast()) : nil
            if let id = printedID, succeeded || killed {
                if let previous = current[id], !todos[previous].possible.contains(.gone) {
                    surprises.append("add \(title) printed ID \(id) of '\(todos[previous].title)', still there")
                }
                current[id] = todos.count
                todos.append(Tracked(id: id, title: title, possible: [.active]))
                return succeeded
            }
            if succeeded { surprises.append("add \(title) exited 0 without an ID: '\(outcome.output)'") }
            if killed { uncertainAdds.append(title) }
            if failed { failedAdds.append(title) }
            return false
        case .done(let id):
            return change(id, to: .done, killed: killed, succeeded: succeeded)
        case .remove(let id):
            return change(id, to: .gone, killed: killed, succeeded: succeeded)
        case .failing(let command, let id):
            if succeeded { surprises.append("\(command) \(id) succeeded on a todo that is gone") }
            return false
        }
    }

    private func change(_ id: Int64, to state: TodoState, killed: Bool, succeeded: Bool) -> Bool {
        guard let position = current[id] else { return false }
        if succeeded {
            todos[position].possible = [state]
        } else if killed {
            todos[position].possible.insert(state)
        }
        return succeeded
    }
}

/// A todo as `rivulet list --json` shows it.
struct ListedTodo: Equatable, Sendable {
    let id: Int64
    let title: String
    let isCompleted: Bool

    /// Parses the output of `rivulet list --json`.
    static func parse(_ json: String) throws -> [ListedTodo] {
        guard let array = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else {
            throw ParseError(text: json)
        }
        return try array.map { object in
            guard let id = (object["id"] as? NSNumber)?.int64Value, let title = object["title"] as? String,
                let completed = object["completed"] as? Bool
            else { throw ParseError(text: "\(object)") }
            return ListedTodo(id: id, title: title, isCompleted: completed)
        }
    }

    struct ParseError: Error {
        let text: String
    }
}

/// Checks the database against what the workers were told: returns every discrepancy.
///
/// `baseline` is what the database held before the workers started; nothing else may appear.
func crashDiscrepancies(workers: [CrashWorker], baseline: [ListedTodo], now listed: [ListedTodo]) -> [String] {
    var problems: [String] = []
    let byID = Dictionary(listed.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    var titleCounts: [String: Int] = [:]
    for todo in listed { titleCounts[todo.title, default: 0] += 1 }
    func key(_ id: Int64, _ title: String) -> String { "\(id)\t\(title)" }
    var explained = Set(baseline.map { key($0.id, $0.title) })
    for todo in baseline where byID[todo.id] != todo {
        problems.append("baseline todo \(todo.id) changed: \(String(describing: byID[todo.id]))")
    }
    for worker in workers {
        for tracked in worker.todos {
            // Titles are unique to the run, so a row with this ID and another title is a later todo.
            let row = byID[tracked.id].flatMap { $0.title == tracked.title ? $0 : nil }
            if row != nil { explained.insert(key(tracked.id, tracked.title)) }
            let state: TodoState = row.map { $0.isCompleted ? .done : .active } ?? .gone
            if !tracked.possible.contains(state) {
                problems.append("todo \(tracked.id) '\(tracked.title)' is \(state), expected \(tracked.possible)")
            }
        }
        for title in worker.uncertainAdds {
            let rows = listed.filter { $0.title == title }
            if rows.count > 1 { problems.append("killed add '\(title)' is there \(rows.count) times") }
            if let row = rows.first {
                explained.insert(key(row.id, row.title))
                if row.isCompleted { problems.append("killed add '\(title)' is done, though nobody marked it") }
            }
        }
        for title in worker.failedAdds where titleCounts[title, default: 0] > 0 {
            problems.append("add '\(title)' reported failure but is there")
        }
        problems += worker.surprises
    }
    for todo in listed where !explained.contains(key(todo.id, todo.title)) {
        problems.append("todo \(todo.id) '\(todo.title)' was never added by anyone")
    }
    return problems
}
