import CSQLite

/// One step of the schema, applied once, inside the upgrade's transaction.
public struct Migration: Sendable {
    /// The `PRAGMA user_version` the database has after this step.
    public let version: Int
    /// What the step does, for errors.
    public let name: String
    /// Whether the step runs with foreign keys off, as rebuilding a table that others refer to
    /// needs: dropping the old table would otherwise cascade to the rows that refer to it.
    /// `PRAGMA foreign_keys` cannot change inside a transaction, so the migrator turns it off
    /// before the upgrade's transaction, checks every foreign key before committing, and turns
    /// it back on after.
    public var disablesForeignKeys = false
    /// Changes the schema (and moves data) inside the upgrade's transaction.
    public let apply: @Sendable (Connection) throws(DatabaseError) -> Void

    /// A step that brings the schema to `version`; `disablesForeignKeys` for a step that
    /// rebuilds a table others refer to.
    public init(
        version: Int, name: String, disablesForeignKeys: Bool = false,
        apply: @escaping @Sendable (Connection) throws(DatabaseError) -> Void
    ) {
        self.version = version
        self.name = name
        self.disablesForeignKeys = disablesForeignKeys
        self.apply = apply
    }
}

/// Applies the migrations a database lacks, in order, tracked with `PRAGMA user_version`.
struct Migrator {
    let migrations: [Migration]
    let options: DatabaseOptions

    /// The version after the last migration.
    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies every migration above the database's version. A database whose version is above
    /// ``latestVersion`` is refused and not written.
    ///
    /// The steps an upgrade needs run in one `BEGIN IMMEDIATE` transaction, each setting
    /// `user_version` to its version, and commit together: a step that fails rolls back the
    /// whole upgrade, so the file is left byte for byte as it was rather than half upgraded, at
    /// a version the application that wrote it would refuse as newer. A crash during the upgrade
    /// leaves the old version too. The version is read again once the transaction holds the
    /// write lock, so two processes opening an old file at once upgrade it once: the second
    /// finds nothing left to do.
    func migrate(_ connection: Connection) throws(DatabaseError) {
        let seen = try version(of: connection)
        guard seen < latestVersion else { return }
        var restoresForeignKeys = false
        if migrations.contains(where: { $0.version > seen && $0.disablesForeignKeys }),
            try connection.fetchInt("PRAGMA foreign_keys") == 1
        {
            try connection.execute("PRAGMA foreign_keys = OFF")
            restoresForeignKeys = true
        }
        defer { if restoresForeignKeys { try? connection.execute("PRAGMA foreign_keys = ON") } }
        try connection.execute("BEGIN IMMEDIATE")
        do throws(DatabaseError) {
            let current = try version(of: connection)
            for migration in migrations where migration.version > current {
                do {
                    try migration.apply(connection)
                    // Pragmas cannot take bound values; the version comes from the migration list.
                    try connection.execute(SQL(verbatim: "PRAGMA user_version = \(migration.version)"))
                } catch {
                    throw DatabaseError(
                        kind: error.kind, code: error.code,
                        message: "migration \(migration.version) (\(migration.name)) failed: \(error.message)",
                        sql: error.sql)
                }
            }
            if restoresForeignKeys { try checkForeignKeys(connection) }
            if current == 0, let applicationID = options.applicationID {
                // Pragmas cannot take bound values; the identifier is an integer from the options.
                try connection.execute(SQL(verbatim: "PRAGMA application_id = \(applicationID)"))
            }
            try connection.execute("COMMIT")
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// The database's schema version; a version above ``latestVersion`` is refused.
    private func version(of connection: Connection) throws(DatabaseError) -> Int {
        let version = Int(try connection.fetchInt("PRAGMA user_version"))
        guard version <= latestVersion else {
            throw DatabaseError(
                kind: .newerSchema(found: version, supported: latestVersion),
                message:
                    "the database was written by a newer version of \(options.applicationName) (schema \(version); this version "
                    + "knows up to \(latestVersion)); it was not changed")
        }
        return version
    }

    /// Refuses an upgrade that ran with foreign keys off and left a row referring to nothing.
    private func checkForeignKeys(_ connection: Connection) throws(DatabaseError) {
        let violations = try connection.fetchAll("PRAGMA foreign_key_check") { $0.string(at: 0) }
        if let table = violations.first {
            throw DatabaseError(
                kind: .sqlite,
                message:
                    "the schema upgrade to version \(latestVersion) left \(violations.count) row(s) referring to "
                    + "rows that do not exist (first in \(table))")
        }
    }
}

/// The ordered steps of a schema, each named, numbered in the order they are registered.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// migrator.registerMigration("create habits") { db in
///     try db.execute("CREATE TABLE habit (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
/// }
/// migrator.registerMigration("add streaks") { db in
///     try db.execute("ALTER TABLE habit ADD COLUMN streak INTEGER NOT NULL DEFAULT 0")
/// }
/// let database = try SQLiteDatabase.open(path: path, migrator: migrator)
/// ```
///
/// Opening a database applies the steps it lacks in one transaction: all of them or none. A
/// file written by a later schema (more steps than this migrator has) is refused and left
/// byte for byte as it was. Never change or reorder a step once it shipped; add a new one.
public struct DatabaseMigrator: Sendable {
    /// The steps, in order; step *n* brings the schema to version *n*.
    public private(set) var migrations: [Migration]

    /// A migrator with no steps, or with `migrations` (whose versions must count up from 1).
    public init(_ migrations: [Migration] = []) {
        self.migrations = migrations
    }

    /// The schema version after the last step.
    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Adds a step after the others; `disablesForeignKeys` for a step that rebuilds a table
    /// other tables refer to (every foreign key is checked before the upgrade commits).
    public mutating func registerMigration(
        _ name: String, disablesForeignKeys: Bool = false,
        _ apply: @escaping @Sendable (Connection) throws(DatabaseError) -> Void
    ) {
        migrations.append(
            Migration(version: latestVersion + 1, name: name, disablesForeignKeys: disablesForeignKeys, apply: apply))
    }

    /// Adds a step after the others, for a closure whose errors are not typed: an error that is
    /// not a ``DatabaseError`` fails the upgrade with a message that describes it.
    @_disfavoredOverload
    public mutating func registerMigration(
        _ name: String, disablesForeignKeys: Bool = false, _ apply: @escaping @Sendable (Connection) throws -> Void
    ) {
        registerMigration(name, disablesForeignKeys: disablesForeignKeys) { (db) throws(DatabaseError) in
            do {
                try apply(db)
            } catch let error as DatabaseError {
                throw error
            } catch {
                throw DatabaseError(kind: .invalidValue, message: String(describing: error))
            }
        }
    }
}
