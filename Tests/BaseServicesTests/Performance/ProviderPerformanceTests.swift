import CSQLite
import Dispatch
import Domain
import Foundation
import Streams
import Synchronization
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

// Release-build measurements against the raw sqlite3 C API doing the same work. Run with
//
//     RIVULET_PERF=1 swift test -c release -Xswiftc -enable-testing --filter ProviderPerformance
//
// Each figure is the median of several runs; raw and Rivulet runs alternate so that drift on a
// noisy machine hits both alike. Insert and fetch are timed in CPU time of the calling thread
// (user + system; the provider runs a synchronous call on the caller's thread), which a loaded
// machine disturbs far less than wall time; both sides make the same single commit. Latencies
// are wall time, on tmpfs so that disk syncs do not drown them.

private let isEnabled = ProcessInfo.processInfo.environment["RIVULET_PERF"] != nil
private let rowCount = 100_000
private let runs = 7

private func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
}

private func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Wall time of `body`, in milliseconds.
private func measure(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    return milliseconds(ContinuousClock.now - start)
}

/// CPU time (user + system) of the calling thread while `body` runs, in milliseconds.
private func measureCPU(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
    }
    let start = now()
    try body()
    return now() - start
}

/// A database path on tmpfs (removed by the caller's folder when possible).
private func memoryBackedPath() -> String {
    let folder = "/dev/shm/rivulet-perf-\(getpid())"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder + "/" + UUID().uuidString + ".sqlite"
}

/// The raw C API over a database file, for baselines.
private final class RawDatabase {
    let handle: OpaquePointer

    init(path: String, create: Bool = false) {
        var pointer: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | (create ? SQLITE_OPEN_CREATE : 0)
        sqlite3_open_v2(path, &pointer, flags, nil)
        handle = pointer.unsafelyUnwrapped
    }

    deinit { sqlite3_close_v2(handle) }

    func exec(_ sql: String) { sqlite3_exec(handle, sql, nil, nil, nil) }

    func prepare(_ sql: String) -> OpaquePointer {
        var statement: OpaquePointer?
        sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        return statement.unsafelyUnwrapped
    }
}

/// A migrated, empty Rivulet database file (closed), ready for either side.
private func freshDatabaseFile() throws -> String {
    let path = TemporaryFolder().file()
    try SQLiteDatabase.open(path: path, options: .rivulet, migrations: Schema.migrations()).database.close()
    return path
}

private let titles = (0..<rowCount).map { "Todo #\($0) buy milk" }

private func rawInsert(path: String) -> Double {
    let raw = RawDatabase(path: path)
    raw.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON")
    return measureCPU {
        raw.exec("BEGIN IMMEDIATE")
        let statement = raw.prepare(TodosBaseService.insertSQL)
        let now: Int64 = 1_700_000_000_000
        for (index, title) in titles.enumerated() {
            sqlite3_bind_text(statement, 1, title, -1, sqliteTransient)
            sqlite3_bind_text(statement, 2, "", -1, sqliteTransient)
            sqlite3_bind_int64(statement, 3, 0)
            sqlite3_bind_int64(statement, 4, now)
            sqlite3_bind_int64(statement, 5, now)
            sqlite3_bind_null(statement, 6)
            sqlite3_bind_int64(statement, 7, Int64(index + 1) * 1024)
            sqlite3_bind_null(statement, 8)
            sqlite3_step(statement)
            sqlite3_reset(statement)
        }
        sqlite3_finalize(statement)
        raw.exec("COMMIT")
    }
}

private func rivuletInsert(path: String) throws -> Double {
    let (database, _) = try SQLiteDatabase.open(path: path, options: .rivulet, migrations: Schema.migrations())
    let todos = TodosBaseService(context: try ServiceContext.make(database: database))
    let drafts = titles.map { TodoDraft(title: $0) }
    return try measureCPU { _ = try todos.insert(drafts) }
}

private func rawFetch(_ raw: RawDatabase) -> (Double, Int) {
    var objects: [TodoObject] = []
    var matching: Int64 = 0
    let time = measureCPU {
        // The same two statements as a window query: the matching count, then the rows.
        let count = raw.prepare("SELECT count(*) FROM todos")
        if sqlite3_step(count) == SQLITE_ROW { matching = sqlite3_column_int64(count, 0) }
        sqlite3_finalize(count)
        let statement = raw.prepare(
            "SELECT \(TodosBaseService.columns) FROM todos ORDER BY position, id LIMIT ? OFFSET ?")
        sqlite3_bind_int64(statement, 1, Int64(rowCount))
        sqlite3_bind_int64(statement, 2, 0)
        while sqlite3_step(statement) == SQLITE_ROW {
            func text(_ column: Int32) -> String {
                String(cString: sqlite3_column_text(statement, column))
            }
            func optionalDate(_ column: Int32) -> Date? {
                sqlite3_column_type(statement, column) == SQLITE_NULL
                    ? nil : Date(storedMilliseconds: sqlite3_column_int64(statement, column))
            }
            objects.append(
                TodoObject(
                    id: sqlite3_column_int64(statement, 0), title: text(1), notes: text(2),
                    isCompleted: sqlite3_column_int64(statement, 3) != 0,
                    createdAt: Date(storedMilliseconds: sqlite3_column_int64(statement, 4)),
                    updatedAt: Date(storedMilliseconds: sqlite3_column_int64(statement, 5)),
                    completedAt: optionalDate(6), position: sqlite3_column_int64(statement, 7), dueAt: optionalDate(8)))
        }
        sqlite3_finalize(statement)
    }
    return (time, matching == Int64(objects.count) ? objects.count : -1)
}

private func rivuletFetch(_ todos: TodosBaseService) throws -> (Double, Int) {
    var count = 0
    // As in the app, somebody observes, so the reader connection is open already.
    let keepReaderOpen = todos.observeActiveCount(on: ImmediateScheduler()).subscribe(onNext: { _ in })
    defer { keepReaderOpen.dispose() }
    let time = try measureCPU {
        let window = try value(todos.fetchWindow(TodoQuery(limit: rowCount)))
        count = window.totalCount == window.todos.count ? window.todos.count : -1
    }
    return (time, count)
}

/// One suite, run serially, so that no measurement competes with another for the CPU.
@Suite(.serialized, .enabled(if: isEnabled))
struct ProviderPerformance {
    @Test func bareTableInsertAgainstTheRawCAPI() throws {
        let schema = "CREATE TABLE todo(id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL)"
        let insertSQL = "INSERT INTO todo(title, done) VALUES (?, ?)"
        var rawTimes: [Double] = []
        var ourTimes: [Double] = []
        for _ in 0..<runs {
            let rawPath = TemporaryFolder().file()
            let raw = RawDatabase(path: rawPath, create: true)
            raw.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; " + schema)
            rawTimes.append(
                measureCPU {
                    raw.exec("BEGIN IMMEDIATE")
                    let statement = raw.prepare(insertSQL)
                    for (index, title) in titles.enumerated() {
                        sqlite3_bind_text(statement, 1, title, -1, sqliteTransient)
                        sqlite3_bind_int64(statement, 2, Int64(index % 2))
                        sqlite3_step(statement)
                        sqlite3_reset(statement)
                    }
                    sqlite3_finalize(statement)
                    raw.exec("COMMIT")
                })
            let (_, database) = try makeTemporaryDatabase(migrations: [])
            try database.execute(schema)
            ourTimes.append(
                try measureCPU {
                    try database.write { (db) throws(DatabaseError) in
                        let statement = try db.cachedStatement(insertSQL)
                        for (index, title) in titles.enumerated() {
                            statement.reset()
                            statement.bind(title, at: 1)
                            statement.bind(Int64(index % 2), at: 2)
                            try statement.run()
                        }
                        statement.reset()
                    }
                })
        }
        print(
            "bare insert 100k: raw \(median(rawTimes)) ms, provider \(median(ourTimes)) ms, "
                + "ratio \(median(ourTimes) / median(rawTimes))")
    }

    @Test func todoInsertAndFetchAgainstTheRawCAPI() throws {
        // Insert 100,000 todos in one transaction (same schema, indexes and search triggers).
        var rawInserts: [Double] = []
        var rivuletInserts: [Double] = []
        for run in 0..<3 {
            if run % 2 == 0 {
                rawInserts.append(rawInsert(path: try freshDatabaseFile()))
                rivuletInserts.append(try rivuletInsert(path: try freshDatabaseFile()))
            } else {
                rivuletInserts.append(try rivuletInsert(path: try freshDatabaseFile()))
                rawInserts.append(rawInsert(path: try freshDatabaseFile()))
            }
        }
        let insertRatio = median(rivuletInserts) / median(rawInserts)
        print("insert 100k: raw \(median(rawInserts)) ms, rivulet \(median(rivuletInserts)) ms, ratio \(insertRatio)")

        // Fetch 100,000 todos into DTOs.
        let path = try freshDatabaseFile()
        _ = try rivuletInsert(path: path)
        let (database, _) = try SQLiteDatabase.open(path: path, options: .rivulet, migrations: Schema.migrations())
        let todos = TodosBaseService(context: try ServiceContext.make(database: database))
        let rawDatabase = RawDatabase(path: path)
        var rawFetches: [Double] = []
        var rivuletFetches: [Double] = []
        for run in 0..<runs {
            let (raw, rawCount): (Double, Int)
            let (ours, ourCount): (Double, Int)
            if run % 2 == 0 {
                (raw, rawCount) = rawFetch(rawDatabase)
                (ours, ourCount) = try rivuletFetch(todos)
            } else {
                (ours, ourCount) = try rivuletFetch(todos)
                (raw, rawCount) = rawFetch(rawDatabase)
            }
            #expect(rawCount == rowCount && ourCount == rowCount)
            rawFetches.append(raw)
            rivuletFetches.append(ours)
        }
        let fetchRatio = median(rivuletFetches) / median(rawFetches)
        print("fetch 100k: raw \(median(rawFetches)) ms, rivulet \(median(rivuletFetches)) ms, ratio \(fetchRatio)")

        #expect(insertRatio < 1.2)
        #expect(fetchRatio < 1.2)
    }

    @Test func commitToObserverCallbackLatency() throws {
        let committedAt = SanitizerVisibleMutex<ContinuousClock.Instant?>(nil)
        var options = DatabaseOptions.rivulet
        options.didCommit = { committedAt.withLock { $0 = .now } }
        let (database, _) = try SQLiteDatabase.open(path: memoryBackedPath(), options: options, migrations: [])
        try database.execute("CREATE TABLE todo(id INTEGER PRIMARY KEY, title TEXT NOT NULL, done INTEGER NOT NULL)")
        let latencies = SanitizerVisibleMutex<[Double]>([])
        let expected = Atomic<Int>(0)
        let seen = DispatchSemaphore(value: 0)
        let subscription = database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
            try db.fetchInt("SELECT count(*) FROM todo WHERE done = 0")
        }.subscribe(onNext: { result in
            guard case .success(let count) = result, count > 0, Int(count) == expected.load(ordering: .acquiring) else {
                return
            }
            let now = ContinuousClock.now
            if let commit = committedAt.withLock({ $0 }) {
                latencies.withLock { $0.append(milliseconds(now - commit) * 1000) }
            }
            seen.signal()
        })
        for index in 1...1000 {
            expected.store(index, ordering: .releasing)
            try database.write { (db) throws(DatabaseError) in
                try db.execute("INSERT INTO todo(title, done) VALUES (?, 0)", [.text("t\(index)")])
            }
            seen.wait()
        }
        subscription.dispose()
        let sorted = latencies.withLock { $0 }.sorted()
        let p50 = sorted[sorted.count / 2]
        let p99 = sorted[sorted.count * 99 / 100]
        print("commit -> callback: p50 \(p50) µs, p99 \(p99) µs over \(sorted.count) commits")
        #expect(p50 < 100)
    }

    @Test func aSlowObservedQueryAddsAlmostNothingToAWrite() throws {
        let (database, _) = try SQLiteDatabase.open(path: memoryBackedPath(), options: .rivulet, migrations: [])
        try database.execute(
            """
            CREATE TABLE big(v INTEGER);
            CREATE TABLE todo(id INTEGER PRIMARY KEY, title TEXT NOT NULL);
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20000) INSERT INTO big SELECT i FROM n;
            """)
        let slowSQL = "SELECT (SELECT count(*) FROM big WHERE v % 7 = 3) + (SELECT count(*) FROM todo)"
        // Grow the table until the observed query takes about 5 ms on this machine.
        func timeQuery() throws -> Double {
            median(try (0..<5).map { _ in try measure { _ = try database.int(slowSQL) } })
        }
        var queryTime = try timeQuery()
        while queryTime < 5 {
            try database.execute("INSERT INTO big SELECT v FROM big")
            queryTime = try timeQuery()
        }
        func writeTimes() throws -> [Double] {
            try (0..<200).map { index in
                let time = try measure {
                    try database.write { (db) throws(DatabaseError) in
                        try db.execute("INSERT INTO todo(title) VALUES (?)", [.text("t\(index)")])
                    }
                }
                usleep(2000)
                return time
            }
        }
        let alone = median(try writeTimes())
        let subscription = database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
            try db.fetchInt(slowSQL, [])
        }.subscribe(onNext: { _ in })
        let observed = median(try writeTimes())
        subscription.dispose()
        print(
            "slow observed query (\(queryTime) ms): write alone \(alone) ms, with the observer \(observed) ms, "
                + "added \(observed - alone) ms")
        #expect(observed - alone < 0.2)
    }

    @Test func searchStaysFastAtAMillionTodos() throws {
        let words = (0..<1000).map { "word\($0)" }
        let (folder, database) = try makeTemporaryDatabase()
        _ = folder
        let todos = TodosBaseService(context: try ServiceContext.make(database: database))
        for batch in 0..<10 {
            _ = try todos.insert(
                (0..<100_000).map { index in
                    let number = batch * 100_000 + index
                    return TodoDraft(title: "Todo \(number) \(words[number % 1000]) common\(number % 10)")
                })
        }
        let keepReaderOpen = todos.observeActiveCount(on: ImmediateScheduler()).subscribe(onNext: { _ in })
        defer { keepReaderOpen.dispose() }
        for (label, text) in [("rare word (1,000 matches)", "word517"), ("common word (100,000 matches)", "common3")] {
            var matching = 0
            let time = median(
                try (0..<7).map { _ in
                    try measure {
                        matching = try value(todos.fetchWindow(TodoQuery(search: text, sort: .manual, limit: 50)))
                            .totalCount
                    }
                })
            print("search at 1,000,000 todos, \(label): \(time) ms for a window of 50 and its count (\(matching))")
            #expect(time < (text == "word517" ? 20 : 300))
        }
    }

    @Test func theLastPageOfASearchEveryTodoMatchesIsFastAtAMillionTodos() throws {
        let (folder, database) = try makeTemporaryDatabase()
        _ = folder
        let todos = TodosBaseService(context: try ServiceContext.make(database: database))
        for batch in 0..<10 {
            _ = try todos.insert(
                (0..<100_000).map { index in TodoDraft(title: "Todo \(batch * 100_000 + index)") })
        }
        let keepReaderOpen = todos.observeActiveCount(on: ImmediateScheduler()).subscribe(onNext: { _ in })
        defer { keepReaderOpen.dispose() }
        var first: TodoPageObject?
        let firstTime = median(
            try (0..<7).map { _ in
                try measure { first = try value(todos.fetchWindow(TodoQuery(search: "todo", limit: 50))) }
            })
        var last: TodoPageObject?
        let lastTime = median(
            try (0..<7).map { _ in
                try measure {
                    last = try value(todos.fetchWindow(TodoQuery(search: "todo", limit: 50, fromEnd: true)))
                }
            })
        print(
            "search every todo matches at 1,000,000 todos: first page \(firstTime) ms "
                + "(count \(first?.totalCount ?? 0), exact: \(first?.isCountExact ?? false)), "
                + "last page \(lastTime) ms (count \(last?.totalCount ?? 0))")
        #expect(last?.todos.last?.title == "Todo 999999")
        #expect(last?.totalCount == 1_000_000)
        #expect(firstTime < 50)
        #expect(lastTime < 1_000)
    }
}
