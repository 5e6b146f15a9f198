import CSQLite

/// One step of the schema, applied once, inside the upgrade's transaction.
struct Migration: Sendable {
    /// The `PRAGMA user_version` the database has after this step.
    let version: Int
    /// What the step does, for errors.
    let name: String
    /// Whether the step runs with foreign keys off, as rebuilding a table that others refer to
    /// needs: dropping the old table would otherwise cascade to the rows that refer to it.
    /// `PRAGMA foreign_keys` cannot change inside a transaction, so the migrator turns it off
    /// before the upgrade's transaction, checks every foreign key before committing, and turns
    /// it back on after.
    var disablesForeignKeys = false
    /// Changes the schema (and moves data) inside the upgrade's transaction.
    let apply: @Sendable (Connection) throws(DatabaseError) -> Void
}

/// Applies the migrations a database lacks, in order, tracked with `PRAGMA user_version`.
struct Migrator {
    let migrations: [Migration]

    /// The version after the last migration.
    var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies every migration above the database's version. A database whose version is above
    /// ``latestVersion`` is refused and not written.
    ///
    /// The steps an upgrade needs run in one `BEGIN IMMEDIATE` transaction, each setting
    /// `user_version` to its version, and commit together: a step that fails rolls back the
    /// whole upgrade, so the file is left byte for byte as it was rather than half upgraded, at
    /// a version the Rivulet that wrote it would refuse as newer. A crash during the upgrade
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
                    try connection.execute("PRAGMA user_version = \(migration.version)")
                } catch {
                    throw DatabaseError(
                        kind: error.kind, code: error.code,
                        message: "migration \(migration.version) (\(migration.name)) failed: \(error.message)",
                        sql: error.sql)
                }
            }
            if restoresForeignKeys { try checkForeignKeys(connection) }
            if current == 0 { try connection.execute("PRAGMA application_id = \(rivuletApplicationID)") }
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
                    "the database was written by a newer version of Rivulet (schema \(version); this version "
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
