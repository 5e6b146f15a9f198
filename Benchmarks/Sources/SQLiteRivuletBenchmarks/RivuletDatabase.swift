import BaseServices
import Foundation
import Harness
import SQLiteRawBenchmarks

/// The app's database of the process, opened through `BaseServices`: its schema is the one
/// every SQLite contestant creates, and the window benchmarks read it through the todos base
/// service. The base services are singletons, configured once, so every benchmark that uses
/// them shares this file and sets its contents before it measures.
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

    /// Opens the app's database and records its schema for every SQLite contestant.
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
