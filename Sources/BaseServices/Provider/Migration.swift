import CSQLite

/// One step of the schema, applied once, in its own savepoint of the upgrade's transaction.
struct Migration: Sendable {
    /// The `PRAGMA user_version` the database has after this step.
    let version: Int
    /// What the step does, for errors.
    let name: String
    /// Whether the step runs with foreign keys off, as rebuilding a table that others refer to
    /// needs: dropping the old table would otherwise cascade to the rows that refer to it.
    /// `PRAGMA foreign_keys` cannot change inside a transaction, so the migrator turns it off
    /// before the upgrade's transaction and back on after it; the step checks the keys itself.
    var disablesForeignKeys = false
    /// Changes the schema (and moves data) inside the step's savepoint.
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
    /// The steps an upgrade needs run in one `BEGIN IMMEDIATE` transaction, each in its own
    /// savepoint that sets `user_version` to its version, and commit together: a step that
    /// fails rolls back the whole upgrade, so the file is left byte for byte as it was rather
    /// than half upgraded, at a version the Rivulet that wrote it would refuse as newer. A
    /// crash during the upgrade leaves the old version too.
    func migrate(_ connection: Connection) throws(DatabaseError) {
        let current = Int(try connection.fetchInt("PRAGMA user_version"))
        if current > latestVersion {
            throw DatabaseError(
                kind: .newerSchema(found: current, supported: latestVersion),
                message:
                    "the database was written by a newer version of Rivulet (schema \(current); this version "
                    + "knows up to \(latestVersion)); it was not changed")
        }
        let pending = migrations.filter { $0.version > current }
        guard !pending.isEmpty else { return }
        var restoresForeignKeys = false
        if pending.contains(where: \.disablesForeignKeys), try connection.fetchInt("PRAGMA foreign_keys") == 1 {
            try connection.execute("PRAGMA foreign_keys = OFF")
            restoresForeignKeys = true
        }
        defer { if restoresForeignKeys { try? connection.execute("PRAGMA foreign_keys = ON") } }
        try connection.execute("BEGIN IMMEDIATE")
        for migration in pending {
            do {
                try connection.execute("SAVEPOINT migration")
                try migration.apply(connection)
                // Pragmas cannot take bound values; the version comes from the migration list.
                try connection.execute("PRAGMA user_version = \(migration.version)")
                try connection.execute("RELEASE migration")
            } catch {
                if connection.isInTransaction { try? connection.execute("ROLLBACK") }
                throw DatabaseError(
                    kind: error.kind, code: error.code,
                    message: "migration \(migration.version) (\(migration.name)) failed: \(error.message)",
                    sql: error.sql)
            }
        }
        do {
            if current == 0 { try connection.execute("PRAGMA application_id = \(rivuletApplicationID)") }
            try connection.execute("COMMIT")
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw DatabaseError(
                kind: error.kind, code: error.code,
                message: "the schema upgrade to version \(latestVersion) failed: \(error.message)", sql: error.sql)
        }
    }
}
