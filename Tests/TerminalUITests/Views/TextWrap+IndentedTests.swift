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

private func described(_ lines: [StyledText]) -> [String] {
    lines.map { line in
        line.runs.map { $0.style == .plain ? $0.text : "<\($0.text)>" }.joined()
    }
}

@Test func styledWrapKeepsEachWordsStyleAcrossTheBreak() {
    var text = StyledText("  • an ")
    text.append("emphasised phrase that", style: .bold)
    text.append(" wraps")
    #expect(
        described(TextWrap.indentedLines(of: text, width: 17)) == [
            "  • an <emphasised>", "    <phrase that>", "    wraps",
        ])
}

@Test func styledWrapBreaksLinesAtLineBreaksInsideARun() {
    var text = StyledText("one\n")
    text.append("two\nthree", style: .bold)
    #expect(described(TextWrap.indentedLines(of: text, width: 10)) == ["one", "<two>", "<three>"])
}

@Test func styledWrapCutsALineThatDoesNotWrapInsteadOfWrappingIt() {
    var text = StyledText("short words here\n")
    text.append("let  columns = [1, 2, 3]\n  x", style: .bold, wraps: false)
    #expect(
        described(TextWrap.indentedLines(of: text, width: 12)) == [
            "short words", "here", "<let  column…>", "<  x>",
        ])
}

@Test func styledWrapGivesThePlainWrapsLines() {
    let plain = "  • one two three\n\n> > said this then\n    if  x {  }\n世界世界"
    for width in [1, 5, 8, 12, 40] {
        #expect(
            TextWrap.indentedLines(of: StyledText(plain), width: width).map(\.string)
                == TextWrap.indentedLines(of: plain, width: width))
    }
}
