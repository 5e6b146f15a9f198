import Foundation
import Habits
import SQLiteProvider
import Streams
import Synchronization
import Testing

/// A base service of its own over a fresh temporary database, closed after `body`.
private func withHabits(_ body: (HabitsBaseService, SQLiteDatabase) throws -> Void) throws {
    let database = try SQLiteDatabase.openTemporary(options: HabitSchema.options, migrator: HabitSchema.migrator)
    defer { database.close() }
    try body(HabitsBaseService.makeIsolated(over: database), database)
}

/// The values `source` sends, kept as they arrive.
private final class Values<Value: Sendable>: Sendable {
    private let values = Mutex<[Value]>([])
    var all: [Value] { values.withLock { $0 } }
    var last: Value? { all.last }
    func append(_ value: Value) { values.withLock { $0.append(value) } }
}

/// The first value a write sends (it sends one, on subscribe).
private func run<Value: Sendable>(_ write: Observable<Result<Value, DatabaseError>>) throws -> Value {
    let values = Values<Result<Value, DatabaseError>>()
    write.subscribe(onNext: { values.append($0) }).dispose()
    guard let result = values.last else { throw DatabaseError(kind: .misuse, message: "the write sent nothing") }
    return try result.get()
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
    let tracker = SubscriptionTracker()
    try LiveSubscriptions.withTracker(tracker) {
        try withHabits { habits, database in
            let today = Day(number: 20_000)
            let seen = Values<Result<[HabitSummaryObject], DatabaseError>>()
            let subscription = habits.observeHabits(today: today, on: ImmediateScheduler())
                .subscribe(onNext: { seen.append($0) })
            #expect(seen.last == .success([]))

            let read = try run(habits.addHabit(name: "Read", createdAt: Date(timeIntervalSince1970: 0)))
            _ = try run(habits.addHabit(name: "exercise", createdAt: Date(timeIntervalSince1970: 0)))
            #expect(try run(habits.checkIn(habitID: read, on: today)) == true)
            #expect(try run(habits.checkIn(habitID: read, on: today)) == false)  // once a day
            database.waitForPendingWork()

            let names = try seen.last?.get().map(\.name)
            #expect(names == ["exercise", "Read"])  // by name, case aside
            let readSummary = try seen.last?.get().first { $0.id == read }
            #expect(readSummary?.isDoneToday == true)
            #expect(readSummary?.checkInCount == 1)
            subscription.dispose()
        }
    }
    #expect(tracker.live == 0)
}

@Test func observedHabitListsItsCheckInsLatestFirst() throws {
    let tracker = SubscriptionTracker()
    try LiveSubscriptions.withTracker(tracker) {
        try withHabits { habits, database in
            let id = try run(habits.addHabit(name: "Stretch", createdAt: Date(timeIntervalSince1970: 86_400)))
            for day in [19_998, 20_000, 19_999] {
                _ = try run(habits.checkIn(habitID: id, on: Day(number: day)))
            }
            let seen = Values<Result<HabitObject?, DatabaseError>>()
            let subscription = habits.observeHabit(id: id, on: ImmediateScheduler())
                .subscribe(onNext: { seen.append($0) })
            database.waitForPendingWork()
            let habit = try seen.last?.get()
            #expect(habit?.name == "Stretch")
            #expect(habit?.createdAt == Date(timeIntervalSince1970: 86_400))
            #expect(habit?.checkIns.map(\.number) == [20_000, 19_999, 19_998])
            subscription.dispose()
        }
    }
    #expect(tracker.live == 0)
}

@Test func aMissingHabitIsObservedAsNil() throws {
    let tracker = SubscriptionTracker()
    try LiveSubscriptions.withTracker(tracker) {
        try withHabits { habits, _ in
            let seen = Values<Result<HabitObject?, DatabaseError>>()
            let subscription = habits.observeHabit(id: 42, on: ImmediateScheduler())
                .subscribe(onNext: { seen.append($0) })
            #expect(seen.all == [.success(nil)])
            subscription.dispose()
        }
    }
    #expect(tracker.live == 0)
}

@Test func aFailedWriteIsAResultAndTheObservationGoesOn() throws {
    let tracker = SubscriptionTracker()
    try LiveSubscriptions.withTracker(tracker) {
        try withHabits { habits, database in
            let seen = Values<Result<[HabitSummaryObject], DatabaseError>>()
            let subscription = habits.observeHabits(today: Day(number: 1), on: ImmediateScheduler())
                .subscribe(onNext: { seen.append($0) })
            // No habit 99: the foreign key refuses the check-in.
            let values = Values<Result<Bool, DatabaseError>>()
            habits.checkIn(habitID: 99, on: Day(number: 1)).subscribe(onNext: { values.append($0) }).dispose()
            guard case .failure = values.last else {
                Issue.record("expected a failure, got \(String(describing: values.last))")
                return
            }
            _ = try run(habits.addHabit(name: "Walk", createdAt: Date()))
            database.waitForPendingWork()
            #expect(try seen.last?.get().map(\.name) == ["Walk"])
            subscription.dispose()
        }
    }
    #expect(tracker.live == 0)
}

@Test func theSharedServiceBeforeConfigurationFailsWithoutEnding() {
    let tracker = SubscriptionTracker()
    LiveSubscriptions.withTracker(tracker) {
        let seen = Values<Result<[HabitSummaryObject], DatabaseError>>()
        let subscription = HabitsBaseService.shared.observeHabits(today: Day(number: 1), on: ImmediateScheduler())
            .subscribe(onNext: { seen.append($0) })
        #expect(seen.all.count == 1)
        #expect((try? seen.last?.get()) == nil)
        subscription.dispose()
    }
    #expect(tracker.live == 0)
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
