import Dispatch
import Foundation
import Streams
import StreamsTesting
import Synchronization
import TestMeasures

@testable import BaseServices
@testable import SQLiteProvider

/// Opens a database file in a new temporary folder, migrated by `migrations`, or when they are
/// `nil` a copy of the schema's file (``schemaDatabase(searchIndex:options:)``); the folder lives
/// as long as the returned pair.
func makeTemporaryDatabase(
    options: DatabaseOptions = DatabaseOptions.rivulet, migrations: [Migration]? = nil
) throws -> (folder: TemporaryFolder, database: SQLiteDatabase) {
    guard let migrations else { return try schemaDatabase(searchIndex: nil, options: options) }
    let folder = TemporaryFolder()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: options, migrations: migrations)
    return (folder, database)
}

/// Opens, in a new temporary folder, a copy of the file the schema's migrations (for
/// `searchIndex`, or the default one) make from nothing; the folder lives as long as the
/// returned pair.
func schemaDatabase(
    searchIndex: SearchIndex?, options: DatabaseOptions = DatabaseOptions.rivulet
) throws -> (folder: TemporaryFolder, database: SQLiteDatabase) {
    let folder = TemporaryFolder()
    try copySchemaDatabase(searchIndex: searchIndex, to: folder.file())
    let migrations = searchIndex.map { Schema.migrations(searchIndex: $0) } ?? Schema.migrations()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: options, migrations: migrations)
    return (folder, database)
}

/// The files the schema's migrations make from nothing, one per search index, each made once
/// per process: a test's database starts as a copy of one (a tenth of a millisecond) instead of
/// running every migration again (ten milliseconds, for hundreds of tests). The migrations
/// themselves are tested from empty and older files, in the schema's own tests.
private let schemaDatabases = SanitizerVisibleMutex<[String: String]>([:])

/// Copies the file the schema's migrations (for `searchIndex`, or the default one) make from
/// nothing to `path`.
private func copySchemaDatabase(searchIndex: SearchIndex?, to path: String) throws {
    let template = try schemaDatabases.withLock { (files) throws -> String in
        let key = searchIndex.map { "\($0)" } ?? "default"
        if let file = files[key] { return file }
        let file = TemporaryFolder().file("schema-\(key).sqlite")
        let migrations = searchIndex.map { Schema.migrations(searchIndex: $0) } ?? Schema.migrations()
        let (database, _) = try SQLiteDatabase.open(path: file, options: .rivulet, migrations: migrations)
        database.close()
        // Closing the last connection checkpoints the log into the file and removes it.
        guard !FileManager.default.fileExists(atPath: file + "-wal") else {
            throw DatabaseError(kind: .misuse, message: "the schema's file kept its log after closing")
        }
        files[key] = file
        return file
    }
    try FileManager.default.copyItem(atPath: template, toPath: path)
}

/// A database file in a new temporary folder made by the steps before the schema step called
/// `step`, filled by `write` as that version's code would have, then upgraded in place with every
/// step.
func upgradedPastStep(
    _ step: String, searchIndex: SearchIndex, writing write: (SQLiteDatabase) throws -> Void
) throws -> SQLiteDatabase {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    guard let index = all.firstIndex(where: { $0.name == step }) else {
        throw DatabaseError(kind: .misuse, message: "no schema step is called \(step)")
    }
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(index)))
    try write(old)
    old.close()
    return try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all).database
}

/// A services fixture over a temporary database file, with a settable clock.
final class ServicesFixture: Sendable {
    let folder: TemporaryFolder
    let database: SQLiteDatabase
    let context: ServiceContext
    let todos: TodosBaseService
    let feeds: FeedsBaseService
    let history: HistoryBaseService
    let clock = TestClock()

    init(searchIndex: SearchIndex? = nil) throws {
        (folder, database) = try schemaDatabase(searchIndex: searchIndex)
        let clock = self.clock
        context = try ServiceContext.make(database: database) { clock.tick() }
        todos = TodosBaseService(context: context)
        feeds = FeedsBaseService(context: context)
        history = HistoryBaseService(context: context)
    }
}

/// A clock that moves one second each time it is read.
final class TestClock: Sendable {
    private let milliseconds = Atomic<Int64>(1_700_000_000_000)

    func tick() -> Date {
        Date(storedMilliseconds: milliseconds.add(1000, ordering: .relaxed).newValue)
    }
}

/// Subscribes and returns the single result a one-shot (write or fetch) observable sends.
func firstResult<T: Sendable>(_ observable: Observable<Result<T, DatabaseError>>) -> Result<T, DatabaseError>? {
    ExitLeakCheck.install()
    let box = SanitizerVisibleMutex<Result<T, DatabaseError>?>(nil)
    let subscription = observable.subscribe(onNext: { result in
        box.withLock { if $0 == nil { $0 = result } }
    })
    subscription.dispose()
    return box.withLock { $0 }
}

/// The value of a one-shot observable, or a thrown error.
func value<T: Sendable>(_ observable: Observable<Result<T, DatabaseError>>) throws -> T {
    guard let result = firstResult(observable) else { throw DatabaseError(kind: .misuse, message: "no result") }
    return try result.get()
}

extension Recorder {
    /// The successful values, failing on any failure.
    func successes<Value, Failure>() -> [Value] where Element == Result<Value, Failure> {
        values.compactMap { try? $0.get() }
    }
}

extension SQLiteDatabase {
    /// Waits until the writer and the reader have finished what is queued, so every refresh
    /// caused by the writes made so far has delivered (with an immediate scheduler).
    func settle() {
        waitForPendingWork()
    }

    /// Runs `sql` (several statements allowed) in a write transaction.
    func execute(_ sql: String) throws {
        try write { (db) throws(DatabaseError) in try db.executeScript(sql) }
    }

    /// An integer read on the reader.
    func int(_ sql: String) throws -> Int64 {
        try read { (db) throws(DatabaseError) in try db.fetchInt(sql, []) }
    }
}

/// The bytes of a file (empty when unreadable).
func bytes(of path: String) -> Data {
    FileManager.default.contents(atPath: path) ?? Data()
}

/// Counts calls, from any thread.
final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func increment() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}

/// The folder of the running test binary, where the helper executable is built too.
var builtProductsFolder: String {
    URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().path
}

extension DatabaseOptions {
    /// The options the app opens its databases with.
    static var rivulet: DatabaseOptions { Schema.databaseOptions }
}
