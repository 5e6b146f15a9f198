import Domain
import Foundation
import Testing

/// Thursday 26 November 2026.
private let thursday = DueDay(daysSince1970: 20_783)
private let parser = DueDayParser(today: thursday, order: .dayFirst)

/// The period `text` names, as "first..last", or the sentence refusing it.
private func period(_ text: String, on today: DueDay = thursday) -> String {
    switch DayPeriod.parse(text, dueDays: DueDayParser(today: today, order: .dayFirst)) {
    case .success(let period): "\(period.first)..\(period.last)"
    case .failure(let problem): problem.message
    }
}

@Test func dayPeriodReadsEachNamedPeriodUpToToday() {
    #expect(period("today") == "2026-11-26..2026-11-26")
    #expect(period("Yesterday") == "2026-11-25..2026-11-25")
    #expect(period("week") == "2026-11-23..2026-11-26")
    #expect(period("month") == "2026-11-01..2026-11-26")
    #expect(period("7d") == "2026-11-20..2026-11-26")
    #expect(period("1d") == "2026-11-26..2026-11-26")
    #expect(period("since monday") == "2026-11-23..2026-11-26")
    #expect(period("since thu") == "2026-11-26..2026-11-26")
    #expect(period("since 2026-11-02") == "2026-11-02..2026-11-26")
    #expect(period("since -3d") == "2026-11-23..2026-11-26")
}

@Test func dayPeriodWeekStartsOnMondayAndASundayEndsIt() {
    let sunday = DueDay(daysSince1970: 20_786)
    let monday = DueDay(daysSince1970: 20_780)
    #expect(period("week", on: sunday) == "2026-11-23..2026-11-29")
    #expect(period("week", on: monday) == "2026-11-23..2026-11-23")
}

@Test func dayPeriodRefusesWhatIsNoPeriodWithOneSentenceNamingWhatIsAccepted() {
    let accepted = "give today, yesterday, week, month, a number of days such as 7d, or since WHEN."
    #expect(period("fortnight") == "“fortnight” is not a period; \(accepted)")
    #expect(period("0d") == "“0d” is not a period; \(accepted)")
    #expect(period("today week") == "“today week” is not a period; \(accepted)")
    #expect(period("since") == "Give a day after since, such as since monday.")
    #expect(period("since 2026-12-24") == "2026-12-24 is after today; since takes a day in the past.")
    #expect(period("since blah").hasPrefix("“blah” is not a date."))
}

@Test func dayPeriodStartsAndEndsAtLocalMidnight() throws {
    let zone = try #require(TimeZone(secondsFromGMT: 3_600))
    let today = DayPeriod(first: thursday, last: thursday)
    #expect(today.start(in: zone) == thursday.date.addingTimeInterval(-3_600))
    #expect(today.end(in: zone) == thursday.date.addingTimeInterval(86_400 - 3_600))
}

@Test func todoSortKeywordNamesEveryOrderInOneWordAndReadsItBack() {
    #expect(TodoSort.allCases.map(\.keyword) == ["manual", "created", "due", "title", "urgency"])
    for sort in TodoSort.allCases { #expect(TodoSort(keyword: sort.keyword.uppercased()) == sort) }
    #expect(TodoSort(keyword: "dueDate") == nil)
}
