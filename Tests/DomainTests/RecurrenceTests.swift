import Domain
import Testing

private func recurrence(_ written: String) throws -> Recurrence {
    try #require(Recurrence(written: written))
}

private func day(_ text: String) throws -> DueDay {
    try #require(DueDay(text))
}

/// The due days of the `count` todos that follow one due on `first`, each completed in turn, in
/// a series anchored on `anchorDay` (by default `first`'s day of the month).
private func series(_ written: String, from first: String, anchorDay: Int? = nil, count: Int) throws -> [String] {
    let recurrence = try recurrence(written)
    var due = try day(first)
    let anchor = anchorDay ?? due.day
    return (0..<count).map { _ in
        due = recurrence.next(after: due, anchorDay: anchor)
        return due.description
    }
}

@Test(arguments: [
    ("daily", "2026-11-27"), ("weekly", "2026-12-03"), ("every 3 days", "2026-11-29"), ("every 2 weeks", "2026-12-10"),
    ("monthly", "2026-12-26"), ("yearly", "2027-11-26"), ("Every 1 Month", "2026-12-26"),
])
func aRecurrenceCountsItsPeriodFromTheDueDay(written: String, next: String) throws {
    let recurrence = try recurrence(written)
    #expect(recurrence.next(after: DueDay(daysSince1970: 20_783), anchorDay: 26).description == next)
    #expect(recurrence.next(after: DueDay(daysSince1970: 20_783), anchorDay: nil).description == next)
    #expect(Recurrence(written: recurrence.written) == recurrence)
}

@Test func aMonthlySeriesFromThe31stTakesEachMonthsLastDayAndComesBackToThe31st() throws {
    #expect(
        try series("monthly", from: "2027-01-31", count: 12) == [
            "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31", "2027-06-30", "2027-07-31", "2027-08-31",
            "2027-09-30", "2027-10-31", "2027-11-30", "2027-12-31", "2028-01-31",
        ])
}

@Test func aMonthlySeriesFromThe30thKeepsThe30thAfterFebruary() throws {
    #expect(try series("monthly", from: "2027-01-30", count: 3) == ["2027-02-28", "2027-03-30", "2027-04-30"])
    #expect(try series("monthly", from: "2028-01-30", count: 2) == ["2028-02-29", "2028-03-30"])
    #expect(try series("monthly", from: "2027-01-29", count: 2) == ["2027-02-28", "2027-03-29"])
}

@Test func aYearlySeriesFromFebruary29ComesBackInLeapYears() throws {
    #expect(
        try series("yearly", from: "2028-02-29", count: 4) == ["2029-02-28", "2030-02-28", "2031-02-28", "2032-02-29"])
    #expect(try series("every 4 years", from: "2096-02-29", count: 2) == ["2100-02-28", "2104-02-29"])
}

@Test func everyFewMonthsCountsFromTheAnchorDayAcrossYears() throws {
    #expect(
        try series("every 3 months", from: "2027-01-31", count: 4) == [
            "2027-04-30", "2027-07-31", "2027-10-31", "2028-01-31",
        ])
    #expect(try series("every 3 months", from: "2027-11-30", count: 2) == ["2028-02-29", "2028-05-30"])
    #expect(try series("every 12 months", from: "2027-01-31", count: 1) == ["2028-01-31"])
    #expect(try series("every 14 months", from: "2027-12-31", count: 1) == ["2029-02-28"])
}

@Test func daysAndWeeksCountFromTheDueDayWhateverTheAnchor() throws {
    #expect(try series("weekly", from: "2027-01-31", anchorDay: 31, count: 2) == ["2027-02-07", "2027-02-14"])
    #expect(try series("every 30 days", from: "2027-01-31", anchorDay: 31, count: 2) == ["2027-03-02", "2027-04-01"])
}

@Test func noSeriesGoesPastTheLastDayADueDayMayHave() throws {
    #expect(try series("monthly", from: "9999-12-31", count: 1) == ["9999-12-31"])
    #expect(try series("yearly", from: "9999-02-28", count: 1) == ["9999-12-31"])
    #expect(try series("every 1000 years", from: "9500-06-15", count: 1) == ["9999-12-31"])
    #expect(try series("monthly", from: "9999-11-30", anchorDay: 31, count: 2) == ["9999-12-31", "9999-12-31"])
    #expect(try series("daily", from: "9999-12-31", count: 1) == ["9999-12-31"])
}

@Test(arguments: [
    // The day remembered, where the due day agrees with it.
    (31, "2027-01-31", 31), (31, "2027-02-28", 31), (30, "2027-02-28", 30), (29, "2028-02-29", 29),
    (31, "2027-04-30", 31),
    // Else the due day's own: none, one the due day is not on, one out of range.
    (nil, "2027-02-28", 28), (15, "2027-01-31", 31), (31, "2027-02-27", 27), (29, "2028-02-28", 28),
    (31, "2027-03-30", 30), (32, "2027-02-28", 28), (0, "2027-02-28", 28), (-1, "2027-02-28", 28),
])
func anAnchorDayCountsOnlyWhereTheDueDayAgreesWithIt(remembered: Int?, due: String, anchor: Int) throws {
    #expect(Recurrence.anchorDay(remembered, of: try day(due)) == anchor)
}

@Test func aSeriesWhoseDueDayDisagreesWithItsAnchorCountsFromItsDueDay() throws {
    let monthly = try recurrence("monthly")
    // Moved to the 10th by another program, the anchor left at 31: the 10th it is.
    #expect(monthly.next(after: try day("2027-03-10"), anchorDay: 31).description == "2027-04-10")
    #expect(monthly.next(after: try day("2027-01-31"), anchorDay: nil).description == "2027-02-28")
    #expect(monthly.next(after: try day("2027-02-28"), anchorDay: nil).description == "2027-03-28")
    #expect(monthly.next(afterDue: try day("2027-02-28").date, anchorDay: 31).description == "2027-03-31")
}

@Test(arguments: ["", "often", "every", "every 0 days", "every -1 days", "every two days", "every 3 fortnights"])
func aRecurrenceThatIsNoneIsRefused(written: String) {
    #expect(Recurrence(written: written) == nil)
}
