import Domain
import Testing

/// Thursday 26 November 2026.
private let thursday = DueDay(daysSince1970: 20_783)
private let dayFirst = DueDayParser(today: thursday, order: .dayFirst)
private let monthFirst = DueDayParser(today: thursday, order: .monthFirst)

private func day(_ text: String, _ parser: DueDayParser = dayFirst) -> String? {
    try? parser.parse(text).get().description
}

extension DueDay {
    /// A day-first parser counting from this day.
    fileprivate var parser: DueDayParser { DueDayParser(today: self, order: .dayFirst) }
}

private func problem(_ text: String, _ parser: DueDayParser = dayFirst) -> String? {
    guard case .failure(let error) = parser.parse(text) else { return nil }
    return error.message
}

@Test(arguments: [
    ("today", "2026-11-26"), ("Tomorrow", "2026-11-27"), ("tmrw", "2026-11-27"), ("tmr", "2026-11-27"),
    ("yesterday", "2026-11-25"), ("  TODAY ", "2026-11-26"),
])
func dueDayParserReadsTheDaysNamedByWords(_ text: String, _ expected: String) {
    #expect(day(text) == expected)
}

@Test(arguments: [
    ("fri", "2026-11-27"), ("Friday", "2026-11-27"), ("sat", "2026-11-28"), ("sunday", "2026-11-29"),
    ("mon", "2026-11-30"), ("tues", "2026-12-01"), ("wednesday", "2026-12-02"),
    // Today is a Thursday: the next Thursday is a week ahead.
    ("thu", "2026-12-03"), ("thurs", "2026-12-03"), ("thursday", "2026-12-03"),
    // "next" and "this" name the same day.
    ("next fri", "2026-11-27"), ("next monday", "2026-11-30"), ("this sat", "2026-11-28"), ("Next Thu", "2026-12-03"),
])
func dueDayParserReadsAWeekdayAsTheNextSuchDay(_ text: String, _ expected: String) {
    #expect(day(text) == expected)
}

@Test(arguments: [
    ("next week", "2026-12-03"), ("+0d", "2026-11-26"), ("+3d", "2026-11-29"), ("+2w", "2026-12-10"),
    ("+40d", "2027-01-05"), ("in 3 days", "2026-11-29"), ("in 1 day", "2026-11-27"), ("in 2 weeks", "2026-12-10"),
    ("in a week", "2026-12-03"), ("In  2  Weeks", "2026-12-10"),
    ("-3d", "2026-11-23"), ("-1w", "2026-11-19"), ("3 days ago", "2026-11-23"), ("a week ago", "2026-11-19"),
])
func dueDayParserReadsDistancesFromToday(_ text: String, _ expected: String) {
    #expect(day(text) == expected)
}

@Test(arguments: [
    ("dec 24", "2026-12-24"), ("24 december", "2026-12-24"), ("December 24th", "2026-12-24"),
    ("dec 24, 2027", "2027-12-24"), ("24 Dec 2028", "2028-12-24"), ("nov 26", "2026-11-26"),
    // Passed this year: the next one.
    ("nov 25", "2027-11-25"), ("jan 5", "2027-01-05"), ("sept 3", "2027-09-03"), ("1st march", "2027-03-01"),
])
func dueDayParserReadsMonthNamesAsTheNextOccurrence(_ text: String, _ expected: String) {
    #expect(day(text) == expected)
}

@Test func dueDayParserReadsShortDatesInTheLocalesOrder() {
    #expect(day("24/12", dayFirst) == "2026-12-24")
    #expect(day("12/24", monthFirst) == "2026-12-24")
    #expect(day("5/1", dayFirst) == "2027-01-05")
    #expect(day("1/5", monthFirst) == "2027-01-05")
    #expect(day("3/4", dayFirst) == "2027-04-03")
    #expect(day("3/4", monthFirst) == "2027-03-04")
    #expect(day("24/12/2028", dayFirst) == "2028-12-24")
    #expect(day("12/24/2028", monthFirst) == "2028-12-24")
}

@Test(arguments: [
    ("2026-12-24", "2026-12-24"), ("2024-02-29", "2024-02-29"), ("2000-02-29", "2000-02-29"),
    ("2026-1-5", "2026-01-05"), ("1999-12-31", "1999-12-31"),
])
func dueDayParserReadsISODates(_ text: String, _ expected: String) {
    #expect(day(text) == expected)
}

@Test(arguments: [
    ("2024-02-30", "February 2024 has 29 days, so there is no February 30."),
    ("2023-02-29", "February 2023 has 28 days, so there is no February 29."),
    ("1900-02-29", "February 1900 has 28 days, so there is no February 29."),
    ("2026-04-31", "April 2026 has 30 days, so there is no April 31."),
    ("2026-13-01", "There is no month 13; months run from 1 to 12."),
    ("2026-00-10", "There is no month 0; months run from 1 to 12."),
    ("2026-01-00", "There is no day 0; days of a month start at 1."),
    ("0000-01-01", "The year 0 is out of range; use a year from 1 to 9999."),
    ("31/4", "April 2027 has 30 days, so there is no April 31."),
    ("dec 32", "December 2026 has 31 days, so there is no December 32."),
    // No year: the next 29 February from today would be in 2027, which has none.
    ("feb 29", "February 2027 has 28 days, so there is no February 29."),
])
func dueDayParserNamesAnImpossibleDatePrecisely(_ text: String, _ expected: String) {
    #expect(problem(text) == expected)
}

@Test func dueDayParserNamesAMonthThatDoesNotExistInTheLocalesOrder() {
    #expect(
        problem("24/12", monthFirst)
            == "There is no month 24: 24/12 is read as MM/DD, the order of your locale. Write 2026-12-24 for "
            + "December 24, or set LC_TIME (en_GB.UTF-8) to read short dates as DD/MM.")
    #expect(
        problem("12/25", dayFirst)
            == "There is no month 25: 12/25 is read as DD/MM, the order of your locale. Write 2026-12-25 for "
            + "December 25, or set LC_TIME (en_US.UTF-8) to read short dates as MM/DD.")
    #expect(
        problem("31/13/2027", dayFirst)
            == "There is no month 13: 31/13/2027 is read as DD/MM, the order of your locale. Write YYYY-MM-DD, "
            + "or set LC_TIME (en_US.UTF-8) to read short dates as MM/DD.")
}

@Test func dueDayParserRefusesDaysPastTheLastYearNamingTheYearTheyFallIn() {
    #expect(problem("+999999w") == "The year 21192 is out of range; use a year from 1 to 9999.")
    #expect(problem("+420000w") == "The year 10076 is out of range; use a year from 1 to 9999.")
}

@Test func dueDayParserRefusesDaysBeforeTheFirstYearNamingTheYearTheyFallIn() {
    #expect(problem("-740000d") == "The year 0 is out of range; use a year from 1 to 9999.")
    #expect(problem("-999999w") == "The year -17139 is out of range; use a year from 1 to 9999.")
}

@Test(arguments: ["soonish", "next quarter", "+3", "3d", "in weeks", "24/12/26", "2026/12/24", "dec", "２４/12"])
func dueDayParserListsTheAcceptedFormsForTextItCannotRead(_ text: String) throws {
    let message = try #require(problem(text))
    #expect(message.hasPrefix("“\(text)” is not a date. Write one of: today, tomorrow"))
    #expect(message.contains("24/12 (DD/MM)") && message.contains("2026-12-24"))
}

@Test func dueDayParserQuotesTextItCannotReadAsTyped() {
    #expect(problem("2024-02-29T10:00")?.hasPrefix("“2024-02-29T10:00” is not a date.") == true)
    #expect(problem("  Next   Quarter ")?.hasPrefix("“Next Quarter” is not a date.") == true)
}

@Test func dueDayParserShowsTheLocalesShortFormInItsList() {
    #expect(problem("soon", monthFirst)?.contains("12/24 (MM/DD)") == true)
}

@Test func dueDayParserSaysWhenNothingIsGiven() {
    #expect(problem("  ")?.hasPrefix("No date is given. Write one of:") == true)
}

@Test func dueDayParserRollsOverTheYear() throws {
    let newYearsEve = DueDayParser(today: try #require(DueDay("2026-12-31")), order: .dayFirst)
    #expect(day("tomorrow", newYearsEve) == "2027-01-01")
    #expect(day("+1d", newYearsEve) == "2027-01-01")
    #expect(day("jan 1", newYearsEve) == "2027-01-01")
    #expect(day("dec 31", newYearsEve) == "2026-12-31")
    #expect(day("fri", newYearsEve) == "2027-01-01")
}

@Test func dueDayParserCrossesLeapDaysAndMonthEnds() throws {
    let leap = DueDayParser(today: try #require(DueDay("2028-02-28")), order: .dayFirst)
    #expect(day("tomorrow", leap) == "2028-02-29")
    #expect(day("feb 29", leap) == "2028-02-29")
    #expect(day("+2d", leap) == "2028-03-01")
    let endOfJanuary = DueDayParser(today: try #require(DueDay("2026-01-31")), order: .dayFirst)
    #expect(day("+1d", endOfJanuary) == "2026-02-01")
    #expect(day("in 4 weeks", endOfJanuary) == "2026-02-28")
}

@Test(arguments: [
    ("next month", "2026-12-26"), ("+1m", "2026-12-26"), ("in 2 months", "2027-01-26"), ("in a month", "2026-12-26"),
    ("-2m", "2026-09-26"), ("3 months ago", "2026-08-26"), ("next year", "2027-11-26"), ("+1y", "2027-11-26"),
    ("in 2 years", "2028-11-26"), ("a year ago", "2025-11-26"),
])
func dueDayParserReadsMonthsAndYearsFromToday(_ text: String, _ expected: String) {
    #expect(day(text) == expected)
}

@Test func dueDayParserKeepsAMonthStepInsideShortMonths() throws {
    let endOfJanuary = DueDayParser(today: try #require(DueDay("2026-01-31")), order: .dayFirst)
    #expect(day("next month", endOfJanuary) == "2026-02-28")
    #expect(day("+1m", try #require(DueDay("2028-01-31")).parser) == "2028-02-29")
    #expect(day("+3m", endOfJanuary) == "2026-04-30")
    #expect(day("-2m", endOfJanuary) == "2025-11-30")
    #expect(day("+1y", try #require(DueDay("2028-02-29")).parser) == "2029-02-28")
    #expect(problem("+120000m") == "The year 12026 is out of range; use a year from 1 to 9999.")
}

@Test(arguments: [
    // Thursday 26 November 2026: weeks end on Sunday.
    ("eow", "2026-11-29"), ("end of week", "2026-11-29"), ("End of the week", "2026-11-29"),
    ("eom", "2026-11-30"), ("end of month", "2026-11-30"), ("eoy", "2026-12-31"), ("end of the year", "2026-12-31"),
])
func dueDayParserReadsTheEndOfAPeriod(_ text: String, _ expected: String) {
    #expect(day(text) == expected)
}

@Test func dueDayParserEndsTheWeekOnSundayAndTheMonthOnItsLastDay() throws {
    #expect(day("eow", try #require(DueDay("2026-11-29")).parser) == "2026-11-29")
    #expect(day("eow", try #require(DueDay("2026-11-30")).parser) == "2026-12-06")
    #expect(day("eom", try #require(DueDay("2028-02-03")).parser) == "2028-02-29")
}

@Test func dueDayParserCountsFromThursday26November2026() {
    #expect(thursday.description == "2026-11-26" && thursday.weekday == .thursday)
}

@Test func dueDayParserSaysHowFarADayIs() {
    #expect(dayFirst.distance(to: thursday) == "today")
    #expect(dayFirst.distance(to: thursday.adding(days: 1)) == "tomorrow")
    #expect(dayFirst.distance(to: thursday.adding(days: -1)) == "yesterday")
    #expect(dayFirst.distance(to: thursday.adding(days: 9)) == "in 9 days")
    #expect(dayFirst.distance(to: thursday.adding(days: -3)) == "3 days ago")
}

@Test(arguments: [
    (["LANG": "en_US.UTF-8"], DayMonthOrder.monthFirst), (["LANG": "en_GB.UTF-8"], .dayFirst),
    (["LC_ALL": "de_DE.UTF-8", "LANG": "en_US.UTF-8"], .dayFirst),
    (["LC_TIME": "en_US", "LANG": "en_GB.UTF-8"], .monthFirst), (["LC_ALL": "", "LANG": "fil_PH"], .monthFirst),
    ([:], .dayFirst), (["LANG": "C.UTF-8"], .dayFirst), (["LANG": "POSIX"], .dayFirst),
    (["LANG": "es_US.UTF-8@euro"], .monthFirst), (["LANG": "fr_CA.UTF-8"], .dayFirst),
])
func dayMonthOrderFollowsTheLocaleOfTheEnvironment(_ environment: [String: String], _ expected: DayMonthOrder) {
    #expect(DayMonthOrder.of(environment: environment) == expected)
}
