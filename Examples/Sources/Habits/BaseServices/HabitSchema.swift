public import SQLiteProvider

/// The habit tracker's database: its schema, and the options that make the file ours.
public enum HabitSchema {
    /// `PRAGMA application_id` of a habits file ("HBTS"): the tracker refuses any other
    /// application's database, and other applications that check theirs refuse this one.
    public static let applicationID: Int32 = 0x4842_5453

    /// The options every habits database is opened with.
    public static let options = DatabaseOptions(applicationID: applicationID, applicationName: "Habits")

    /// The schema, one step per change. A step never changes once shipped; a new one is added.
    public static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("create habits and check-ins") { db in
            try db.execute(
                """
                CREATE TABLE habit (
                    id INTEGER PRIMARY KEY,
                    name TEXT NOT NULL,
                    created_at REAL NOT NULL
                )
                """)
            try db.execute(
                """
                CREATE TABLE check_in (
                    habit_id INTEGER NOT NULL REFERENCES habit(id) ON DELETE CASCADE,
                    day INTEGER NOT NULL,
                    PRIMARY KEY (habit_id, day)
                )
                """)
        }
        migrator.registerMigration("index check-ins by day") { db in
            try db.execute("CREATE INDEX check_in_by_day ON check_in(day)")
        }
        migrator.registerMigration("add a category to habits") { db in
            try db.execute("ALTER TABLE habit ADD COLUMN category TEXT NOT NULL DEFAULT 'other'")
        }
        return migrator
    }()
}
