public import Streams

/// What the habit list needs: its habits, adding one, checking one in, and the quote.
public protocol HabitListServiceType: Sendable {
    /// Every habit by name with today's state, delivered on `scheduler`; never ends on an error.
    func observeHabits(on scheduler: any Scheduler) -> Observable<Result<[HabitSummaryObject], HabitsError>>
    /// Adds a habit named `name` when subscribed; sends its identifier.
    func addHabit(name: String) -> Observable<Result<Int64, HabitsError>>
    /// Checks habit `habitID` in today when subscribed; sends whether that was new.
    func checkInToday(habitID: Int64) -> Observable<Result<Bool, HabitsError>>
    /// Fetches today's quote when subscribed.
    func quoteOfTheDay() -> Observable<Result<QuoteObject, HabitsError>>
}
