import Foundation
import Habits
import Streams
import Testing

/// A list service whose every method is a closure; one a test did not give fails the test.
struct FakeHabitListService: HabitListServiceType {
    var habits: @Sendable (any Scheduler) -> Observable<Result<[HabitSummaryObject], HabitsError>> = { _ in
        unexpected("observeHabits")
    }
    var add: @Sendable (String) -> Observable<Result<Int64, HabitsError>> = { _ in unexpected("addHabit") }
    var setDone: @Sendable (Bool, Int64) -> Observable<Result<Bool, HabitsError>> = { _, _ in
        unexpected("setDoneToday")
    }
    var quote: @Sendable () -> Observable<Result<QuoteObject, HabitsError>> = { .never() }

    func observeHabits(on scheduler: any Scheduler) -> Observable<Result<[HabitSummaryObject], HabitsError>> {
        habits(scheduler)
    }
    func addHabit(name: String) -> Observable<Result<Int64, HabitsError>> { add(name) }
    func setDoneToday(_ isDone: Bool, habitID: Int64) -> Observable<Result<Bool, HabitsError>> {
        setDone(isDone, habitID)
    }
    func quoteOfTheDay() -> Observable<Result<QuoteObject, HabitsError>> { quote() }
}

/// A detail service whose every method is a closure; one a test did not give fails the test.
struct FakeHabitDetailService: HabitDetailServiceType {
    var detail: @Sendable (any Scheduler) -> Observable<Result<HabitDetail?, HabitsError>> = { _ in
        unexpected("observeDetail")
    }
    var setDone: @Sendable (Bool) -> Observable<Result<Bool, HabitsError>> = { _ in unexpected("setDoneToday") }
    var rename: @Sendable (String) -> Observable<Result<String, HabitsError>> = { _ in unexpected("rename") }

    func observeDetail(on scheduler: any Scheduler) -> Observable<Result<HabitDetail?, HabitsError>> {
        detail(scheduler)
    }
    func setDoneToday(_ isDone: Bool) -> Observable<Result<Bool, HabitsError>> { setDone(isDone) }
    func rename(to name: String) -> Observable<Result<String, HabitsError>> { rename(name) }
}

/// An idea search service whose every method is a closure; one a test did not give fails the
/// test.
struct FakeIdeaSearchService: IdeaSearchServiceType {
    var ideas: @Sendable (String) -> Observable<Result<[HabitIdea], HabitsError>> = { _ in unexpected("ideas") }
    var add: @Sendable (HabitIdea) -> Observable<Result<Int64, HabitsError>> = { _ in unexpected("addHabit") }

    func ideas(matching keyword: String) -> Observable<Result<[HabitIdea], HabitsError>> { ideas(keyword) }
    func addHabit(from idea: HabitIdea) -> Observable<Result<Int64, HabitsError>> { add(idea) }
}

/// Records the unexpected call as a test failure and answers with a stream that never sends.
func unexpected<Value: Sendable>(_ name: String) -> Observable<Value> {
    Issue.record("unexpected call to \(name)")
    return .never()
}

/// Small values the tests share.
enum Fixtures {
    static let today = Day(number: 20_000)  // 2024-10-04

    /// Where the tests' habits server is; a `StubTransport` answers, nothing is sent.
    static let serverURL = URL(string: "https://habits.example") ?? URL(fileURLWithPath: "/")

    static func habit(_ id: Int64, _ name: String, days: Int = 0, doneToday: Bool = false) -> HabitSummaryObject {
        HabitSummaryObject(id: id, name: name, checkInCount: days, isDoneToday: doneToday)
    }

    static let fixedClock: HabitClock = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return HabitClock(calendar: calendar, now: { Date(timeIntervalSince1970: 20_000 * 86_400 + 43_200) })
    }()
}
