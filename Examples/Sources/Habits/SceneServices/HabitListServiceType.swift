public import Streams

/// What the habit list needs: its habits, adding one, checking one in, and the quote.
public protocol HabitListServiceType: Sendable {
    /// Every habit by name with today's state, delivered on `scheduler`; never ends on an error.
    func observeHabits(on scheduler: any Scheduler) -> Observable<Result<[HabitSummaryObject], HabitsError>>
    /// Adds a habit named `name` when subscribed; sends its identifier.
    func addHabit(name: String) -> Observable<Result<Int64, HabitsError>>
    /// Marks habit `habitID` done today (or not) when subscribed; sends whether that changed
    /// anything.
    func setDoneToday(_ isDone: Bool, habitID: Int64) -> Observable<Result<Bool, HabitsError>>
    /// Fetches today's quote when subscribed.
    func quoteOfTheDay() -> Observable<Result<QuoteObject, HabitsError>>
}
