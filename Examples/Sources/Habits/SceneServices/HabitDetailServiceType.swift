public import Streams

/// What the detail of one habit needs: its history, and checking it in.
public protocol HabitDetailServiceType: Sendable {
    /// The habit with its check-ins and the day it is (`nil` once the habit is gone),
    /// delivered on `scheduler`; never ends on an error.
    func observeDetail(on scheduler: any Scheduler) -> Observable<Result<HabitDetail?, HabitsError>>
    /// Checks the habit in today when subscribed; sends whether that was new.
    func checkInToday() -> Observable<Result<Bool, HabitsError>>
}
