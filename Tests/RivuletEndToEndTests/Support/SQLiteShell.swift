import Foundation

/// The system `sqlite3` command-line shell, for looking at a database from outside Rivulet.
enum SQLiteShell {
    /// The shell's path, when installed (`.ci/run` installs it).
    static let path: String? = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static var isAvailable: Bool { path != nil }

    /// Runs `sql` on `database` and returns the output lines.
    static func query(_ database: String, _ sql: String) throws -> [String] {
        guard let path else { throw Missing() }
        let outcome = try ChildProcess(path, [database, sql]).wait()
        guard outcome.termination == .exited(0) else { throw Failed(sql: sql, message: outcome.error) }
        return outcome.output.split(separator: "\n").map(String.init)
    }

    /// `PRAGMA integrity_check` of `database`: `["ok"]` for a sound file.
    static func integrityCheck(_ database: String) throws -> [String] {
        try query(database, "PRAGMA integrity_check")
    }

    struct Missing: Error {}

    struct Failed: Error {
        let sql: String
        let message: String
    }
}
