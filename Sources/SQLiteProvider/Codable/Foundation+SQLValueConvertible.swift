public import Foundation

extension Date: SQLValueConvertible {
    /// The date as UTC text, `"2026-11-25 08:30:00.000"`: the form SQLite's own date functions
    /// read and write, which sorts in time order.
    public var sqlValue: SQLValue { .text(SQLDate.format(self)) }

    /// The date in text of the forms ``SQLDate/parse(_:)`` reads, or in seconds since 1970 (an
    /// integer or a real number); `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .integer(let seconds): self.init(timeIntervalSince1970: TimeInterval(seconds))
        case .real(let seconds): self.init(timeIntervalSince1970: seconds)
        case .text(let text):
            guard let date = SQLDate.parse(text) else { return nil }
            self = date
        default: return nil
        }
    }
}

extension UUID: SQLValueConvertible {
    /// The identifier as text, `"E621E1F8-C36C-495A-93FC-0C247A3E6E5F"`.
    public var sqlValue: SQLValue { .text(uuidString) }

    /// The identifier in text (in either case) or in a blob of 16 bytes; `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else { return nil }
            self = uuid
        case .blob(let bytes) where bytes.count == 16:
            self = bytes.withUnsafeBytes { UUID(uuid: $0.loadUnaligned(as: uuid_t.self)) }
        default: return nil
        }
    }
}

extension Data: SQLValueConvertible {
    /// `.blob` of the bytes.
    public var sqlValue: SQLValue { .blob([UInt8](self)) }

    /// The bytes of a blob, or `nil` for any other value.
    public init?(sqlValue: SQLValue) {
        guard case .blob(let bytes) = sqlValue else { return nil }
        self.init(bytes)
    }
}

/// The text form of dates in the database: UTC, `YYYY-MM-DD HH:MM:SS.SSS`.
public enum SQLDate {
    /// `date` as `"YYYY-MM-DD HH:MM:SS.SSS"` in UTC.
    public static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, dayMilliseconds) = floorDivision(milliseconds, 86_400_000)
        let (year, month, day) = civilDate(fromDays: days)
        let seconds = dayMilliseconds / 1000
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2)) "
            + "\(pad(seconds / 3600, 2)):\(pad(seconds / 60 % 60, 2)):\(pad(seconds % 60, 2)).\(pad(dayMilliseconds % 1000, 3))"
    }

    /// The date in `text`, or `nil` when it is not one of: `YYYY-MM-DD`, then optionally a space
    /// or `T` and `HH:MM`, `:SS`, a fraction of a second, and a zone (`Z` or `±HH:MM`; UTC
    /// without one). The forms SQLite's date functions and ISO 8601 use.
    public static func parse(_ text: String) -> Date? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"), let month = scanner.number(digits: 2),
            scanner.skip("-"), let day = scanner.number(digits: 2),
            (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year)
        else { return nil }
        var seconds = 0.0
        if scanner.skip(" ") || scanner.skip("T") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
                hour < 24, minute < 60
            else { return nil }
            seconds = Double(hour * 3600 + minute * 60)
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2), second < 60 else { return nil }
                seconds += Double(second)
                if scanner.skip(".") {
                    guard let fraction = scanner.fraction() else { return nil }
                    seconds += fraction
                }
            }
            if scanner.skip("Z") {
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(digits: 2), scanner.skip(":"), let minutes = scanner.number(digits: 2),
                    hours < 24, minutes < 60
                else { return nil }
                seconds -= Double(sign * (hours * 3600 + minutes * 60))
            }
        }
        guard scanner.isAtEnd else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: Double(days) * 86_400 + seconds)
    }

    // MARK: Calendar arithmetic (proleptic Gregorian, UTC)

    private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
        return (quotient, value - quotient * divisor)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to the given date.
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        let shiftedYear = Int64(month <= 2 ? year - 1 : year)
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = Int64((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    private static func civilDate(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// Reads digits and separators from the front of UTF-8 text.
    private struct DigitScanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(character.value) else { return false }
            position += 1
            return true
        }

        mutating func number(digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + digits] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += digits
            return value
        }

        mutating func fraction() -> Double? {
            var value = 0.0
            var scale = 0.1
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                value += Double(bytes[position] - UInt8(ascii: "0")) * scale
                scale /= 10
                position += 1
            }
            return position > start ? value : nil
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
