public import Foundation

/// How a todo repeats: completing it makes the next one, due one period after its due day.
///
/// Written `daily`, `weekly`, `monthly`, `yearly`, or `every N days` (also `weeks`, `months`,
/// `years`). Months and years count from the series' own day of the month, its *anchor day*
/// (the due day it started on): a month without that day takes its last day, and the month
/// after takes the anchor day again, so a series never drifts to an earlier day
/// (<doc:DueDates#Recurring-todos>).
public struct Recurrence: Hashable, Sendable, CustomStringConvertible {
    /// The unit of the period.
    public enum Unit: String, Hashable, Sendable, CaseIterable {
        case day, week, month, year
    }

    /// The unit.
    public let unit: Unit
    /// How many units make a period, at least 1.
    public let count: Int

    /// The largest count of units a period may have.
    public static let maximumCount = 1000

    /// Every `count` `unit`s; `nil` for a count below 1 or above ``maximumCount``.
    public init?(every count: Int, _ unit: Unit) {
        guard (1...Self.maximumCount).contains(count) else { return nil }
        self.unit = unit
        self.count = count
    }

    /// The recurrence `text` writes (`weekly`, `every 3 days`, any case), or `nil`.
    public init?(written text: String) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        switch words.count {
        case 1:
            guard let unit = Unit.allCases.first(where: { $0.adverb == words[0] }) else { return nil }
            self.init(every: 1, unit)
        case 2, 3:
            guard words[0] == "every" else { return nil }
            let count = words.count == 3 ? Int(words[1]) : 1
            let name = words[words.count - 1]
            guard let count, let unit = Unit.allCases.first(where: { name == $0.rawValue || name == $0.rawValue + "s" })
            else { return nil }
            self.init(every: count, unit)
        default:
            return nil
        }
    }

    /// Whether `text` is written as a recurrence (`every N units`) but its count is out of range.
    public static func hasCountOutOfRange(_ text: String) -> Bool {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        guard words.count == 3, words[0] == "every", let count = Int(words[1]) else { return false }
        let name = words[2]
        return Unit.allCases.contains { name == $0.rawValue || name == $0.rawValue + "s" }
            && Recurrence(every: count, .day) == nil
    }

    /// How it is written and stored: `daily`, `every 3 days`.
    public var written: String {
        count == 1 ? unit.adverb : "every \(count) \(unit.rawValue)s"
    }

    /// How it is written.
    public var description: String { written }

    /// The due day of the todo that follows one due at `due` (a due date as stored: its day's
    /// start in UTC) in a series anchored on `anchorDay`: what completing a recurring todo makes.
    public func next(afterDue due: Date, anchorDay: Int?) -> DueDay {
        next(after: DueDay(due), anchorDay: anchorDay)
    }

    /// The day one period after `day`, in a series anchored on `anchorDay` of the month.
    ///
    /// Days and weeks are counted from `day`. Months and years land on the anchor day, or on
    /// the month's last day when it is shorter (anchored on the 31st: Jan 31 → Feb 28 → Mar 31
    /// → Apr 30; on Feb 29, yearly: 2028-02-29 → 2029-02-28 → … → 2032-02-29), and never
    /// past the last day a due day may have. An anchor day that `day` does not agree with (see
    /// ``anchorDay(_:of:)``), or none, counts from `day`'s own day of the month.
    public func next(after day: DueDay, anchorDay: Int?) -> DueDay {
        switch unit {
        case .day: return day.adding(days: count)
        case .week: return day.adding(days: 7 * count)
        case .month, .year:
            let months = day.month - 1 + (unit == .month ? count : 12 * count)
            let year = day.year + months / 12
            let month = months % 12 + 1
            let last = DueDay.daysIn(month: month, year: year)
            // Past the last year a due day may have, the last day it may have.
            return DueDay(year: year, month: month, day: min(Self.anchorDay(anchorDay, of: day), last))
                ?? DueDay(daysSince1970: .max)
        }
    }

    /// The anchor day of a series whose todo is due on `day`, remembered as `anchorDay`: that
    /// day of the month when `day` agrees with it (falls on it, or on the last day of a month
    /// too short for it), else `day`'s own. A series' todos are due only on days that agree
    /// with its anchor, so one that does not (changed by another program, or from before
    /// series kept their day) counts from its due day, as a new series would.
    public static func anchorDay(_ anchorDay: Int?, of day: DueDay) -> Int {
        guard let anchorDay, (day.day...31).contains(anchorDay),
            anchorDay == day.day || day.day == DueDay.daysIn(month: day.month, year: day.year)
        else { return day.day }
        return anchorDay
    }
}

extension Recurrence.Unit {
    /// `daily`, `weekly`, `monthly`, `yearly`.
    var adverb: String {
        switch self {
        case .day: "daily"
        case .week: "weekly"
        case .month: "monthly"
        case .year: "yearly"
        }
    }
}
