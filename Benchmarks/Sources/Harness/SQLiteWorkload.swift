import Foundation
import Synchronization

/// What every SQLite contestant shares, so that each does exactly the same work: the schema,
/// the journal and sync settings, the rows, and the observed query.
public enum SQLiteWorkload {
    /// Rows inserted by `sqlite.insert` and read by `sqlite.fetch` (100,000; 2,000 in a check).
    public static var rows: Int { Scale.size(100_000) }
    /// Single-row writes whose commit → callback latency `sqlite.observe` measures.
    public static var observedWrites: Int { Scale.size(1_000, minimum: 20) }
    /// Writes timed by `sqlite.observe_slow_query` (an even number: half of them are timed
    /// again with nobody observing).
    public static var slowQueryWrites: Int { Scale.size(20, minimum: 4) }
    /// Rows in the table while `sqlite.observe_slow_query` runs; counting the active ones is a
    /// full scan that takes a few milliseconds.
    public static var slowQueryRows: Int { Scale.size(160_000) }

    /// The statements that create the schema: Rivulet's own, read from a database its
    /// provider created and migrated (see ``adoptSchema(_:)``), so that raw sqlite3 and GRDB
    /// insert into and read from exactly the same tables, indexes and triggers.
    public static var schema: [String] { schemaStorage.withLock { $0 } }
    private static let schemaStorage = Mutex<[String]>([])

    /// Records the schema every contestant creates.
    public static func adoptSchema(_ statements: [String]) {
        schemaStorage.withLock { $0 = statements }
    }

    /// Journal mode and sync level: WAL with `synchronous = NORMAL` for every contestant, as
    /// Rivulet's development environment and GRDB's `DatabasePool` use. (Rivulet in production
    /// syncs every commit, which adds the same fsync to every contestant's write.)
    public static let pragmas = [
        "PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON",
    ]
    /// The synchronous level as GRDB spells it in SQL.
    public static let synchronous = "NORMAL"

    /// The insert every contestant prepares once and runs per row (Rivulet's).
    public static let insertSQL =
        "INSERT INTO todos(title, notes, completed, created_at, updated_at, completed_at, position, due_at) "
        + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
    /// The columns of a todo, in the order the fetch decodes them (Rivulet's).
    public static let columns = "id, title, notes, completed, created_at, updated_at, completed_at, position, due_at"
    /// How many rows the window holds: what Rivulet's `fetchWindow` counts first.
    public static let countSQL = "SELECT count(*) FROM todos"
    /// The window itself, as Rivulet's `fetchWindow` for all todos in manual order reads it.
    public static let fetchSQL = "SELECT \(columns) FROM todos ORDER BY position, id LIMIT ? OFFSET ?"
    /// The observed query: how many todos are still to do (Rivulet's `observeActiveCount`).
    public static let activeCountSQL = "SELECT count(*) FROM todos WHERE completed = 0"
    /// The slow observed query: counts by state over the whole table (Rivulet's `observeCounts`).
    public static let countsSQL = "SELECT count(*), coalesce(sum(completed), 0) FROM todos"

    /// A fixed clock for the rows' timestamps, in milliseconds since 1970.
    public static let baseMilliseconds: Int64 = 1_767_225_600_000

    /// The title of row `index`.
    @inline(__always)
    public static func title(_ index: Int) -> String { "Todo #\(index)" }
    /// Whether row `index` is done (every other one is).
    @inline(__always)
    public static func isDone(_ index: Int) -> Bool { index & 1 == 1 }
    /// When row `index` was created (and last updated), in milliseconds since 1970.
    @inline(__always)
    public static func timestamp(_ index: Int) -> Int64 { baseMilliseconds + Int64(index) }
    /// Row `index`'s place in the manual order (Rivulet spaces positions 1024 apart).
    @inline(__always)
    public static func position(_ index: Int) -> Int64 { Int64(index + 1) * 1024 }

    /// Where the databases go: `RIVULET_BENCH_DIR` if set, else `/dev/shm` (memory, so that
    /// other processes' disk traffic on a shared machine does not land in the figures), else the
    /// temporary folder.
    public static let root: URL = {
        if let chosen = ProcessInfo.processInfo.environment["RIVULET_BENCH_DIR"], !chosen.isEmpty {
            return URL(fileURLWithPath: chosen, isDirectory: true)
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isDirectory), isDirectory.boolValue {
            return URL(fileURLWithPath: "/dev/shm", isDirectory: true)
        }
        return FileManager.default.temporaryDirectory
    }()

    private static let made = Mutex<[URL]>([])

    /// A fresh, empty folder for one contestant's database files, removed by ``removeAll()``.
    public static func makeDirectory(_ label: String) throws -> URL {
        let url = root.appendingPathComponent("rivulet-bench-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.withLock { $0.append(url) }
        return url
    }

    /// Removes a folder made by ``makeDirectory(_:)``.
    public static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        made.withLock { $0.removeAll { $0 == url } }
    }

    /// Removes every folder ``makeDirectory(_:)`` made that is still there; called at exit.
    public static func removeAll() {
        for url in made.withLock({ $0 }) { remove(url) }
    }

    /// A cheap checksum of fetched rows, the same for every contestant that read the same data.
    @inline(__always)
    public static func mix(
        _ checksum: inout Int, id: Int64, titleLength: Int, done: Bool, position: Int64, created: Double
    ) {
        checksum =
            checksum &* 31 &+ Int(truncatingIfNeeded: id) &+ titleLength &* 7 &+ (done ? 1 : 0)
            &+ Int(truncatingIfNeeded: position) &+ Int(created)
    }

    /// The checksum ``mix(_:id:titleLength:done:position:created:)`` gives over rows
    /// 0..<`rows` as inserted here, with ids from 1.
    public static func expectedChecksum(rows: Int, firstID: Int64 = 1) -> Int {
        var checksum = 0
        for index in 0..<rows {
            mix(
                &checksum, id: firstID + Int64(index), titleLength: title(index).utf8.count, done: isDone(index),
                position: position(index), created: Double(timestamp(index)) / 1000)
        }
        return checksum
    }
}

/// Collects observer callbacks and lets the writing thread wait for the one it expects.
///
/// `@unchecked Sendable`: every field is guarded by `condition`.
public final class CallbackLatch: @unchecked Sendable {
    private let condition = NSCondition()
    private var latest: Int = -1
    private var stamp: UInt64 = 0

    /// A latch that has seen nothing yet.
    public init() {}

    /// Called by the observer: records the value and the time it arrived.
    public func deliver(_ value: Int) {
        let now = monotonicNanoseconds()
        condition.lock()
        latest = value
        stamp = now
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the observer has delivered `value`; returns when it did, or nil on time-out.
    public func wait(for value: Int, timeoutSeconds: Double = 10) -> UInt64? {
        let deadline = Date(timeIntervalSinceNow: timeoutSeconds)
        condition.lock()
        defer { condition.unlock() }
        while latest != value {
            if !condition.wait(until: deadline) { return nil }
        }
        return stamp
    }
}
