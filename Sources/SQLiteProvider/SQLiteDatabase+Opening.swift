internal import CSQLite
import Foundation

extension SQLiteDatabase {
    /// Opens (creating when missing) the database file at `path`, checks it, and migrates it.
    ///
    /// Every refusal leaves the file byte-for-byte as it was: a missing folder, a directory, a
    /// read-only file or folder, a file that is not a database (or is truncated or corrupt),
    /// another application's database, and a database written by a newer schema. A new file
    /// is created with mode 0600. `created` tells whether the database is new: the file was
    /// missing, or empty.
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
            try useWriteAheadLog(writer, timeoutMilliseconds: options.busyTimeoutMilliseconds)
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
        switch _PathStatus.of(path) {
        case .regularFile:
            break
        case .missing, .danglingLink, .insideAFile:
            throw DatabaseError(kind: .notFound, message: "\(path) does not exist; give the path of a database file")
        case .directory:
            throw DatabaseError(
                kind: .isDirectory, message: "\(path) is a directory, not a database file; give the path of a file")
        case .special(let kind):
            throw DatabaseError(
                kind: .notADatabase, message: "\(path) is \(kind), not a database file; give the path of a regular file"
            )
        case .unreachable(let code):
            throw DatabaseError(
                kind: .readOnly,
                message:
                    "\(path) cannot be reached (\(_PathStatus.reason(code))); check the path and the permissions of its folders"
            )
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

    /// Opens an existing database file of this application for reading only, checked as
    /// ``open(path:options:migrations:)`` checks one (the application it belongs to, a schema no
    /// newer than `migrations` know) but never migrated: a file whose schema is older than the
    /// last of `migrations` is refused, since only a file that can be written can be upgraded.
    /// For a program that only reads and was given a file it may not write.
    ///
    /// - Throws: ``DatabaseError`` as ``openReadOnly(path:options:)`` does, and when the file
    ///   belongs to another application or has another schema version.
    public static func openReadOnly(
        path: String, options: DatabaseOptions, migrations: [Migration]
    ) throws(DatabaseError) -> SQLiteDatabase {
        let latest = migrations.last?.version ?? 0
        let database = try openReadOnly(path: path, options: options)
        do throws(DatabaseError) {
            let (applicationID, version) = try database.read { (db) throws(DatabaseError) in
                (try db.fetchInt("PRAGMA application_id"), try db.fetchInt("PRAGMA user_version"))
            }
            if let expected = options.applicationID, applicationID != Int64(expected) {
                throw otherApplication(path, options: options)
            }
            if version > latest { throw newerSchema(path, found: version, latest: latest, options: options) }
            if version < latest {
                throw DatabaseError(
                    kind: .readOnly,
                    message:
                        "\(path) is read-only and was written by an older version of \(options.applicationName) "
                        + "(schema \(version)); make it writable once, so this version can upgrade it")
            }
        } catch {
            database.close()
            throw error
        }
        return database
    }

    /// The refusal of a file that is not a database of the application `options` name.
    static func otherApplication(_ path: String, options: DatabaseOptions) -> DatabaseError {
        DatabaseError(
            kind: .notADatabase,
            message: "\(path) is not a database of \(options.applicationName); give the path of one, or of a new file")
    }

    /// The refusal of a file whose schema `found` is newer than the `latest` this version knows.
    static func newerSchema(_ path: String, found: Int64, latest: Int, options: DatabaseOptions) -> DatabaseError {
        DatabaseError(
            kind: .newerSchema(found: Int(found), supported: latest),
            message:
                "\(path) was written by a newer version of \(options.applicationName) (schema \(found); this version "
                + "knows up to \(latest)); it was not changed: open it with the newer version")
    }

    /// Switches the file to write-ahead logging (a no-op once it uses it).
    ///
    /// The switch needs the file to itself. When other connections are opening the same new
    /// file at the same moment, SQLite may answer "busy" at once, without waiting (waiting could
    /// deadlock two connections that each hold a shared lock), so the switch is tried again
    /// here, every 10 ms, for as long as the busy timeout allows.
    private static func useWriteAheadLog(_ writer: Connection, timeoutMilliseconds: Int32) throws(DatabaseError) {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(timeoutMilliseconds, 0)) * 1_000_000
        var mode: String?
        while true {
            do {
                mode = try writer.fetchOne("PRAGMA journal_mode = WAL") { $0.string(at: 0) }
                break
            } catch  where error.primaryCode == 5 /* SQLITE_BUSY */ && DispatchTime.now().uptimeNanoseconds < deadline {
                usleep(10_000)
            }
        }
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(kind: .sqlite, message: "the database cannot use write-ahead logging")
        }
    }

    private static func configureWriter(_ writer: Connection, options: DatabaseOptions) throws(DatabaseError) {
        // Pragma values cannot be bound; these come from a closed enum, never from input.
        try writer.execute(SQL(verbatim: "PRAGMA synchronous = \(options.synchronous.rawValue)"))
        try writer.execute("PRAGMA foreign_keys = ON")
        if let limit = options.walSizeLimitBytes {
            try writer.execute(SQL(verbatim: "PRAGMA journal_size_limit = \(max(limit, 0))"))
        }
    }

    /// Checks the path and its file without writing anything; creates a missing file (0600).
    /// Returns whether the database is new: the file was created, or was empty.
    ///
    /// A symbolic link is judged by its target, as SQLite opens the target and keeps its log
    /// beside it; messages name the path as given.
    private static func prepareFile(
        path: String, options: DatabaseOptions, latestVersion: Int, isRetry: Bool = false
    ) throws(DatabaseError) -> Bool {
        let folderPath = _PathStatus.folder(of: path)
        try checkFolder(folderPath, of: path)
        switch _PathStatus.of(path) {
        case .missing:
            break
        case .regularFile(let size, let mode):
            let resolved = _PathStatus.resolved(path)
            let targetFolder = _PathStatus.folder(of: resolved)
            if resolved != path { try checkFolder(targetFolder, of: path) }
            guard access(resolved, R_OK) == 0 else {
                throw DatabaseError(
                    kind: .readOnly,
                    message: "\(path) cannot be read (permission denied); give yourself read and write permission on it"
                )
            }
            guard access(resolved, W_OK) == 0, mode & 0o222 != 0 else {
                throw DatabaseError(
                    kind: .readOnly, message: "\(path) is read-only; make it writable or give another database file")
            }
            guard access(targetFolder, W_OK) == 0, isMarkedWritable(targetFolder) else {
                throw DatabaseError(
                    kind: .readOnly,
                    message: "the folder \(targetFolder) is read-only; the database needs to write its log there, "
                        + "so make the folder writable or move the database")
            }
            // An empty file is a new database (one made by `touch`, or left by a first start
            // that was stopped before its first transaction): it is filled as a new one is.
            if size == 0 { return true }
            try checkExistingFile(
                path: path, resolved: resolved, size: size, options: options, latestVersion: latestVersion)
            return false
        case .directory:
            throw DatabaseError(
                kind: .isDirectory,
                message: "\(path) is a directory, not a database file; give the path of a file (a new one is created)")
        case .special(let kind):
            throw DatabaseError(
                kind: .notADatabase,
                message: "\(path) is \(kind), not a database file; give the path of a regular file")
        case .danglingLink:
            throw DatabaseError(
                kind: .folderMissing,
                message: "\(path) is a symbolic link to a file that does not exist; "
                    + "fix or remove the link, or give another path")
        case .insideAFile:
            throw DatabaseError(
                kind: .folderMissing, message: "\(path) is not a usable path: a part of it is a file, not a folder")
        case .unreachable(let code):
            throw DatabaseError(
                kind: .readOnly,
                message:
                    "\(path) cannot be reached (\(_PathStatus.reason(code))); check the path and the permissions of its folders"
            )
        }
        guard access(folderPath, W_OK) == 0, isMarkedWritable(folderPath) else {
            throw DatabaseError(
                kind: .readOnly,
                message: "the folder \(folderPath) is read-only; make it writable or give a path in another folder")
        }
        let descriptor = Foundation.open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            // Another process (a second `rivulet` started at the same moment) created it since
            // it was looked for: it is an existing file now, checked as one.
            if code == EEXIST, !isRetry {
                return try prepareFile(path: path, options: options, latestVersion: latestVersion, isRetry: true)
            }
            throw DatabaseError(
                kind: .readOnly,
                message: "\(path) cannot be created (\(_PathStatus.reason(code))); give a path in a writable folder")
        }
        Foundation.close(descriptor)
        return true
    }

    /// Checks that `folder`, which holds the database `path`, is a folder that exists.
    private static func checkFolder(_ folder: String, of path: String) throws(DatabaseError) {
        switch _PathStatus.of(folder) {
        case .directory:
            return
        case .missing, .danglingLink:
            throw DatabaseError(
                kind: .folderMissing, message: "the folder \(folder) does not exist; create it or give another path")
        case .regularFile, .special, .insideAFile:
            throw DatabaseError(
                kind: .folderMissing,
                message: "\(folder) is not a folder, so it cannot hold the database \(path); give another path")
        case .unreachable(let code):
            throw DatabaseError(
                kind: .readOnly,
                message: "the folder \(folder) cannot be reached (\(_PathStatus.reason(code))); "
                    + "check its permissions or give another path")
        }
    }

    /// Whether the permission bits allow anyone to write. A file or folder made read-only on
    /// purpose is respected even by a user (such as root) whom the system would let write.
    private static func isMarkedWritable(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return info.st_mode & 0o222 != 0
    }

    /// Whether the file at `path` stays shorter than `bytes` for a little while: the header and
    /// the size are read without a lock, so another connection creating or growing the file at
    /// that moment can show a header that already counts pages not yet on disk. A truncated
    /// file stays short; a file being written grows, or its log appears.
    private static func isStillShorterThanItsHeader(_ path: String, bytes: Int64) -> Bool {
        for attempt in 0..<3 {
            // A journal or a log beside it: a connection is writing the file now.
            for companion in ["-journal", "-wal"] {
                if case .regularFile(let companionSize, _) = _PathStatus.of(path + companion), companionSize > 0 {
                    return false
                }
            }
            guard case .regularFile(let size, _) = _PathStatus.of(path) else { return false }
            if size >= bytes { return false }
            if attempt < 2 { usleep(5_000) }
        }
        return true
    }

    /// Reads the header and runs checks that only read on an existing, non-empty file.
    private static func checkExistingFile(
        path: String, resolved: String, size: Int64, options: DatabaseOptions, latestVersion: Int
    ) throws(DatabaseError) {
        let notADatabase = otherApplication(path, options: options)
        guard let handle = FileHandle(forReadingAtPath: resolved) else { throw notADatabase }
        let header = [UInt8]((try? handle.read(upToCount: 100)) ?? Data())
        try? handle.close()
        guard header.count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else {
            throw DatabaseError(
                kind: .notADatabase, message: "\(path) is not a database; give the path of a database, or of a new file"
            )
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
        let hasLog =
            if case .regularFile(let walSize, _) = _PathStatus.of(resolved + "-wal") { walSize > 0 } else { false }
        if headerCountIsValid && !hasLog && size < pageSize * pageCount
            && isStillShorterThanItsHeader(resolved, bytes: pageSize * pageCount)
        {
            throw DatabaseError(
                kind: .notADatabase,
                message: "\(path) is truncated (a damaged database); restore it from a backup or give another path")
        }
        // Only reads run, but on a file marked writable the connection is a writing one: reading
        // a database in WAL mode creates its log and shared-memory files, and only a writing
        // connection removes them again when it is the last to close, so a file that is then
        // refused is left as it was found, with nothing beside it.
        let probe = try Connection.open(
            path: path, flags: isMarkedWritable(resolved) ? SQLITE_OPEN_READWRITE : SQLITE_OPEN_READONLY,
            busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        defer { probe.close() }
        do throws(DatabaseError) {
            if options.checksIntegrityOnOpen {
                let check = try probe.fetchOne("PRAGMA quick_check(1)") { $0.string(at: 0) }
                guard check == "ok" else {
                    throw DatabaseError(
                        kind: .notADatabase,
                        message:
                            "\(path) is corrupt (\(check ?? "no result from the check")); restore it from a backup or give another path"
                    )
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
                throw newerSchema(path, found: version, latest: latestVersion, options: options)
            }
        } catch {
            guard error.kind == .notADatabase && error.code != 0 else { throw error }
            throw DatabaseError(
                kind: .notADatabase, code: error.code,
                message: "\(path) is corrupt or not a database; restore it from a backup or give another path",
                sql: error.sql)
        }
    }
}
