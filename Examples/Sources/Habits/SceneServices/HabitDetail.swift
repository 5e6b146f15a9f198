/// A habit's history as the detail scene shows it: the habit, and the day it is, from which
/// the streak follows.
public struct HabitDetail: Hashable, Sendable {
    /// The habit and its check-ins, the latest first.
    public var habit: HabitObject
    /// The day the detail was read on.
    public var today: Day

    /// A detail of `habit` read on `today`.
    public init(habit: HabitObject, today: Day) {
        self.habit = habit
        self.today = today
    }

    /// Whether the habit was done today.
    public var isDoneToday: Bool { habit.checkIns.first == today }

    /// How many days in a row the habit was done, up to today; a streak that reaches
    /// yesterday still counts while today is not over.
    public var streak: Int {
        let days = Set(habit.checkIns)
        var day = days.contains(today) ? today : today.previous
        var count = 0
        while days.contains(day) {
            count += 1
            day = day.previous
        }
        return count
    }
}
