public import Foundation

/// Reads a due day as people type it, relative to an injected today and in an injected
/// day/month order; pure, so the same text on the same day always gives the same answer.
///
/// Accepted, in any letter case, with spaces anywhere between words:
/// - `today`, `tomorrow` (also `tmrw`, `tmr`), `yesterday`;
/// - a weekday, `friday` or `fri` (also `next fri`, `this fri`): the next such day, a week ahead
///   when today is that day;
/// - `next week` (seven days from today), `+3d`, `+2w`, `in 3 days`, `in 2 weeks`, `in a week`;
///   back in time, `-3d`, `-1w`, `3 days ago`;
/// - months and years: `next month`, `+1m`, `in 2 months`, `next year`, `+1y`, `in a year`,
///   `2 months ago`: the same day of the month, or the month's last day when it has fewer
///   (January 31 and a month: February 28 or 29);
/// - the end of a period: `eow` or `end of week` (the coming Sunday, today when it is Sunday:
///   weeks run Monday to Sunday, as ISO 8601 has them), `eom` or `end of month`, `eoy` or
///   `end of year`;
/// - a month's name with a day, either way round, with or without a year: `dec 24`,
///   `24 december`, `Dec 24th, 2027`; without a year, the next time that day comes (today
///   included);
/// - `24/12` or `12/24` by ``DayMonthOrder``, `24/12/2027` with a year;
/// - ISO `2026-12-24` (a one-digit month or day is fine).
///
/// ```swift
/// let parser = DueDayParser(today: DueDay(year: 2026, month: 11, day: 26)!, order: .dayFirst)
/// parser.parse("fri")          // .success(2026-11-27)
/// parser.parse("2024-02-30")   // .failure("February 2024 has 29 days, so there is no February 30.")
/// ```
public struct DueDayParser: Hashable, Sendable {
    /// The day relative forms count from.
    public var today: DueDay
    /// How `24/12` and `12/24` are read.
    public var order: DayMonthOrder

    /// A parser counting from `today`, reading short dates in `order`.
    public init(today: DueDay, order: DayMonthOrder) {
        self.today = today
        self.order = order
    }

    /// A parser for now: today where the person is (the system's time zone) and the order of
    /// their locale, as `environment` names it (see ``DayMonthOrder``).
    public static func current(
        environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date(),
        timeZone: TimeZone = .current
    ) -> DueDayParser {
        DueDayParser(today: .today(now: now, in: timeZone), order: .of(environment: environment))
    }

    /// English month names, January first.
    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// The day `text` names, or why it names none.
    public func parse(_ text: String) -> Result<DueDay, DueDayError> {
        let words = text.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        guard !words.isEmpty else {
            return .failure(DueDayError.unrecognised(text.trimmingCharacters(in: .whitespaces), order: order))
        }
        if let answer = relative(words) ?? named(words) ?? numeric(words) { return answer }
        // Quoted as typed (its case kept), only the spaces tidied.
        let typed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return .failure(.unrecognised(typed, order: order))
    }

    /// How `day` stands to today in words: "today", "tomorrow", "in 3 days", "2 days ago".
    public func distance(to day: DueDay) -> String {
        let days = day.daysSince1970 - today.daysSince1970
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case -1: return "yesterday"
        case 2...: return "in \(days) days"
        default: return "\(-days) days ago"
        }
    }

    // MARK: - Forms

    /// today, tomorrow, yesterday, weekdays, next week, +3d, in 2 weeks.
    private func relative(_ words: [String]) -> Result<DueDay, DueDayError>? {
        switch words {
        case ["today"]: return .success(today)
        case ["tomorrow"], ["tmrw"], ["tmr"]: return .success(today.adding(days: 1))
        case ["yesterday"]: return .success(today.adding(days: -1))
        case ["next", "week"]: return .success(today.adding(days: 7))
        case ["next", "month"]: return later(byMonths: 1)
        case ["next", "year"]: return later(byMonths: 12)
        case ["eow"], ["end", "of", "week"], ["end", "of", "the", "week"]:
            let daysToSunday = (7 - today.weekday.rawValue) % 7
            return .success(today.adding(days: daysToSunday))
        case ["eom"], ["end", "of", "month"], ["end", "of", "the", "month"]:
            return resolve(
                year: today.year, month: today.month, day: DueDay.daysIn(month: today.month, year: today.year))
        case ["eoy"], ["end", "of", "year"], ["end", "of", "the", "year"]:
            return resolve(year: today.year, month: 12, day: 31)
        default: break
        }
        if words.count == 2, words[0] == "next" || words[0] == "this", Self.weekday(named: words[1]) != nil {
            return relative([words[1]])
        }
        if words.count == 1, let weekday = Self.weekday(named: words[0]) {
            let ahead = (weekday.rawValue - today.weekday.rawValue + 7) % 7
            return .success(today.adding(days: ahead == 0 ? 7 : ahead))
        }
        if words.count == 1, let sign = words[0].first, sign == "+" || sign == "-", let unit = words[0].last,
            let step = Self.unit(String(unit))
        {
            guard let count = Self.number(words[0].dropFirst().dropLast()) else { return nil }
            return later(by: (sign == "+" ? 1 : -1) * count, step)
        }
        if words.count == 3, words[2] == "ago", let step = Self.unit(words[1]) {
            let count = words[0] == "a" || words[0] == "an" ? 1 : Self.number(Substring(words[0]))
            guard let count else { return nil }
            return later(by: -count, step)
        }
        if words.count == 3, words[0] == "in", let step = Self.unit(words[2]) {
            let count = words[1] == "a" || words[1] == "an" ? 1 : Self.number(Substring(words[1]))
            guard let count else { return nil }
            return later(by: count, step)
        }
        return nil
    }

    /// Today moved `count` of `unit` ahead (back when negative).
    private func later(by count: Int, _ unit: Unit) -> Result<DueDay, DueDayError> {
        switch unit {
        case .days(let days): later(by: count * days)
        case .months(let months): later(byMonths: count * months)
        }
    }

    /// The same day of the month `months` from today (back when negative), or that month's
    /// last day when it has fewer days.
    private func later(byMonths months: Int) -> Result<DueDay, DueDayError> {
        let index = today.year * 12 + (today.month - 1) + months
        let (year, month) = (index.quotientAndRemainder(dividingBy: 12).quotient, index % 12 + 1)
        guard DueDay.years.contains(year), index >= 0 else { return .failure(.yearOutOfRange(year)) }
        return resolve(year: year, month: month, day: min(today.day, DueDay.daysIn(month: month, year: year)))
    }

    /// dec 24, 24 december, dec 24th 2027.
    private func named(_ words: [String]) -> Result<DueDay, DueDayError>? {
        guard words.count == 2 || words.count == 3 else { return nil }
        let month: Int
        let dayWord: String
        if let first = Self.month(named: words[0]) {
            (month, dayWord) = (first, words[1])
        } else if let second = Self.month(named: words[1]) {
            (month, dayWord) = (second, words[0])
        } else {
            return nil
        }
        guard let day = Self.number(Self.withoutOrdinal(dayWord)) else { return nil }
        var year: Int?
        if words.count == 3 {
            guard words[2].count == 4, let written = Self.number(Substring(words[2])) else { return nil }
            year = written
        }
        return resolve(year: year, month: month, day: day)
    }

    /// 24/12, 12/24/2027, 2026-12-24.
    private func numeric(_ words: [String]) -> Result<DueDay, DueDayError>? {
        guard words.count == 1 else { return nil }
        let word = words[0]
        if word.contains("-") {
            let parts = word.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count),
                (1...2).contains(parts[2].count),
                let year = Self.number(parts[0]), let month = Self.number(parts[1]), let day = Self.number(parts[2])
            else { return nil }
            return resolve(year: year, month: month, day: day)
        }
        let parts = word.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count),
            let first = Self.number(parts[0]), let second = Self.number(parts[1])
        else { return nil }
        var year: Int?
        if parts.count == 3 {
            guard parts[2].count == 4, let written = Self.number(parts[2]) else { return nil }
            year = written
        }
        let (month, day) = order == .dayFirst ? (second, first) : (first, second)
        guard (1...12).contains(month) else {
            // Read the other way round it may be a date: show it written so it cannot be misread.
            let meant = DueDay(year: year ?? today.year, month: day, day: month)
            return .failure(.noSuchMonth(month, in: word, order: order, meant: meant))
        }
        return resolve(year: year, month: month, day: day)
    }

    // MARK: - Checks

    /// The day, checked; without a year, the next time the day comes, today included.
    private func resolve(year: Int?, month: Int, day: Int) -> Result<DueDay, DueDayError> {
        guard (1...12).contains(month) else { return .failure(.noSuchMonth(month)) }
        let resolvedYear: Int
        if let year {
            guard DueDay.years.contains(year) else { return .failure(.yearOutOfRange(year)) }
            resolvedYear = year
        } else {
            let isStillToCome = (month, day) >= (today.month, today.day)
            resolvedYear = isStillToCome ? today.year : today.year + 1
            guard DueDay.years.contains(resolvedYear) else { return .failure(.yearOutOfRange(resolvedYear)) }
        }
        guard let found = DueDay(year: resolvedYear, month: month, day: day) else {
            return .failure(.noSuchDay(day, month: month, year: resolvedYear))
        }
        return .success(found)
    }

    /// Today moved `days` ahead, unless that passes the last day a due day may have.
    private func later(by days: Int) -> Result<DueDay, DueDayError> {
        let target = today.daysSince1970 + days
        let day = DueDay(daysSince1970: target)
        guard day.daysSince1970 == target else {
            // Which side it fell off, and about how far: the year the day would be in.
            let year = 1970 + Int((Double(target) / 365.2425).rounded(.down))
            let outside = target < 0 ? min(year, DueDay.years.lowerBound - 1) : max(year, DueDay.years.upperBound + 1)
            return .failure(.yearOutOfRange(outside))
        }
        return .success(day)
    }

    // MARK: - Words

    /// A whole number of at most six ASCII digits (more is no day anyone means).
    private static func number(_ text: Substring) -> Int? {
        guard (1...6).contains(text.count), text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// `24th` → `24`; other text unchanged.
    private static func withoutOrdinal(_ word: String) -> Substring {
        for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) {
            return word.dropLast(2)
        }
        return Substring(word)
    }

    /// A step of time: so many days, or so many months.
    private enum Unit {
        case days(Int)
        case months(Int)
    }

    /// What one `d`/`day`/`days`, `w`/`week`/`weeks`, `m`/`month`/`months` or
    /// `y`/`year`/`years` is.
    private static func unit(_ word: String) -> Unit? {
        switch word {
        case "d", "day", "days": .days(1)
        case "w", "week", "weeks": .days(7)
        case "m", "month", "months": .months(1)
        case "y", "year", "years": .months(12)
        default: nil
        }
    }

    /// The month a name or its first three letters (or `sept`) names, 1 to 12.
    private static func month(named word: String) -> Int? {
        if word == "sept" { return 9 }
        return monthNames.firstIndex { name in
            let name = name.lowercased()
            return word == name || (word.count == 3 && name.hasPrefix(word))
        }.map { $0 + 1 }
    }

    /// The weekday a name, its first three letters, or `tues`/`thur`/`thurs` names.
    private static func weekday(named word: String) -> Weekday? {
        switch word {
        case "tues": return .tuesday
        case "thur", "thurs": return .thursday
        default:
            return Weekday.allCases.first { day in
                let name = day.name.lowercased()
                return word == name || (word.count == 3 && name.hasPrefix(word))
            }
        }
    }
}
