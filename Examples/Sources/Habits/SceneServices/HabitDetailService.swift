public import Streams

/// The detail scene's service for one habit: immutable, made by the coordinator when the
/// person opens the habit.
public struct HabitDetailService: HabitDetailServiceType {
    /// The habit shown.
    public let habitID: Int64
    let habits: any HabitsBaseServiceType
    let clock: HabitClock

    /// A service for habit `habitID` over `habits`, reading the day from `clock`.
    public init(habitID: Int64, habits: any HabitsBaseServiceType, clock: HabitClock = .system) {
        self.habitID = habitID
        self.habits = habits
        self.clock = clock
    }

    /// The habit's history, with the day it was read on.
    public func observeDetail(on scheduler: any Scheduler) -> Observable<Result<HabitDetail?, HabitsError>> {
        let clock = clock
        return habits.observeHabit(id: habitID, on: scheduler)
            .map { result in result.map { habit in habit.map { HabitDetail(habit: $0, today: clock.today) } } }
            .wordedForPeople()
    }

    /// Marks the habit done on the day of the subscription, or takes that back.
    public func setDoneToday(_ isDone: Bool) -> Observable<Result<Bool, HabitsError>> {
        let (habits, habitID, clock) = (habits, habitID, clock)
        return Observable.deferred { habits.setDone(isDone, habitID: habitID, on: clock.today).wordedForPeople() }
    }

    /// Renames the habit.
    public func rename(to name: String) -> Observable<Result<String, HabitsError>> {
        habits.renameHabit(id: habitID, to: name).wordedForPeople()
    }
}
