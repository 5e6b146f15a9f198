internal import CSQLite
import Foundation

extension SQLiteDatabase {
    /// Opens (creating when missing) the database file at `path`, checks it, and migrates it.
    ///
    /// Every refusal leaves the file byte-for-byte as it was: a missing folder, a directory, a
    /// read-only file or folder, a file that is not a database (or is truncated or corrupt),
    /// another application's database, and a database written by a newer schema. A new file
    /// is created with mode 0600. `created` tells whether the file was new.
    public static func open(
        path: String, options: DatabaseOptions = DatabaseOptions(), migrations: [Migration]
    ) throws(DatabaseError) -> (database: SQLiteDatabase, created: Bool) {
        try openFile(path: path, options: options, migrations: migrations, deletesFileOnClose: false)
    }

    private static func openFile(
        path: String, options: DatabaseOptions, migrations: [Migration], deletesFileOnClose: Bool
    ) throws(DatabaseError) -> (database: SQLiteDatabase, created: Bool) {
        let created = try prepareFile(path: path, options: options, latestVersion: migrations.last?.version ?? 0)
        let writer = try Connection.open(
            path: path, flags: SQLITE_OPEN_READWRITE, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        do {
            // Migrations first, in whatever journal mode the file has: switching to write-ahead
            // logging rewrites the header, which a refused file must not see.
            try configureWriter(writer, options: options)
            try Migrator(migrations: migrations, options: options).migrate(writer)
            try useWriteAheadLog(writer)
        } catch {
            writer.close()
            throw error
        }
        let database = SQLiteDatabase(
            path: path, writer: writer, options: options, deletesFileOnClose: deletesFileOnClose)
        return (database, created)
    }

    /// Opens a private in-memory database and migrates it.
    public static func openInMemory(
        options: DatabaseOptions = DatabaseOptions(), migrations: [Migration]
    ) throws(DatabaseError) -> SQLiteDatabase {
        let writer = try Connection.open(
            path: ":memory:", flags: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE,
            busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        do {
            try configureWriter(writer, options: options)
            try Migrator(migrations: migrations, options: options).migrate(writer)
        } catch {
            writer.close()
            throw error
        }
        return SQLiteDatabase(path: nil, writer: writer, options: options)
    }

    /// Opens (creating when missing) the database file at `path` and applies the steps of
    /// `migrator` it lacks.
    ///
    /// ```swift
    /// let database = try SQLiteDatabase.open(path: "habits.sqlite", migrator: HabitSchema.migrator)
    /// ```
    ///
    /// - Throws: ``DatabaseError`` for a file that cannot be used (see
    ///   ``open(path:options:migrations:)``); the file is then left as it was.
    public static func open(
        path: String, options: DatabaseOptions = DatabaseOptions(), migrator: DatabaseMigrator
    ) throws(DatabaseError) -> SQLiteDatabase {
        try open(path: path, options: options, migrations: migrator.migrations).database
    }

    /// Opens a private in-memory database with the schema of `migrator`; it is gone once closed.
    public static func openInMemory(
        options: DatabaseOptions = DatabaseOptions(), migrator: DatabaseMigrator
    ) throws(DatabaseError) -> SQLiteDatabase {
        try openInMemory(options: options, migrations: migrator.migrations)
    }

    /// Opens a new database file in the temporary folder with the schema of `migrator`; the
    /// file is deleted when the database is closed. Unlike an in-memory database it has a
    /// separate reader and observes commits as a file does, which makes it the right choice for
    /// tests of code that observes.
    public static func openTemporary(
        options: DatabaseOptions = DatabaseOptions(), migrator: DatabaseMigrator
    ) throws(DatabaseError) -> SQLiteDatabase {
        let folder = FileManager.default.temporaryDirectory.path
        let path = folder + "/sqlite-provider-\(UUID().uuidString).sqlite"
        return try openFile(path: path, options: options, migrations: migrator.migrations, deletesFileOnClose: true)
            .database
    }

    /// Opens an existing database file for reading only: ``write(_:)`` fails with
    /// ``DatabaseError/Kind/readOnly``, nothing is migrated, and commits of other connections
    /// are still observed.
    ///
    /// - Throws: ``DatabaseError`` when the file is missing, a directory or not a database.
    public static func openReadOnly(
        path: String, options: DatabaseOptions = DatabaseOptions()
    ) throws(DatabaseError) -> SQLiteDatabase {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory) else {
            throw DatabaseError(kind: .notFound, message: "\(path) does not exist")
        }
        if isDirectory.boolValue {
            throw DatabaseError(kind: .isDirectory, message: "\(path) is a directory, not a database file")
        }
        let writer = try Connection.open(
            path: path, flags: SQLITE_OPEN_READONLY, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        do {
            _ = try writer.fetchInt("SELECT count(*) FROM sqlite_master")
        } catch {
            writer.close()
            throw error
        }
        return SQLiteDatabase(path: path, writer: writer, options: options)
    }

    private static func useWriteAheadLog(_ writer: Connection) throws(DatabaseError) {
        let mode = try writer.fetchOne("PRAGMA journal_mode = WAL") { $0.string(at: 0) }
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(kind: .sqlite, message: "the database cannot use write-ahead logging")
        }
    }

    private static func configureWriter(_ writer: Connection, options: DatabaseOptions) throws(DatabaseError) {
        // Pragma values cannot be bound; these come from a closed enum, never from input.
        try writer.execute(SQL(verbatim: "PRAGMA synchronous = \(options.synchronous.rawValue)"))
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
        let notADatabase = DatabaseError(
            kind: .notADatabase, message: "\(path) is not a database of \(options.applicationName)")
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
            if let expected = options.applicationID, applicationID != Int64(expected),
                applicationID != 0 || tableCount > 0
            {
                throw notADatabase
            }
            if version > latestVersion {
                throw DatabaseError(
                    kind: .newerSchema(found: Int(version), supported: latestVersion),
                    message:
                        "\(path) was written by a newer version of \(options.applicationName) (schema \(version); this version "
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
