/// Why typed text is not a due day: it names the impossible part, or lists the forms that work.
public struct DueDayError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, as one sentence for a person.
    public let message: String

    /// An error with this message.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }

    private static var monthNames: [String] { DueDayParser.monthNames }

    /// The text is none of the accepted forms.
    static func unrecognised(_ text: String, order: DayMonthOrder) -> DueDayError {
        let lead = text.isEmpty ? "No date is given." : "“\(text)” is not a date."
        let short = order == .dayFirst ? "24/12" : "12/24"
        return DueDayError(
            "\(lead) Write one of: today, tomorrow, a weekday (fri), next week, next month, +3d, +2w, +1m, "
                + "in 3 days, eow, eom, dec 24, 24 december, \(short) (\(order.pattern)) or 2026-12-24.")
    }

    /// The day does not exist in that month.
    static func noSuchDay(_ day: Int, month: Int, year: Int) -> DueDayError {
        let name = monthNames[month - 1]
        if day < 1 { return DueDayError("There is no day \(day); days of a month start at 1.") }
        return DueDayError(
            "\(name) \(year) has \(DueDay.daysIn(month: month, year: year)) days, so there is no \(name) \(day).")
    }

    /// The month number is not 1 to 12.
    static func noSuchMonth(_ month: Int) -> DueDayError {
        DueDayError("There is no month \(month); months run from 1 to 12.")
    }

    /// A short date's month is not 1 to 12: says which order it was read in and how the other
    /// order is chosen, since the person may have meant it, and, when `meant` is the date the
    /// other order reads, how to write that one so it cannot be misread.
    static func noSuchMonth(_ month: Int, in text: String, order: DayMonthOrder, meant: DueDay?) -> DueDayError {
        let other: DayMonthOrder = order == .dayFirst ? .monthFirst : .dayFirst
        let locale = other == .monthFirst ? "en_US.UTF-8" : "en_GB.UTF-8"
        let write = meant.map { "Write \($0) for \(monthNames[$0.month - 1]) \($0.day)" } ?? "Write YYYY-MM-DD"
        return DueDayError(
            "There is no month \(month): \(text) is read as \(order.pattern), the order of your locale. "
                + "\(write), or set LC_TIME (\(locale)) to read short dates as \(other.pattern).")
    }

    /// The year is outside 1 to 9999.
    static func yearOutOfRange(_ year: Int) -> DueDayError {
        DueDayError("The year \(year) is out of range; use a year from 1 to 9999.")
    }
}
