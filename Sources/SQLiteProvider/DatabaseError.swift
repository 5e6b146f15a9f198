/// A failure of the database layer, with everything needed to understand it.
///
/// Database conditions (a locked, corrupt, read-only or newer file; a constraint violated by a
/// write) are reported with this error and never trap. `code` is SQLite's extended result code
/// when SQLite produced the failure, `message` says what went wrong in words, and `sql` is the
/// statement that failed, if any.
///
/// ```swift
/// switch result {
/// case .success(let count): print(count)
/// case .failure(let error): print(error)   // "database is locked (code 5) in: BEGIN IMMEDIATE"
/// }
/// ```
public struct DatabaseError: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// What kind of failure this is.
    public enum Kind: Sendable, Hashable {
        /// SQLite returned an error; `code` holds its extended result code.
        case sqlite
        /// The folder that should hold the database file does not exist.
        case folderMissing
        /// The database path names a directory, not a file.
        case isDirectory
        /// The file or its folder cannot be written.
        case readOnly
        /// The file is not a database, or is truncated or corrupt.
        case notADatabase
        /// The file was written by a newer version of the schema than this build knows.
        case newerSchema(found: Int, supported: Int)
        /// The row asked for does not exist (for example one that was deleted).
        case notFound
        /// A value given to a write was refused (for example an empty title or a duplicate).
        case invalidValue
        /// The row was changed, by another connection or process, since the caller read it, in a
        /// way the write would have overwritten; nothing was written.
        case conflict
        /// The base services were configured a second time.
        case alreadyConfigured
        /// A row's column does not exist or holds a value of another type than the one read.
        case typeMismatch
        /// The database layer was used in a way it does not allow (for example a write inside
        /// a write).
        case misuse
    }

    /// What kind of failure this is.
    public let kind: Kind
    /// SQLite's extended result code, or 0 when SQLite was not involved.
    public let code: Int32
    /// A description of the failure, in words.
    public let message: String
    /// The SQL statement that failed, when there is one.
    public let sql: String?

    /// Creates an error.
    public init(kind: Kind, code: Int32 = 0, message: String, sql: String? = nil) {
        self.kind = kind
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// SQLite's primary result code (the low byte of ``code``), for example 5 for `SQLITE_BUSY`.
    public var primaryCode: Int32 { code & 0xFF }

    /// The message, the code and the statement, on one line.
    public var description: String {
        var text = message
        if code != 0 { text += " (code \(code))" }
        if let sql { text += " in: \(sql)" }
        return text
    }
}
