import Foundation

/// What every SQLite contestant shares, so that each does exactly the same work: the schema,
/// the journal and sync settings, the rows, and the observed query.
public enum SQLiteWorkload {
    /// Rows inserted by `sqlite.insert` and read by `sqlite.fetch`.
    public static let rows = 100_000
    /// Single-row writes whose commit → callback latency `sqlite.observe` measures.
    public static let observedWrites = 1_000
    /// Writes timed by `sqlite.observe_slow_query`.
    public static let slowQueryWrites = 20
    /// Rows in the table while `sqlite.observe_slow_query` runs; counting the active ones is a
    /// full scan that takes a few milliseconds.
    public static let slowQueryRows = 160_000

    /// The schema of the todo table, the same as Rivulet's.
    public static let schema = """
        CREATE TABLE todo (
            id INTEGER PRIMARY KEY,
            title TEXT NOT NULL,
            done INTEGER NOT NULL DEFAULT 0
        )
        """
    /// Journal mode and sync level, the same as Rivulet's provider uses.
    public static let pragmas = ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = FULL"]
    /// The synchronous level as GRDB spells it in SQL.
    public static let synchronous = "FULL"

    /// The insert every contestant prepares once and runs per row.
    public static let insertSQL = "INSERT INTO todo (title, done) VALUES (?, ?)"
    /// The fetch every contestant runs.
    public static let fetchSQL = "SELECT id, title, done FROM todo ORDER BY id"
    /// The observed query: how many todos are still to do.
    public static let activeCountSQL = "SELECT COUNT(*) FROM todo WHERE done = 0"

    /// The title of row `index`.
    @inline(__always)
    public static func title(_ index: Int) -> String { "Todo #\(index)" }
    /// Whether row `index` is done (every other one is).
    @inline(__always)
    public static func isDone(_ index: Int) -> Bool { index & 1 == 1 }

    /// A fresh, empty folder for one contestant's database files.
    public static func makeDirectory(_ label: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("rivulet-bench-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Removes a folder made by ``makeDirectory(_:)``.
    public static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }

    /// A cheap checksum of fetched rows, the same for every contestant that read the same data.
    @inline(__always)
    public static func mix(_ checksum: inout Int, id: Int64, titleLength: Int, done: Bool) {
        checksum = checksum &* 31 &+ Int(truncatingIfNeeded: id) &+ titleLength &* 7 &+ (done ? 1 : 0)
    }

    /// The checksum ``mix(_:id:titleLength:done:)`` gives over rows 1...`rows` as inserted here.
    public static func expectedChecksum(rows: Int) -> Int {
        var checksum = 0
        for index in 0..<rows {
            mix(&checksum, id: Int64(index + 1), titleLength: title(index).utf8.count, done: isDone(index))
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
