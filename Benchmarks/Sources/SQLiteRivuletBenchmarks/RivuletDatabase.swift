import BaseServices
import Foundation
import Harness
import SQLiteRawBenchmarks

/// The one Rivulet database of the process: the base services are singletons, configured once,
/// so every Rivulet contestant shares this file and sets its contents before it measures.
public enum RivuletDatabase {
    private static let opened: Swift.Result<String, any Error> = Swift.Result {
        let directory = try SQLiteWorkload.makeDirectory("rivulet")
        let path = directory.appendingPathComponent("rivulet.sqlite").path
        // Development: WAL with synchronous = NORMAL, as the raw and GRDB contestants run.
        try configureBaseServices(BaseServicesConfiguration(database: .file(path), environment: .development))
        return path
    }

    /// The database file, configuring the base services on first use.
    public static func path() throws -> String { try opened.get() }

    /// Opens Rivulet's database and records its schema for the raw and GRDB contestants.
    public static func adoptSchema() throws {
        SQLiteWorkload.adoptSchema(try RawFixtures.schema(of: try path()))
    }

    /// Makes the todos table hold exactly the workload's first `rows` rows, unless it does.
    static func ensureTodos(_ rows: Int, allActive: Bool = false, force: Bool = false) throws {
        let path = try path()
        if !force, !allActive, try RawFixtures.todoCount(at: path) == rows { return }
        try RawFixtures.setTodos(at: path, rows: rows, allActive: allActive)
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
