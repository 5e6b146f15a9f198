public import Foundation

/// A calendar day (year, month, day) with no time of day and no time zone: what a due date is.
///
/// Arithmetic is on days since 1970-01-01 in the proleptic Gregorian calendar, with no calendar
/// or formatter objects, so results are the same on every machine and in every time zone.
///
/// ```swift
/// let day = DueDay(year: 2024, month: 2, day: 29)   // a leap day
/// day?.adding(days: 1).description                  // "2024-03-01"
/// ```
public struct DueDay: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The years a due day may have.
    public static let years = 1...9999

    /// The year, 1 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, valid for the month and year.
    public let day: Int

    /// The day, or `nil` when there is no such day (`2023-02-29`, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard Self.years.contains(year), (1...12).contains(month), day >= 1,
            day <= Self.daysIn(month: month, year: year)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day written exactly `YYYY-MM-DD`, or `nil` when the text is not a real day in that form.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The day `days` days after 1970-01-01 (before it when negative), clamped to the years
    /// a due day may have.
    public init(daysSince1970 days: Int) {
        let first = Self.daysFromCivil(year: Self.years.lowerBound, month: 1, day: 1)
        let last = Self.daysFromCivil(year: Self.years.upperBound, month: 12, day: 31)
        let (year, month, day) = Self.civilFromDays(min(max(days, first), last))
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `date` falls on in `timeZone` (UTC by default, as due dates are stored).
    public init(_ date: Date, in timeZone: TimeZone = Self.utc) {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down)) + Int64(timeZone.secondsFromGMT(for: date))
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        self.init(daysSince1970: Int(clamping: days))
    }

    /// Coordinated Universal Time, the zone due dates are stored in.
    public static let utc = TimeZone(secondsFromGMT: 0) ?? .current

    /// The day it is now where the person is: in `timeZone` (the system's by default).
    public static func today(now: Date = Date(), in timeZone: TimeZone = .current) -> DueDay {
        DueDay(now, in: timeZone)
    }

    /// How many days this day is after 1970-01-01.
    public var daysSince1970: Int { Self.daysFromCivil(year: year, month: month, day: day) }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> DueDay {
        DueDay(daysSince1970: daysSince1970 + count)
    }

    /// How this day stands to `today` in a few columns, for lists: `today`, `tomorrow`,
    /// `yesterday`, `in 3d`, `2d ago`.
    public func shortDistance(from today: DueDay) -> String {
        let days = daysSince1970 - today.daysSince1970
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(days)d"
        default: return "\(-days)d ago"
        }
    }

    /// The day of the week.
    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((daysSince1970 + 4) % 7 + 7) % 7
        return Weekday(rawValue: index) ?? .sunday
    }

    /// The start of the day in UTC, as due dates are stored.
    public var date: Date { Date(timeIntervalSince1970: TimeInterval(daysSince1970) * 86_400) }

    /// The day as `YYYY-MM-DD`.
    public var description: String { Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2) }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: DueDay, rhs: DueDay) -> Bool { lhs.daysSince1970 < rhs.daysSince1970 }

    /// How many days `month` of `year` has.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    // Howard Hinnant's days-from-civil algorithm, proleptic Gregorian calendar.
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A day of the week, Sunday first.
public enum Weekday: Int, Hashable, Sendable, CaseIterable {
    /// Sunday.
    case sunday
    /// Monday.
    case monday
    /// Tuesday.
    case tuesday
    /// Wednesday.
    case wednesday
    /// Thursday.
    case thursday
    /// Friday.
    case friday
    /// Saturday.
    case saturday

    /// The English name, capitalised: "Monday".
    public var name: String {
        ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][rawValue]
    }
}
