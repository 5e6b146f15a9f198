public import Foundation

/// How a todo repeats: completing it makes the next one, due one period after its due day.
///
/// Written `daily`, `weekly`, `monthly`, `yearly`, or `every N days` (also `weeks`, `months`,
/// `years`). A month or a year later keeps the day of the month where the month has it, else
/// takes the month's last day (Jan 31 → Feb 28 → Mar 28).
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
    /// start in UTC): what completing a recurring todo makes.
    public func next(afterDue due: Date) -> DueDay { next(after: DueDay(due)) }

    /// The day one period after `day`.
    public func next(after day: DueDay) -> DueDay {
        switch unit {
        case .day: return day.adding(days: count)
        case .week: return day.adding(days: 7 * count)
        case .month, .year:
            let months = day.month - 1 + (unit == .month ? count : 12 * count)
            let year = min(DueDay.years.upperBound, day.year + months / 12)
            let month = months % 12 + 1
            let last = DueDay.daysIn(month: month, year: year)
            return DueDay(year: year, month: month, day: min(day.day, last)) ?? day
        }
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
