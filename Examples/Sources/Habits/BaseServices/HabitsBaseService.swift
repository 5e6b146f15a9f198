public import Foundation
public import SQLiteProvider
public import Streams
import Synchronization

/// The only code that touches the habits database: one per process, configured once by the
/// composition root.
///
/// ```swift
/// // main.swift
/// try HabitsBaseService.shared.configure(path: databasePath)
///
/// // a test
/// let database = try SQLiteDatabase.openTemporary(options: HabitSchema.options, migrator: HabitSchema.migrator)
/// let habits = HabitsBaseService.makeIsolated(over: database)
/// ```
///
/// Observations send `Result` values and never end on an error: a failed query is a
/// `.failure`, and the next commit queries again. Writes are observables that run when
/// subscribed, so a view model decides when (and whether) they run.
public final class HabitsBaseService: HabitsBaseServiceType {
    /// The service the app uses.
    public static let shared = HabitsBaseService(database: nil)

    private let database: Mutex<SQLiteDatabase?>

    private init(database: SQLiteDatabase?) {
        self.database = Mutex(database)
    }

    /// A service of its own over `database`, apart from ``shared``: each test makes one over
    /// its own temporary database. The caller closes the database.
    public static func makeIsolated(over database: SQLiteDatabase) -> HabitsBaseService {
        HabitsBaseService(database: database)
    }

    /// Opens (creating when missing) the database at `path` with ``HabitSchema``.
    ///
    /// - Throws: ``DatabaseError`` when the file cannot be used (it is then left as it was), or
    ///   of kind ``DatabaseError/Kind/alreadyConfigured`` when the service already has a database.
    public func configure(path: String) throws(DatabaseError) {
        let opened = try SQLiteDatabase.open(path: path, options: HabitSchema.options, migrator: HabitSchema.migrator)
        let isTaken = database.withLock { current in
            if current != nil { return true }
            current = opened
            return false
        }
        if isTaken {
            opened.close()
            throw DatabaseError(kind: .alreadyConfigured, message: "the habits database is already open")
        }
    }

    /// Closes the configured database, after any transaction in progress; the service fails
    /// as if never configured afterwards. The last connection to close checkpoints the
    /// write-ahead log into the file. Does nothing when there is no database.
    public func close() {
        database.withLock { current in
            let closing = current
            current = nil
            return closing
        }?.close()
    }

    /// Every habit by name, with whether it was done on `today`.
    public func observeHabits(
        today: Day, on scheduler: any Scheduler
    ) -> Observable<Result<[HabitSummaryObject], DatabaseError>> {
        withDatabase { database in
            database.observe(on: scheduler) { (db) throws(DatabaseError) in
                try db.fetchAll(
                    HabitSummaryObject.self,
                    """
                    SELECT habit.id, habit.name,
                           (SELECT count(*) FROM check_in WHERE habit_id = habit.id) AS check_in_count,
                           EXISTS (SELECT 1 FROM check_in WHERE habit_id = habit.id AND day = \(today))
                               AS is_done_today
                    FROM habit ORDER BY habit.name COLLATE NOCASE, habit.id
                    """)
            }
        }
    }

    /// One habit with its check-ins, the latest first; `nil` when there is no such habit.
    public func observeHabit(id: Int64, on scheduler: any Scheduler) -> Observable<Result<HabitObject?, DatabaseError>>
    {
        withDatabase { database in
            database.observe(on: scheduler) { (db) throws(DatabaseError) -> HabitObject? in
                let habit = try db.fetchOne("SELECT id, name, created_at FROM habit WHERE id = \(id)") {
                    (row) throws(DatabaseError) in
                    HabitObject(
                        id: try row["id"], name: try row["name"],
                        createdAt: Date(timeIntervalSince1970: try row["created_at"]), checkIns: [])
                }
                guard var habit else { return nil }
                habit.checkIns = try db.fetchAll("SELECT day FROM check_in WHERE habit_id = \(id) ORDER BY day DESC") {
                    (row) throws(DatabaseError) -> Day in try row[0]
                }
                return habit
            }
        }
    }

    /// Adds a habit named `name`; sends its identifier.
    public func addHabit(name: String, createdAt: Date) -> Observable<Result<Int64, DatabaseError>> {
        withDatabase { database in
            database.writeOnSubscribe { (db) throws(DatabaseError) in
                try db.execute(
                    "INSERT INTO habit (name, created_at) VALUES (\(name), \(createdAt.timeIntervalSince1970))")
                return db.lastInsertedRowID
            }
        }
    }

    /// Checks habit `habitID` in on `day`; sends whether it was not checked in that day before.
    public func checkIn(habitID: Int64, on day: Day) -> Observable<Result<Bool, DatabaseError>> {
        withDatabase { database in
            database.writeOnSubscribe { (db) throws(DatabaseError) in
                try db.execute("INSERT OR IGNORE INTO check_in (habit_id, day) VALUES (\(habitID), \(day))")
                return db.changedRowCount > 0
            }
        }
    }

    /// `body` over the database, or one failure when the service was never configured.
    private func withDatabase<Value: Sendable>(
        _ body: (SQLiteDatabase) -> Observable<Result<Value, DatabaseError>>
    ) -> Observable<Result<Value, DatabaseError>> {
        guard let database = database.withLock({ $0 }) else {
            return .just(.failure(DatabaseError(kind: .misuse, message: "the habits database was not configured")))
        }
        return body(database)
    }
}
