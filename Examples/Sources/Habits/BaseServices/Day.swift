import Foundation
public import SQLiteProvider

/// A calendar day, stored as the number of days since 1970-01-01.
///
/// A check-in belongs to a day, not to an instant: checking in at 23:59 and at 00:01 are two
/// days wherever the person lives, so the day is taken from the local calendar once, when the
/// check-in is made, and stored as a plain number that sorts and subtracts.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int

    /// The day `number` days after 1970-01-01.
    public init(number: Int) {
        self.number = number
    }

    /// The day that contains `date` in `calendar` (the person's own by default).
    public init(containing date: Date, calendar: Calendar = .current) {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let midnight = Self.utc.date(from: parts) ?? date
        number = Int((midnight.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The day before this one.
    public var previous: Day { Day(number: number - 1) }

    /// The day as `2026-01-05`.
    public var description: String {
        let date = Date(timeIntervalSince1970: Double(number) * 86_400)
        let parts = Self.utc.dateComponents([.year, .month, .day], from: date)
        let year = parts.year ?? 1970
        let month = parts.month ?? 1
        let day = parts.day ?? 1
        return "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
    }

    /// Orders days from the earliest.
    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.number < rhs.number }

    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        return calendar
    }()
}

extension Day: SQLValueConvertible {
    /// The day as an integer column.
    public var sqlValue: SQLValue { .integer(Int64(number)) }

    /// A day from an integer column; `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        guard case .integer(let number) = sqlValue else { return nil }
        self.init(number: Int(number))
    }
}

extension Day: Encodable {
    /// The day as its number, the way a record stores it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(number)
    }
}
