public import Streams

/// What the detail of one habit needs: its history, checking it in, and renaming it.
public protocol HabitDetailServiceType: Sendable {
    /// The habit with its check-ins and the day it is (`nil` once the habit is gone),
    /// delivered on `scheduler`; never ends on an error.
    func observeDetail(on scheduler: any Scheduler) -> Observable<Result<HabitDetail?, HabitsError>>
    /// Marks the habit done today (or not) when subscribed; sends whether that changed anything.
    func setDoneToday(_ isDone: Bool) -> Observable<Result<Bool, HabitsError>>
    /// Renames the habit when subscribed; sends the name as stored.
    func rename(to name: String) -> Observable<Result<String, HabitsError>>
}
