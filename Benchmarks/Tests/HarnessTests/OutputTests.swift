import Testing

@testable import Harness

@Test func jsonLineHasTheDocumentedFieldsInOrder() {
    let result = Result(
        benchmark: "streams.chain", subject: "rivulet", unit: "ns/event", higherIsBetter: false,
        summary: Summary([Sample(41.2), Sample(39.0), Sample(55.1)]), note: nil)
    #expect(
        jsonLine(result)
            == #"{"benchmark": "streams.chain", "subject": "rivulet", "unit": "ns/event", "median": 41.20, "#
            + #""min": 39.00, "max": 55.10, "runs": 3}"#)
}

@Test func jsonLineWithoutFiguresHasNullsAndTheNote() {
    let result = Result(
        benchmark: "tui.frame", subject: "rivulet", unit: "ms", higherIsBetter: false, summary: nil,
        note: "not available yet")
    #expect(
        jsonLine(result)
            == #"{"benchmark": "tui.frame", "subject": "rivulet", "unit": "ms", "median": null, "min": null, "#
            + #""max": null, "note": "not available yet"}"#)
}

@Test func jsonLineEscapesQuotesInNotes() {
    let result = Result(
        benchmark: "b", subject: "s", unit: "u", higherIsBetter: false, summary: nil, note: #"say "hi""#)
    #expect(jsonLine(result).hasSuffix(#""note": "say \"hi\""}"#))
}

@Test func formatKeepsAboutFourSignificantDigits() {
    #expect(format(1234.56) == "1235")
    #expect(format(123.456) == "123.5")
    #expect(format(12.3456) == "12.35")
    #expect(format(1.23456) == "1.235")
    #expect(format(.nan) == "-")
}

@Test func percentileUsesNearestRank() {
    let values = (1...100).map(Double.init)
    #expect(percentile(values, 50) == 50)
    #expect(percentile(values, 99) == 99)
    #expect(percentile([7], 99) == 7)
}

@Test func renderAlignsColumns() {
    let text = render([["a", "bb", "c"], ["ccc", "d", "e"]], rightAligned: [1])
    #expect(text == "a    bb  c\nccc   d  e")
}
