import TerminalUI
import Testing

@Test func indentedWrapKeepsAListItemsTextUnderItsText() {
    #expect(TextWrap.indentedLines(of: "  • one two three", width: 12) == ["  • one two", "    three"])
    #expect(TextWrap.indentedLines(of: "  12. alpha beta", width: 12) == ["  12. alpha", "      beta"])
}

@Test func indentedWrapRepeatsQuoteMarkers() {
    #expect(TextWrap.indentedLines(of: "> > said this then", width: 13) == ["> > said this", "> > then"])
    #expect(TextWrap.indentedLines(of: ">\n> b", width: 10) == [">", "> b"])
}

@Test func indentedWrapKeepsSpacesInsideALine() {
    #expect(TextWrap.indentedLines(of: "    if  x {  }", width: 40) == ["    if  x {  }"])
    #expect(TextWrap.indentedLines(of: "a  b  c", width: 4) == ["a  b", "c"])
}

@Test func indentedWrapKeepsBlankLinesAndBreaksBetweenWords() {
    #expect(TextWrap.indentedLines(of: "one two three\n\nfour", width: 9) == ["one two", "three", "", "four"])
}

@Test func indentedWrapCutsWordsLongerThanTheRoomByWidth() {
    #expect(TextWrap.indentedLines(of: "  • abcdefgh", width: 8) == ["  • abcd", "    efgh"])
    #expect(TextWrap.indentedLines(of: "世界世界", width: 5) == ["世界", "世界"])
}

@Test func indentedWrapDoesNotRepeatAnIndentationWiderThanHalfTheLine() {
    let lines = TextWrap.indentedLines(of: "        • aaa bbb ccc", width: 6)
    #expect(lines.allSatisfy { $0.count <= 6 })
    #expect(lines.dropFirst().allSatisfy { !$0.hasPrefix(" ") })
    #expect(lines.joined(separator: " ").split(separator: " ") == ["•", "aaa", "bbb", "ccc"])
}

@Test func indentedWrapOfNothingIsNothing() {
    #expect(TextWrap.indentedLines(of: "anything", width: 0).isEmpty)
    #expect(TextWrap.indentedLines(of: "", width: 5) == [""])
}

@Test func indentedWrapOfTheLongestReaderTextIsLinear() {
    // 200,000 scalars, the renderer's cap: lines of list items, quotes and long paragraphs.
    let block =
        "  • an item that is long enough to wrap at eighty columns, and then some more words\n"
        + "> a quoted line\n\n" + String(repeating: "word ", count: 100) + "\n"
    let text = String(repeating: block, count: 200_000 / block.unicodeScalars.count)
    let clock = ContinuousClock()
    var lines: [String] = []
    let elapsed = clock.measure { lines = TextWrap.indentedLines(of: text, width: 76) }
    #expect(lines.count > 3_000)
    #expect(lines.allSatisfy { DisplayWidth.of($0) <= 76 })
    #expect(elapsed < .seconds(5), "took \(elapsed)")
}
