import CSQLite
import Foundation

/// The `application_id` stamped in every Rivulet database ("RVLT").
let rivuletApplicationID: Int64 = 0x5256_4C54

extension SQLiteDatabase {
    /// Opens (creating when missing) the database file at `path`, checks it, and migrates it.
    ///
    /// Every refusal leaves the file byte-for-byte as it was: a missing folder, a directory, a
    /// read-only file or folder, a file that is not a database (or is truncated or corrupt),
    /// another application's database, and a database written by a newer schema. A new file
    /// is created with mode 0600. `created` tells whether the file was new.
    static func open(
        path: String, options: DatabaseOptions = DatabaseOptions(), migrations: [Migration]
    ) throws(DatabaseError) -> (database: SQLiteDatabase, created: Bool) {
        let created = try prepareFile(path: path, options: options, latestVersion: migrations.last?.version ?? 0)
        let writer = try Connection.open(
            path: path, flags: SQLITE_OPEN_READWRITE, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        do {
            // Migrations first, in whatever journal mode the file has: switching to write-ahead
            // logging rewrites the header, which a refused file must not see.
            try configureWriter(writer, options: options)
            try Migrator(migrations: migrations).migrate(writer)
            try useWriteAheadLog(writer)
        } catch {
            writer.close()
            throw error
        }
        return (SQLiteDatabase(path: path, writer: writer, options: options), created)
    }

    /// Opens a private in-memory database and migrates it.
    static func openInMemory(
        options: DatabaseOptions = DatabaseOptions(), migrations: [Migration]
    ) throws(DatabaseError) -> SQLiteDatabase {
        let writer = try Connection.open(
            path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
            busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        do {
            try configureWriter(writer, options: options)
            try Migrator(migrations: migrations).migrate(writer)
        } catch {
            writer.close()
            throw error
        }
        return SQLiteDatabase(path: nil, writer: writer, options: options)
    }

    private static func useWriteAheadLog(_ writer: Connection) throws(DatabaseError) {
        let mode = try writer.fetchOne("PRAGMA journal_mode = WAL") { $0.string(at: 0) }
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(kind: .sqlite, message: "the database cannot use write-ahead logging")
        }
    }

    private static func configureWriter(_ writer: Connection, options: DatabaseOptions) throws(DatabaseError) {
        // Pragma values cannot be bound; these come from a closed enum, never from input.
        try writer.execute("PRAGMA synchronous = \(options.synchronous.rawValue)")
        try writer.execute("PRAGMA foreign_keys = ON")
    }

    /// Checks the path and its file without writing anything; creates a missing file (0600).
    /// Returns whether the file was created.
    private static func prepareFile(
        path: String, options: DatabaseOptions, latestVersion: Int, isRetry: Bool = false
    ) throws(DatabaseError) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        let folderPath = folder.isEmpty ? "." : folder
        var isDirectory: ObjCBool = false
        let manager = FileManager.default
        guard manager.fileExists(atPath: folderPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DatabaseError(kind: .folderMissing, message: "the folder \(folderPath) does not exist")
        }
        if manager.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue {
                throw DatabaseError(kind: .isDirectory, message: "\(path) is a directory, not a database file")
            }
            guard access(path, R_OK) == 0 else {
                throw DatabaseError(kind: .readOnly, message: "\(path) cannot be read (permission denied)")
            }
            guard access(path, W_OK) == 0, isMarkedWritable(path) else {
                throw DatabaseError(kind: .readOnly, message: "\(path) is read-only")
            }
            guard access(folderPath, W_OK) == 0, isMarkedWritable(folderPath) else {
                throw DatabaseError(
                    kind: .readOnly,
                    message: "the folder \(folderPath) is read-only; the database needs to write its log there")
            }
            let size = (try? manager.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0
            if size == 0 { return false }
            try checkExistingFile(path: path, size: size, options: options, latestVersion: latestVersion)
            return false
        }
        guard access(folderPath, W_OK) == 0, isMarkedWritable(folderPath) else {
            throw DatabaseError(kind: .readOnly, message: "the folder \(folderPath) is read-only")
        }
        let descriptor = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            // Another process (a second `rivulet` started at the same moment) created it since
            // it was looked for: it is an existing file now, checked as one.
            if code == EEXIST, !isRetry {
                return try prepareFile(path: path, options: options, latestVersion: latestVersion, isRetry: true)
            }
            throw DatabaseError(kind: .readOnly, message: "cannot create \(path): \(String(cString: strerror(code)))")
        }
        Foundation.close(descriptor)
        return true
    }

    /// Whether the permission bits allow anyone to write. A file or folder made read-only on
    /// purpose is respected even by a user (such as root) whom the system would let write.
    private static func isMarkedWritable(_ path: String) -> Bool {
        guard
            let permissions = (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? NSNumber
        else { return false }
        return permissions.intValue & 0o222 != 0
    }

    /// Reads the header and runs read-only checks on an existing, non-empty file.
    private static func checkExistingFile(
        path: String, size: Int64, options: DatabaseOptions, latestVersion: Int
    ) throws(DatabaseError) {
        let notADatabase = DatabaseError(kind: .notADatabase, message: "\(path) is not a Rivulet database")
        guard let handle = FileHandle(forReadingAtPath: path) else { throw notADatabase }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        try? handle.close()
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw DatabaseError(kind: .notADatabase, message: "\(path) is not a database")
        }
        func bigEndian(_ range: Range<Int>) -> Int64 {
            header[range].reduce(0) { $0 << 8 | Int64($1) }
        }
        let pageSize = bigEndian(16..<18) == 1 ? 65_536 : bigEndian(16..<18)
        let pageCount = bigEndian(28..<32)
        let headerCountIsValid = bigEndian(24..<28) == bigEndian(92..<96) && pageCount > 0
        // After a crash in the middle of a checkpoint the header can already count pages that
        // only the write-ahead log holds; SQLite completes them from the log on open, so a file
        // with a log beside it is not judged by its size.
        let walSize = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? NSNumber
        let hasLog = (walSize?.int64Value ?? 0) > 0
        if headerCountIsValid && !hasLog && size < pageSize * pageCount {
            throw DatabaseError(kind: .notADatabase, message: "\(path) is truncated (a damaged database)")
        }
        let probe = try Connection.open(
            path: path, flags: SQLITE_OPEN_READONLY, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        defer { probe.close() }
        do throws(DatabaseError) {
            if options.checksIntegrityOnOpen {
                let check = try probe.fetchOne("PRAGMA quick_check(1)") { $0.string(at: 0) }
                guard check == "ok" else {
                    throw DatabaseError(
                        kind: .notADatabase, message: "\(path) is corrupt: \(check ?? "no result from the check")")
                }
            }
            let applicationID = try probe.fetchInt("PRAGMA application_id")
            let version = try probe.fetchInt("PRAGMA user_version")
            let tableCount = try probe.fetchInt("SELECT count(*) FROM sqlite_master")
            if applicationID != rivuletApplicationID && (applicationID != 0 || tableCount > 0) {
                throw notADatabase
            }
            if version > latestVersion {
                throw DatabaseError(
                    kind: .newerSchema(found: Int(version), supported: latestVersion),
                    message:
                        "\(path) was written by a newer version of Rivulet (schema \(version); this version "
                        + "knows up to \(latestVersion)); it was not changed")
            }
        } catch {
            guard error.kind == .notADatabase && error.code != 0 else { throw error }
            throw DatabaseError(
                kind: .notADatabase, code: error.code,
                message: "\(path) is corrupt or not a database: \(error.message)", sql: error.sql)
        }
    }
}

/// Opens the database file at `path` the way ``configureBaseServices(_:)`` does (the same checks,
/// migrations and welcome list for a new file), then closes it again, leaving the shared services
/// unconfigured. The fuzzing harness calls it thousands of times in one process.
///
/// - Returns: whether the file was created.
/// - Throws: ``DatabaseError`` for every file that cannot be used, as ``configureBaseServices(_:)``.
@_spi(Fuzzing)
@discardableResult
public func _openAndCloseDatabase(atPath path: String, environment: ServiceEnvironment) throws(DatabaseError) -> Bool {
    let configuration = BaseServicesConfiguration(database: .file(path), environment: environment)
    let (context, report) = try BaseServicesRegistry.open(configuration)
    context.database.close()
    return report.wasCreated
}
