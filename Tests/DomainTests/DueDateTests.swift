import Domain
import Foundation
import Testing

@Test func dueDateParsesAValidDayToMidnightUTC() {
    #expect(DueDate.parse("2026-12-31") == Date(timeIntervalSince1970: 1_798_675_200))
}

@Test func dueDateAcceptsSurroundingSpaces() {
    #expect(DueDate.parse("  1970-01-01 ") == Date(timeIntervalSince1970: 0))
}

@Test(arguments: ["", "tomorrow", "2026-02-30", "2026-13-01", "2026-1-05", "2026/01/05", "２０２６-01-05", "2025-02-29"])
func dueDateRefusesTextThatIsNotARealDay(_ text: String) {
    #expect(DueDate.parse(text) == nil)
}

@Test func dueDateAcceptsALeapDay() {
    #expect(DueDate.parse("2024-02-29").map(DueDate.format) == "2024-02-29")
}

@Test func dueDateFormatsTheUTCDay() {
    #expect(DueDate.format(Date(timeIntervalSince1970: 1_798_675_200 + 86_399)) == "2026-12-31")
}

@Test func dueDateFormatsDaysBefore1970() {
    #expect(DueDate.format(Date(timeIntervalSince1970: -1)) == "1969-12-31")
}
