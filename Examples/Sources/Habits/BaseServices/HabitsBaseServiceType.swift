import Foundation
public import SQLiteProvider
public import Streams

/// Everything the app asks of its database. ``HabitsBaseService`` is the one implementation;
/// scene services depend on this protocol so their tests can hand them a fake.
public protocol HabitsBaseServiceType: Sendable {
    /// Every habit by name, with whether it was done on `today`, delivered on `scheduler`:
    /// once on subscribe, then after every commit that changes habits or check-ins.
    func observeHabits(
        today: Day, on scheduler: any Scheduler
    ) -> Observable<Result<[HabitSummaryObject], DatabaseError>>
    /// One habit with its check-ins (`nil` once it is gone), delivered on `scheduler`.
    func observeHabit(id: Int64, on scheduler: any Scheduler) -> Observable<Result<HabitObject?, DatabaseError>>
    /// Adds a habit when subscribed, sends its identifier and completes.
    func addHabit(name: String, category: HabitCategory, createdAt: Date) -> Observable<Result<Int64, DatabaseError>>
    /// Renames habit `id` when subscribed; sends the new name and completes.
    func renameHabit(id: Int64, to name: String) -> Observable<Result<String, DatabaseError>>
    /// Records that habit `habitID` was done on `day` (or takes that back) when subscribed;
    /// sends whether that changed anything (checking in twice on one day does not) and completes.
    func setDone(_ isDone: Bool, habitID: Int64, on day: Day) -> Observable<Result<Bool, DatabaseError>>
}
