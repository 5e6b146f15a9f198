import TerminalUI
import Testing

@Test func styledTextJoinsRunsThatLookTheSameAndSkipsEmptyOnes() {
    var text = StyledText("a ")
    text.append("b", style: .bold)
    text.append("c", style: .bold)
    text.append("")
    text.append(" d")
    #expect(text.runs == [.init("a "), .init("bc", style: .bold), .init(" d")])
    #expect(text.string == "a bc d")
}

@Test func styledTextIsSanitizedRunByRunKeepingItsStyles() {
    var text = StyledText("x\u{1B}[2Jy ")
    text.append("bold\u{0}", style: .bold)
    #expect(text.sanitized().runs == [.init("xy "), .init("bold\u{FFFD}", style: .bold)])
}

@Test func styledTextDrawsEachRunInItsStyleWithinTheWidth() {
    var text = StyledText("ab")
    text.append("cde", style: .bold)
    var buffer = CellBuffer(size: TerminalSize(width: 6, height: 1))
    #expect(text.draw(into: &buffer, x: 1, y: 0, maxWidth: 4) == 4)
    #expect(buffer.snapshot() == "| abc… |\nrow 0, x 3..<5: bold")
}
