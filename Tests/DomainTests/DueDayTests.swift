import Domain
import Foundation
import Testing

@Test func dueDayReadsARealDay() {
    let day = DueDay("2024-02-29")
    #expect(day?.year == 2024 && day?.month == 2 && day?.day == 29)
    #expect(day?.description == "2024-02-29")
}

@Test func dueDayRefusesDaysThatDoNotExist() {
    #expect(DueDay("2023-02-29") == nil)
    #expect(DueDay("1900-02-29") == nil)
    #expect(DueDay("2024-04-31") == nil)
    #expect(DueDay("2024-13-01") == nil)
    #expect(DueDay("0000-01-01") == nil)
}

@Test func dueDayRefusesOtherForms() {
    #expect(DueDay("2024-2-9") == nil)
    #expect(DueDay("24-02-09") == nil)
    #expect(DueDay("2024/02/09") == nil)
    #expect(DueDay("２０２４-02-09") == nil)
}

@Test func dueDayKnowsTheWeekday() {
    #expect(DueDay(daysSince1970: 0).weekday == .thursday)
    #expect(DueDay("2026-11-26")?.weekday == .thursday)
    #expect(DueDay("2000-01-01")?.weekday == .saturday)
    #expect(DueDay("1969-12-28")?.weekday == .sunday)
}

@Test func dueDayAddsDaysAcrossMonthsYearsAndLeapDays() {
    #expect(DueDay("2024-02-28")?.adding(days: 1).description == "2024-02-29")
    #expect(DueDay("2023-02-28")?.adding(days: 1).description == "2023-03-01")
    #expect(DueDay("2026-12-31")?.adding(days: 1).description == "2027-01-01")
    #expect(DueDay("2027-01-01")?.adding(days: -1).description == "2026-12-31")
}

@Test func dueDayIsTheDayOfADateInATimeZone() throws {
    let lateEvening = Date(timeIntervalSince1970: 1_795_735_800)  // 2026-11-26 23:30 UTC
    #expect(DueDay(lateEvening).description == "2026-11-26")
    #expect(DueDay(lateEvening, in: try #require(TimeZone(secondsFromGMT: 3600))).description == "2026-11-27")
    #expect(DueDay(lateEvening, in: try #require(TimeZone(secondsFromGMT: -12 * 3600))).description == "2026-11-26")
    #expect(DueDay(Date(timeIntervalSince1970: -1)).description == "1969-12-31")
}

@Test func dueDayIsStoredAsTheStartOfItsDayInUTC() {
    #expect(DueDay("2026-12-31")?.date == Date(timeIntervalSince1970: 1_798_675_200))
    #expect(DueDay("2026-12-31").map { DueDay($0.date) } == DueDay("2026-12-31"))
}

@Test func dueDaysAreOrderedByTime() throws {
    #expect(try #require(DueDay("2026-11-30")) < #require(DueDay("2026-12-01")))
    #expect(try #require(DueDay("2025-12-31")) < #require(DueDay("2026-01-01")))
}
