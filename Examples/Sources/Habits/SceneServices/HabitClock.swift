public import Foundation

/// Where "now" and "today" come from: the system clock in the app, a fixed instant in tests.
public struct HabitClock: Sendable {
    /// The current instant.
    public var now: @Sendable () -> Date
    /// The calendar days are taken in.
    public var calendar: Calendar

    /// A clock reading `now` in `calendar`.
    public init(calendar: Calendar = .current, now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        self.calendar = calendar
    }

    /// The system clock in the person's calendar.
    public static let system = HabitClock()

    /// The day it is now.
    public var today: Day { Day(containing: now(), calendar: calendar) }
}
