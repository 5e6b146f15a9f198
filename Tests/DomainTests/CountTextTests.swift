import Domain
import Testing

@Test func aCountIsGroupedByThreesWithCommasWhateverItsSign() {
    #expect(CountText.grouped(0) == "0")
    #expect(CountText.grouped(999) == "999")
    #expect(CountText.grouped(1_060) == "1,060")
    #expect(CountText.grouped(1_000_000) == "1,000,000")
    #expect(CountText.grouped(-12_345) == "-12,345")
}

@Test func aCountIsWrittenWithTheNounThatGoesWithIt() {
    #expect(CountText.counted(1, "todo", "todos") == "1 todo")
    #expect(CountText.counted(0, "todo", "todos") == "0 todos")
    #expect(CountText.counted(12_345, "item", "items") == "12,345 items")
}
