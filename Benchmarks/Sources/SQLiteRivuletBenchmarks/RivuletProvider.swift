import Foundation
import Harness
import SQLiteProvider
import SQLiteRawBenchmarks

/// Rivulet's provider as a user of the `SQLiteProvider` library opens it: a file in a folder of
/// its own, the shared schema applied by one migration step, WAL with `synchronous = NORMAL`
/// like the raw and GRDB contestants. Only public API.
final class ProviderDatabase {
    let directory: URL
    let path: String
    let database: SQLiteDatabase

    init(_ label: String) throws {
        directory = try SQLiteWorkload.makeDirectory(label)
        path = directory.appendingPathComponent("db.sqlite").path
        let schema = SQLiteWorkload.schema
        guard !schema.isEmpty else { throw BenchmarkFailure("no schema: Rivulet's database was not opened") }
        var migrator = DatabaseMigrator()
        migrator.registerMigration("schema") { (db) throws(DatabaseError) in
            for statement in schema { try db.executeScript(statement) }
        }
        database = try SQLiteDatabase.open(
            path: path, options: DatabaseOptions(synchronous: .normal), migrator: migrator)
    }

    deinit {
        database.close()
        SQLiteWorkload.remove(directory)
    }

    /// Inserts rows `range` of the workload in one write transaction, through one cached
    /// statement with its eight values bound. A fixture (set-up work that is not measured) is
    /// written with a big page cache, as the raw and GRDB fixtures are.
    func insertTodos(_ range: Range<Int>, allActive: Bool = false, isFixture: Bool = false) throws {
        try database.write { (db) throws(DatabaseError) in
            if isFixture { try db.executeScript("PRAGMA cache_size = -262144") }
            let statement = try db.cachedStatement(SQLiteWorkload.insertSQL)
            for index in range {
                statement.reset()
                Self.bindTodo(statement, index: index, done: !allActive && SQLiteWorkload.isDone(index))
                try statement.run()
            }
            statement.reset()
            if isFixture { try db.executeScript("PRAGMA cache_size = -2000") }
        }
    }

    /// Writes row `index` (an active todo) in a transaction of its own.
    func insertOne(_ index: Int) throws {
        try database.write { (db) throws(DatabaseError) in
            let statement = try db.cachedStatement(SQLiteWorkload.insertSQL)
            statement.reset()
            defer { statement.reset() }
            Self.bindTodo(statement, index: index, done: false)
            try statement.run()
        }
    }

    /// The number of rows in the todos table, read through the provider.
    func todoCount() throws -> Int {
        try database.read { (db) throws(DatabaseError) in Int(try db.fetchInt(SQL(verbatim: SQLiteWorkload.countSQL))) }
    }

    /// Binds row `index` of the shared workload to the insert statement.
    @inline(__always)
    static func bindTodo(_ statement: Statement, index: Int, done: Bool) {
        let stamp = SQLiteWorkload.timestamp(index)
        statement.bind(SQLiteWorkload.title(index), at: 1)
        statement.bind("", at: 2)
        statement.bind(done, at: 3)
        statement.bind(stamp, at: 4)
        statement.bind(stamp, at: 5)
        statement.bind(done ? stamp : nil, at: 6)
        statement.bind(SQLiteWorkload.position(index), at: 7)
        statement.bind(nil as Int64?, at: 8)
    }
}

/// A value handed from a callback to the code that subscribed.
///
/// `@unchecked Sendable`: the write APIs deliver synchronously on the subscribing thread, so
/// the value is written before `subscribe` returns and read after it.
final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}
