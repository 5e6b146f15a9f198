public import Streams

/// The habit list's service: immutable, made by the coordinator for one list scene, over the
/// base services.
///
/// ```swift
/// let service = HabitListService(habits: HabitsBaseService.shared, quotes: QuotesBaseService.shared)
/// service.observeHabits(on: ui).subscribe(onNext: { print($0) })
/// ```
public struct HabitListService: HabitListServiceType {
    let habits: any HabitsBaseServiceType
    let quotes: any QuotesBaseServiceType
    let clock: HabitClock

    /// A service over `habits` and `quotes` that reads the day from `clock`.
    public init(habits: any HabitsBaseServiceType, quotes: any QuotesBaseServiceType, clock: HabitClock = .system) {
        self.habits = habits
        self.quotes = quotes
        self.clock = clock
    }

    /// Every habit by name, "done today" judged on the day of the subscription.
    public func observeHabits(on scheduler: any Scheduler) -> Observable<Result<[HabitSummaryObject], HabitsError>> {
        let habits = habits
        let clock = clock
        return Observable.deferred {
            habits.observeHabits(today: clock.today, on: scheduler).map { $0.mapError(HabitsError.init) }
        }
    }

    /// Adds a habit named `name`, created now.
    public func addHabit(name: String) -> Observable<Result<Int64, HabitsError>> {
        let habits = habits
        let clock = clock
        return Observable.deferred {
            habits.addHabit(name: name, createdAt: clock.now()).map { $0.mapError(HabitsError.init) }
        }
    }

    /// Checks habit `habitID` in on the day of the subscription.
    public func checkInToday(habitID: Int64) -> Observable<Result<Bool, HabitsError>> {
        let habits = habits
        let clock = clock
        return Observable.deferred {
            habits.checkIn(habitID: habitID, on: clock.today).map { $0.mapError(HabitsError.init) }
        }
    }

    /// Today's quote.
    public func quoteOfTheDay() -> Observable<Result<QuoteObject, HabitsError>> {
        quotes.quoteOfTheDay().map { $0.mapError(HabitsError.init) }
    }
}
