import RivuletApp
import TerminalUI
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
