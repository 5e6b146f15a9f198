import Foundation
import Habits
import Streams
import Synchronization
import Testing

/// A list service whose every method is a closure; one a test did not give fails the test.
struct FakeHabitListService: HabitListServiceType {
    var habits: @Sendable (any Scheduler) -> Observable<Result<[HabitSummaryObject], HabitsError>> = { _ in
        unexpected("observeHabits")
    }
    var add: @Sendable (String) -> Observable<Result<Int64, HabitsError>> = { _ in unexpected("addHabit") }
    var checkIn: @Sendable (Int64) -> Observable<Result<Bool, HabitsError>> = { _ in unexpected("checkInToday") }
    var quote: @Sendable () -> Observable<Result<QuoteObject, HabitsError>> = { .never() }

    func observeHabits(on scheduler: any Scheduler) -> Observable<Result<[HabitSummaryObject], HabitsError>> {
        habits(scheduler)
    }
    func addHabit(name: String) -> Observable<Result<Int64, HabitsError>> { add(name) }
    func checkInToday(habitID: Int64) -> Observable<Result<Bool, HabitsError>> { checkIn(habitID) }
    func quoteOfTheDay() -> Observable<Result<QuoteObject, HabitsError>> { quote() }
}

/// A detail service whose every method is a closure; one a test did not give fails the test.
struct FakeHabitDetailService: HabitDetailServiceType {
    var detail: @Sendable (any Scheduler) -> Observable<Result<HabitDetail?, HabitsError>> = { _ in
        unexpected("observeDetail")
    }
    var checkIn: @Sendable () -> Observable<Result<Bool, HabitsError>> = { unexpected("checkInToday") }

    func observeDetail(on scheduler: any Scheduler) -> Observable<Result<HabitDetail?, HabitsError>> {
        detail(scheduler)
    }
    func checkInToday() -> Observable<Result<Bool, HabitsError>> { checkIn() }
}

/// Records the unexpected call as a test failure and answers with a stream that never sends.
func unexpected<Value: Sendable>(_ name: String) -> Observable<Value> {
    Issue.record("unexpected call to \(name)")
    return .never()
}

/// Small values the tests share.
enum Fixtures {
    static let today = Day(number: 20_000)  // 2024-10-04

    static func habit(_ id: Int64, _ name: String, days: Int = 0, doneToday: Bool = false) -> HabitSummaryObject {
        HabitSummaryObject(id: id, name: name, checkInCount: days, isDoneToday: doneToday)
    }

    static let fixedClock: HabitClock = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return HabitClock(calendar: calendar, now: { Date(timeIntervalSince1970: 20_000 * 86_400 + 43_200) })
    }()
}

/// Counts calls from any thread.
final class SanitizerFreeCounter: Sendable {
    private let count = Mutex(0)

    /// The count before this call.
    func next() -> Int {
        count.withLock { value in
            defer { value += 1 }
            return value
        }
    }
}
