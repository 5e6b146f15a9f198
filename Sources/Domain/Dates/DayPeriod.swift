public import Foundation

/// A run of whole days up to today, as a report over past days reads it (`rivulet completed
/// week`), relative to an injected today:
/// - `today`, `yesterday`;
/// - `week`: this week, from its Monday (weeks run Monday to Sunday, as `eow` has them);
/// - `month`: this month, from its first day;
/// - `7d`: the last 7 days, today one of them;
/// - `since WHEN`: from the day WHEN names (read as a due day is: ``DueDayParser``, but a weekday
///   is the last such day, today included) to today.
///
/// ```swift
/// let parser = DueDayParser(today: DueDay(year: 2026, month: 11, day: 26)!, order: .dayFirst)
/// DayPeriod.parse("week", dueDays: parser)   // .success(2026-11-23 through 2026-11-26)
/// DayPeriod.parse("fortnight", dueDays: parser)   // .failure(…names what is accepted)
/// ```
public struct DayPeriod: Sendable, Hashable {
    /// The first day of the period.
    public let first: DueDay
    /// The last day of the period.
    public let last: DueDay

    /// The days from `first` through `last`.
    public init(first: DueDay, last: DueDay) {
        self.first = first
        self.last = last
    }

    /// What a period may be, as a sentence ends it.
    public static let accepted = "today, yesterday, week, month, a number of days such as 7d, or since WHEN"

    /// The period `text` names, counting from the parser's today, or why it names none.
    public static func parse(_ text: String, dueDays: DueDayParser) -> Result<DayPeriod, DueDayError> {
        let today = dueDays.today
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        switch words.first {
        case "today" where words.count == 1: return .success(DayPeriod(first: today, last: today))
        case "yesterday" where words.count == 1:
            return .success(DayPeriod(first: today.adding(days: -1), last: today.adding(days: -1)))
        case "week" where words.count == 1:
            // Monday is day 1 of `Weekday`; Sunday (0) ends the week that began six days before.
            let sinceMonday = (today.weekday.rawValue + 6) % 7
            return .success(DayPeriod(first: today.adding(days: -sinceMonday), last: today))
        case "month" where words.count == 1:
            return .success(
                DayPeriod(first: DueDay(year: today.year, month: today.month, day: 1) ?? today, last: today))
        case "since":
            let when = words.dropFirst().joined(separator: " ")
            guard !when.isEmpty else { return .failure(DueDayError("Give a day after since, such as since monday.")) }
            // A weekday names the next such day when it is due; here, the last one (today included).
            let isWeekday = when.count >= 3 && Weekday.allCases.contains { $0.name.lowercased().hasPrefix(when) }
            return dueDays.parse(when).map { isWeekday ? $0.adding(days: -7) : $0 }.flatMap { day in
                day > today
                    ? .failure(DueDayError("\(day) is after today; since takes a day in the past."))
                    : .success(DayPeriod(first: day, last: today))
            }
        default:
            if words.count == 1, let count = days(words[0]) {
                return .success(DayPeriod(first: today.adding(days: 1 - count), last: today))
            }
            let typed = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return .failure(DueDayError("“\(typed)” is not a period; give \(accepted)."))
        }
    }

    /// `7d` as 7; `nil` for anything else, and for 0 or more days than a long life has.
    private static func days(_ word: String) -> Int? {
        guard word.hasSuffix("d"), let count = Int(word.dropLast()), (1...36_500).contains(count),
            word.dropLast().allSatisfy(\.isASCII)
        else { return nil }
        return count
    }

    /// The moment the period starts where the person is: midnight of ``first`` in `timeZone`.
    public func start(in timeZone: TimeZone = .current) -> Date {
        Self.midnight(of: first, in: timeZone)
    }

    /// The moment just after the period: midnight of the day after ``last`` in `timeZone`.
    public func end(in timeZone: TimeZone = .current) -> Date {
        Self.midnight(of: last.adding(days: 1), in: timeZone)
    }

    /// Midnight of `day` in `timeZone` (its offset there, read at that moment).
    static func midnight(of day: DueDay, in timeZone: TimeZone) -> Date {
        let utc = day.date
        let guess = utc.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: utc)))
        return utc.addingTimeInterval(-TimeInterval(timeZone.secondsFromGMT(for: guess)))
    }
}
