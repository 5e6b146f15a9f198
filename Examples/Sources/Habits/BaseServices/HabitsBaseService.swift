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
/// `.failure`, and the next commit queries again. Writes are observables that queue their
/// transaction on the database's writer when subscribed (so a view model decides when, and
/// whether, they run) and never make the subscribing thread wait.
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
                    SELECT habit.id, habit.name, habit.category,
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
                guard let record = try db.fetchOne(HabitRecord.self, key: id) else { return nil }
                let checkIns = try db.fetchAll("SELECT day FROM check_in WHERE habit_id = \(id) ORDER BY day DESC") {
                    (row) throws(DatabaseError) -> Day in try row[0]
                }
                return HabitObject(
                    id: id, name: record.name, category: record.category, createdAt: record.createdAt,
                    checkIns: checkIns)
            }
        }
    }

    /// Adds a habit; sends its identifier.
    public func addHabit(
        name: String, category: HabitCategory, createdAt: Date
    ) -> Observable<Result<Int64, DatabaseError>> {
        write { db throws(DatabaseError) in
            let stored = try db.insert(HabitRecord(id: nil, name: name, category: category, createdAt: createdAt))
            return stored.id ?? db.lastInsertedRowID
        }
    }

    /// Renames habit `id`; sends the new name, or ``DatabaseError/Kind/notFound`` when the
    /// habit is gone.
    public func renameHabit(id: Int64, to name: String) -> Observable<Result<String, DatabaseError>> {
        withDatabase { database in
            database.writeCompletable { (db) throws(DatabaseError) in
                guard var habit = try db.fetchOne(HabitRecord.self, key: id) else {
                    throw DatabaseError(kind: .notFound, message: "this habit no longer exists")
                }
                habit.name = name
                try db.update(habit)
            }
            .andThen(Observable.just(Result.success(name)))
            .catch { Observable.just(.failure(DatabaseError($0))) }
        }
    }

    /// Marks habit `habitID` done (or not) on `day`; sends whether that changed anything.
    public func setDone(_ isDone: Bool, habitID: Int64, on day: Day) -> Observable<Result<Bool, DatabaseError>> {
        write { db throws(DatabaseError) in
            let checkIn = CheckInRecord(habitID: habitID, day: day)
            if isDone {
                // Every column is the key, so a second check-in that day does nothing.
                try db.upsert(checkIn)
                return db.changedRowCount > 0
            }
            return try db.delete(checkIn)
        }
    }

    /// `body` as one transaction queued on the writer: subscribing returns at once, and the
    /// outcome arrives from the writer's queue as a `Result`.
    private func write<Value: Sendable>(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> Value
    ) -> Observable<Result<Value, DatabaseError>> {
        withDatabase { database in
            database.writeSingle(body).asObservable()
                .map { Result.success($0) }
                .catch { Observable.just(.failure(DatabaseError($0))) }
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

extension DatabaseError {
    /// `error` as a database error: itself when it is one (a write only fails with one).
    init(_ error: any Error) {
        self = error as? DatabaseError ?? DatabaseError(kind: .invalidValue, message: "\(error)")
    }
}
