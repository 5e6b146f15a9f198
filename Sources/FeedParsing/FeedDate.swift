/// Parses the dates that feeds really contain into Unix time in milliseconds.
///
/// Two families are understood, by hand and without `DateFormatter`, so the result never
/// depends on the locale or the time zone of the machine:
///
/// - RFC 822 / RFC 1123 as used by RSS: `Tue, 03 Jun 2025 09:39:21 GMT`, with or without the
///   day name and the seconds, one-digit times (`9:5:1`), two- or four-digit years, named zones (`GMT`, `UT`, `UTC`, `Z`,
///   `EST`/`EDT`, `CST`/`CDT`, `MST`/`MDT`, `PST`/`PDT`, military letters, read as UTC) or numeric ones
///   (`+0000`, `-05:00`), and a trailing comment such as `(UTC)`.
/// - RFC 3339 / ISO 8601 as used by Atom and JSON Feed: `2025-06-03T09:39:21.123+02:00`, with
///   `Z` or an offset, any number of fraction digits, `t`/space as separator, or a date alone.
///
/// A string that fits neither, or names an impossible date (February 30th, hour 25), gives
/// `nil`. A missing zone means UTC.
public enum FeedDate {
    /// Unix time in milliseconds for `text`, or `nil` when it is not a date in a known format.
    public static func unixMilliseconds(from text: String) -> Int64? {
        var scanner = _DateScanner(text)
        scanner.skipSpaces()
        guard !scanner.isAtEnd else { return nil }
        if let value = rfc3339(text) { return value }
        return rfc822(text) ?? loose(text)
    }

    /// Reads the other shapes generators write, word by word: the month by name with the day
    /// and a four-digit year in any order (`Sat Oct 06 2018 00:00:00 GMT`), a numeric date
    /// (`2020/1/10 14:33:00`), a 12-hour time (`8:56 pm`), and an optional zone. A word it
    /// does not know makes the whole text unreadable rather than guessed at.
    static func loose(_ text: String) -> Int64? {
        guard text.utf8.count <= 80 else { return nil }
        var year: Int?
        var month: Int?
        var day: Int?
        var hour = 0
        var minute = 0
        var second = 0
        var offset = 0
        var meridiem: String?
        let weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        let words = text.split { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        for word in words {
            let lowered = word.lowercased()
            let numbers = word.split { $0 == "-" || $0 == "/" || $0 == "." }.map { Int($0) }
            if word.contains(":"), let first = word.first, first.isNumber {
                let parts = word.split(separator: ":").map { Int($0) }
                guard (2...3).contains(parts.count), let h = parts[0], let m = parts[1] else { return nil }
                hour = h
                minute = m
                second = parts.count == 3 ? (parts[2] ?? 0) : 0
            } else if numbers.count == 3, numbers.allSatisfy({ $0 != nil }), word.first?.isNumber == true {
                let values = numbers.compactMap { $0 }
                guard values[0] > 31 else { return nil }  // only year first: day and month order is ambiguous
                (year, month, day) = (values[0], values[1], values[2])
            } else if word.first?.isNumber == true, let number = Int(word) {
                if word.count == 4 {
                    year = number
                } else if word.count <= 2, day == nil {
                    day = number
                } else {
                    return nil
                }
            } else if ["am", "pm", "a.m.", "p.m."].contains(lowered) {
                meridiem = String(lowered.prefix(1))
            } else if let named = monthNumber(String(lowered.prefix { $0.isLetter })), month == nil {
                month = named
            } else if weekdays.contains(where: { lowered.hasPrefix($0) }) {
                continue
            } else {
                var scanner = _DateScanner(String(word))
                guard let zone = scanner.numericOffset() ?? scanner.namedZone(), scanner.isAtEnd else { return nil }
                offset = zone
            }
        }
        guard let year, let month, let day else { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "p" ? 12 : 0)
        }
        return unixMilliseconds(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            millisecond: 0, offsetMinutes: offset
        )
    }

    /// Parses RFC 3339 and its common relaxations.
    static func rfc3339(_ text: String) -> Int64? {
        var scanner = _DateScanner(text)
        scanner.skipSpaces()
        guard let year = scanner.digits(exactly: 4), scanner.take("-"),
            let month = scanner.digits(exactly: 2), scanner.take("-"),
            let day = scanner.digits(exactly: 2)
        else { return nil }
        var hour = 0
        var minute = 0
        var second = 0
        var millisecond = 0
        var offset = 0
        if scanner.take("T") || scanner.take("t") || (scanner.peekIsSpace && scanner.peekDigit(at: 1)) {
            scanner.skipSpaces()
            guard let parsedHour = scanner.digits(minimum: 1, maximum: 2), scanner.take(":"),
                let parsedMinute = scanner.digits(minimum: 1, maximum: 2)
            else { return nil }
            hour = parsedHour
            minute = parsedMinute
            if scanner.take(":") {
                guard let parsedSecond = scanner.digits(minimum: 1, maximum: 2) else { return nil }
                second = parsedSecond
                if scanner.take(".") || scanner.take(",") {
                    guard let fraction = scanner.fractionMilliseconds() else { return nil }
                    millisecond = fraction
                }
            }
            scanner.skipSpaces()
            if scanner.take("Z") || scanner.take("z") {
                offset = 0
            } else if let numeric = scanner.numericOffset() {
                offset = numeric
            } else if !scanner.isAtEnd {
                if let named = scanner.namedZone() { offset = named } else { return nil }
            }
        }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        return unixMilliseconds(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            millisecond: millisecond, offsetMinutes: offset
        )
    }

    /// Parses RFC 822 / RFC 1123 and their common relaxations.
    static func rfc822(_ text: String) -> Int64? {
        var scanner = _DateScanner(text)
        scanner.skipSpaces()
        if scanner.peekIsLetter {
            _ = scanner.letters()
            _ = scanner.take(",")
            scanner.skipSpaces()
        }
        guard let day = scanner.digits(minimum: 1, maximum: 2) else { return nil }
        scanner.skipSeparators()
        guard let monthName = scanner.letters(), let month = monthNumber(monthName) else { return nil }
        scanner.skipSeparators()
        guard let rawYear = scanner.digits(minimum: 2, maximum: 4) else { return nil }
        let year: Int
        switch scanner.lastDigitCount {
        case 2: year = rawYear < 50 ? 2000 + rawYear : 1900 + rawYear
        case 4: year = rawYear
        default: return nil
        }
        scanner.skipSpaces()
        var hour = 0
        var minute = 0
        var second = 0
        if let parsedHour = scanner.digits(minimum: 1, maximum: 2) {
            // Some generators drop a leading zero: `9:5:1` is read as 09:05:01.
            guard scanner.take(":"), let parsedMinute = scanner.digits(minimum: 1, maximum: 2) else { return nil }
            hour = parsedHour
            minute = parsedMinute
            if scanner.take(":") {
                guard let parsedSecond = scanner.digits(minimum: 1, maximum: 2) else { return nil }
                second = parsedSecond
                if scanner.take(".") { _ = scanner.fractionMilliseconds() }
            }
        }
        scanner.skipSpaces()
        var offset = 0
        if !scanner.isAtEnd && !scanner.peek("(") {
            if let numeric = scanner.numericOffset() {
                offset = numeric
            } else if let named = scanner.namedZone() {
                offset = named
                scanner.skipSpaces()
                if let extra = scanner.numericOffset() { offset += extra }
            } else {
                return nil
            }
        }
        scanner.skipSpaces()
        if scanner.take("(") { scanner.skipToEnd(after: ")") }
        scanner.skipSpaces()
        guard scanner.isAtEnd else { return nil }
        return unixMilliseconds(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            millisecond: 0, offsetMinutes: offset
        )
    }

    /// Unix milliseconds for a civil date and time at `offsetMinutes` east of UTC, or `nil`
    /// when a field is out of range. A leap second (`:60`) counts as `:59`.
    static func unixMilliseconds(
        year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int,
        offsetMinutes: Int
    ) -> Int64? {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...daysInMonth(month, year: year)).contains(day),
            (0...23).contains(hour) || (hour == 24 && minute == 0 && second == 0),
            (0...59).contains(minute), (0...60).contains(second),
            (0...999).contains(millisecond), abs(offsetMinutes) < 100 * 60
        else { return nil }
        let days = Int64(daysFromCivil(year: year, month: month, day: day))
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59)) - Int64(offsetMinutes * 60)
        return seconds * 1000 + Int64(millisecond)
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func monthNumber(_ name: String) -> Int? {
        guard name.count >= 3 else { return nil }
        let lowered = name.lowercased()
        if name.count > 3 {
            let full = [
                "january", "february", "march", "april", "may", "june", "july", "august", "september",
                "october", "november", "december",
            ]
            if let index = full.firstIndex(of: lowered) { return index + 1 }
            if lowered == "sept" { return 9 }
            return nil
        }
        return months.firstIndex(of: lowered).map { $0 + 1 }
    }
}

/// A byte cursor over a date string.
struct _DateScanner {
    private let bytes: [UInt8]
    private var index = 0
    private(set) var lastDigitCount = 0

    init(_ text: String) { bytes = Array(text.utf8) }

    var isAtEnd: Bool { index >= bytes.count }

    var peekIsLetter: Bool { !isAtEnd && Self.isLetter(bytes[index]) }

    var peekIsSpace: Bool { !isAtEnd && (bytes[index] == 0x20 || bytes[index] == 0x09) }

    func peekDigit(at distance: Int) -> Bool {
        index + distance < bytes.count && Self.isDigit(bytes[index + distance])
    }

    func peek(_ character: Unicode.Scalar) -> Bool {
        !isAtEnd && bytes[index] == UInt8(truncatingIfNeeded: character.value)
    }

    mutating func take(_ character: Unicode.Scalar) -> Bool {
        guard peek(character) else { return false }
        index += 1
        return true
    }

    mutating func skipSpaces() {
        while peekIsSpace || (!isAtEnd && (bytes[index] == 0x0A || bytes[index] == 0x0D)) { index += 1 }
    }

    mutating func skipSeparators() {
        while !isAtEnd && (bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == UInt8(ascii: "-")) {
            index += 1
        }
    }

    mutating func skipToEnd(after character: Unicode.Scalar) {
        while !isAtEnd {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(truncatingIfNeeded: character.value) { return }
        }
    }

    mutating func letters() -> String? {
        let start = index
        while !isAtEnd && Self.isLetter(bytes[index]) { index += 1 }
        guard index > start, index - start <= 12 else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    mutating func digits(exactly count: Int) -> Int? {
        digits(minimum: count, maximum: count)
    }

    mutating func digits(minimum: Int, maximum: Int) -> Int? {
        let start = index
        var value = 0
        while !isAtEnd && Self.isDigit(bytes[index]) && index - start < maximum {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        let count = index - start
        guard count >= minimum, isAtEnd || !Self.isDigit(bytes[index]) else {
            index = start
            return nil
        }
        lastDigitCount = count
        return value
    }

    /// Any number of fraction digits, as milliseconds (truncated).
    mutating func fractionMilliseconds() -> Int? {
        let start = index
        var value = 0
        while !isAtEnd && Self.isDigit(bytes[index]) {
            if index - start < 3 { value = value * 10 + Int(bytes[index] - 0x30) }
            index += 1
        }
        let count = index - start
        guard count > 0 else { return nil }
        var scale = count
        while scale < 3 {
            value *= 10
            scale += 1
        }
        return value
    }

    /// `+hhmm`, `-hhmm`, `+hh:mm`, `+hh`, as minutes east of UTC.
    mutating func numericOffset() -> Int? {
        guard !isAtEnd, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") else { return nil }
        let start = index
        let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
        index += 1
        guard let hours = digits(exactly: 2) ?? digits(exactly: 4).map({ $0 * 100 }) else {
            index = start
            return nil
        }
        if hours >= 100 {
            // Four digits and nothing else (`+3000`) are applied as written, even past a day:
            // the date is kept, off by what the feed got wrong, rather than lost.
            return sign * ((hours / 10_000) * 60 + (hours / 100) % 100)
        }
        var minutes = 0
        if take(":") {
            // `+00:0`: minutes cut short are read as far as they go.
            guard let parsed = digits(minimum: 1, maximum: 2) else {
                index = start
                return nil
            }
            minutes = parsed
        } else if let parsed = digits(exactly: 2) {
            minutes = parsed
        }
        guard hours < 24, minutes < 60 else {
            index = start
            return nil
        }
        return sign * (hours * 60 + minutes)
    }

    /// A named zone, as minutes east of UTC.
    mutating func namedZone() -> Int? {
        let start = index
        guard let name = letters()?.uppercased() else { return nil }
        let offsets: [String: Int] = [
            "GMT": 0, "UT": 0, "UTC": 0, "Z": 0, "EST": -300, "EDT": -240, "CST": -360, "CDT": -300,
            "MST": -420, "MDT": -360, "PST": -480, "PDT": -420, "BST": 60, "CET": 60, "CEST": 120,
        ]
        if let offset = offsets[name] { return offset }
        if name.count == 1, name != "J" {
            // RFC 822's military zones had their signs reversed in practice; RFC 2822 says to
            // read them as an unknown zone, which means UTC here.
            return 0
        }
        index = start
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }
}
