import Foundation
import Habits
import SQLiteProvider
import Streams
import StreamsTesting
import Synchronization
import Testing

/// A base service of its own over a fresh temporary database, closed after `body`; every
/// subscription `body` starts must be disposed by its end (a write's, once the writer is done).
private func withHabits(_ body: (HabitsBaseService, SQLiteDatabase) throws -> Void) throws {
    let database = try SQLiteDatabase.openTemporary(options: HabitSchema.options, migrator: HabitSchema.migrator)
    defer { database.close() }
    try withSubscriptionTracking {
        try body(HabitsBaseService.makeIsolated(over: database), database)
        database.waitForPendingWork()
    }
}

/// The values `source` sends, kept as they arrive.
private final class Values<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    var last: Value? { all.last }
    func append(_ value: Value) { values.withLock { $0.append(value) } }
}

/// What a write sends: it queues its transaction and answers from the writer's queue, so the
/// test waits for that one value (a test may block; a UI queue never does).
private func run<Value: Sendable>(_ write: Observable<Result<Value, DatabaseError>>) throws -> Value {
    try write.toBlocking(timeout: 5).single().get()
}

@Test func schemaStampsTheApplicationIDAndTheLatestVersion() throws {
    try withHabits { _, database in
        let (applicationID, version) = try database.read { db in
            (try db.fetchInt("PRAGMA application_id"), try db.fetchInt("PRAGMA user_version"))
        }
        #expect(applicationID == Int64(HabitSchema.applicationID))
        #expect(version == Int64(HabitSchema.migrator.latestVersion))
    }
}

@Test func observedHabitsFollowAddsAndCheckIns() throws {
    try withHabits { habits, database in
        let today = Day(number: 20_000)
        let seen = Values<Result<[HabitSummaryObject], DatabaseError>>()
        let subscription = habits.observeHabits(today: today, on: ImmediateScheduler())
            .subscribe(onNext: { seen.append($0) })
        #expect(seen.last == .success([]))

        let read = try run(habits.addHabit(name: "Read", category: .mind, createdAt: Date(timeIntervalSince1970: 0)))
        _ = try run(habits.addHabit(name: "exercise", category: .health, createdAt: Date(timeIntervalSince1970: 0)))
        #expect(try run(habits.setDone(true, habitID: read, on: today)) == true)
        #expect(try run(habits.setDone(true, habitID: read, on: today)) == false)  // once a day
        database.waitForPendingWork()

        let stored = try seen.last?.get()
        #expect(stored?.map(\.name) == ["exercise", "Read"])  // by name, case aside
        #expect(stored?.map(\.category) == [.health, .mind])
        let readSummary = stored?.first { $0.id == read }
        #expect(readSummary?.isDoneToday == true)
        #expect(readSummary?.checkInCount == 1)
        subscription.dispose()
    }
}

@Test func aCheckInTakenBackIsDeletedOnce() throws {
    try withHabits { habits, _ in
        let id = try run(habits.addHabit(name: "Walk", category: .health, createdAt: Date()))
        let today = Day(number: 20_000)
        _ = try run(habits.setDone(true, habitID: id, on: today))
        #expect(try run(habits.setDone(false, habitID: id, on: today)) == true)
        #expect(try run(habits.setDone(false, habitID: id, on: today)) == false)
    }
}

@Test func observedHabitListsItsCheckInsLatestFirst() throws {
    try withHabits { habits, database in
        let id = try run(
            habits.addHabit(name: "Stretch", category: .health, createdAt: Date(timeIntervalSince1970: 86_400)))
        for day in [19_998, 20_000, 19_999] {
            _ = try run(habits.setDone(true, habitID: id, on: Day(number: day)))
        }
        let seen = Values<Result<HabitObject?, DatabaseError>>()
        let subscription = habits.observeHabit(id: id, on: ImmediateScheduler())
            .subscribe(onNext: { seen.append($0) })
        database.waitForPendingWork()
        let habit = try seen.last?.get()
        #expect(habit?.name == "Stretch")
        #expect(habit?.category == .health)
        #expect(habit?.createdAt == Date(timeIntervalSince1970: 86_400))
        #expect(habit?.checkIns.map(\.number) == [20_000, 19_999, 19_998])
        subscription.dispose()
    }
}

@Test func renamingUpdatesTheRecordAndAMissingHabitIsNotFound() throws {
    try withHabits { habits, database in
        let id = try run(habits.addHabit(name: "Run", category: .health, createdAt: Date(timeIntervalSince1970: 0)))
        #expect(try run(habits.renameHabit(id: id, to: "Run 5 km")) == "Run 5 km")
        let row = try database.read { db in
            try db.fetchOne("SELECT name, category FROM habit WHERE id = \(id)") {
                (row) throws(DatabaseError) -> [String] in [try row[0], try row[1]]
            }
        }
        #expect(row == ["Run 5 km", "health"])  // the category is stored as its raw value
        let missing = try habits.renameHabit(id: 99, to: "x").toBlocking(timeout: 5).single()
        #expect(throws: DatabaseError(kind: .notFound, message: "this habit no longer exists")) { try missing.get() }
    }
}

@Test func aMissingHabitIsObservedAsNil() throws {
    try withHabits { habits, _ in
        let seen = Values<Result<HabitObject?, DatabaseError>>()
        let subscription = habits.observeHabit(id: 42, on: ImmediateScheduler())
            .subscribe(onNext: { seen.append($0) })
        #expect(seen.all == [.success(nil)])
        subscription.dispose()
    }
}

@Test func aFailedWriteIsAResultAndTheObservationGoesOn() throws {
    try withHabits { habits, database in
        let seen = Values<Result<[HabitSummaryObject], DatabaseError>>()
        let subscription = habits.observeHabits(today: Day(number: 1), on: ImmediateScheduler())
            .subscribe(onNext: { seen.append($0) })
        // No habit 99: the foreign key refuses the check-in.
        let refused = try habits.setDone(true, habitID: 99, on: Day(number: 1)).toBlocking(timeout: 5).single()
        #expect(throws: DatabaseError.self) { try refused.get() }
        _ = try run(habits.addHabit(name: "Walk", category: .other, createdAt: Date()))
        database.waitForPendingWork()
        #expect(try seen.last?.get().map(\.name) == ["Walk"])
        subscription.dispose()
    }
}

@Test func theSharedServiceBeforeConfigurationFailsWithoutEnding() {
    withSubscriptionTracking {
        let seen = Values<Result<[HabitSummaryObject], DatabaseError>>()
        let subscription = HabitsBaseService.shared.observeHabits(today: Day(number: 1), on: ImmediateScheduler())
            .subscribe(onNext: { seen.append($0) })
        #expect(seen.all.count == 1)
        #expect((try? seen.last?.get()) == nil)
        subscription.dispose()
    }
}

@Test func aDatabaseOfAnotherApplicationIsRefused() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("other-\(UUID().uuidString).sqlite").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    let other = try SQLiteDatabase.open(
        path: path, options: DatabaseOptions(applicationID: 0x4F54_4852), migrator: HabitSchema.migrator)
    other.close()
    #expect(throws: DatabaseError.self) {
        try SQLiteDatabase.open(path: path, options: HabitSchema.options, migrator: HabitSchema.migrator)
    }
}
