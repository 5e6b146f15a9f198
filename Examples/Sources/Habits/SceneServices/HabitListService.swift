public import Streams

/// The habit list's service: immutable, made by the coordinator for one list scene, over the
/// base services.
///
/// ```swift
/// let service = HabitListService(habits: HabitsBaseService.shared, server: ServerBaseService.shared)
/// service.observeHabits(on: ui).subscribe(onNext: { print($0) })
/// ```
public struct HabitListService: HabitListServiceType {
    let habits: any HabitsBaseServiceType
    let server: any ServerBaseServiceType
    let clock: HabitClock

    /// A service over `habits` and `server` that reads the day from `clock`.
    public init(habits: any HabitsBaseServiceType, server: any ServerBaseServiceType, clock: HabitClock = .system) {
        self.habits = habits
        self.server = server
        self.clock = clock
    }

    /// Every habit by name, "done today" judged on the day of the subscription.
    public func observeHabits(on scheduler: any Scheduler) -> Observable<Result<[HabitSummaryObject], HabitsError>> {
        let habits = habits
        let clock = clock
        return Observable.deferred {
            habits.observeHabits(today: clock.today, on: scheduler).wordedForPeople()
        }
    }

    /// Adds a habit named `name`, created now, in ``HabitCategory/other``.
    public func addHabit(name: String) -> Observable<Result<Int64, HabitsError>> {
        let habits = habits
        let clock = clock
        return Observable.deferred {
            habits.addHabit(name: name, category: .other, createdAt: clock.now()).wordedForPeople()
        }
    }

    /// Marks habit `habitID` done today, or takes that back.
    public func setDoneToday(_ isDone: Bool, habitID: Int64) -> Observable<Result<Bool, HabitsError>> {
        let habits = habits
        let clock = clock
        return Observable.deferred {
            habits.setDone(isDone, habitID: habitID, on: clock.today).wordedForPeople()
        }
    }

    /// Today's quote.
    public func quoteOfTheDay() -> Observable<Result<QuoteObject, HabitsError>> {
        server.quoteOfTheDay().wordedForPeople()
    }
}
