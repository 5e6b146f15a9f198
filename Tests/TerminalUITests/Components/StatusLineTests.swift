import TerminalUI
import Testing

private let hints = [KeyHint("a", "add"), KeyHint("d", "delete"), KeyHint("q", "quit")]

private func line(_ status: StatusLine, width: Int) -> String {
    drawn(width: width, height: 1) { status.draw(into: &$0, in: $0.bounds) }[0]
}

@Test func statusLineShowsTheMessageLeftAndTheHintsRight() {
    let status = StatusLine(message: "3 items", hints: hints)
    #expect(line(status, width: 40) == " 3 items        a add  d delete  q quit ")
}

@Test func statusLineDropsHintsFromTheLastBeforeCuttingTheMessage() {
    let status = StatusLine(message: "3 items", hints: hints)
    #expect(line(status, width: 28) == " 3 items    a add  d delete ")
    #expect(line(status, width: 16) == " 3 items  a add ")
    #expect(line(status, width: 15) == " 3 items       ")
}

@Test func statusLineCutsALongMessageWithAnEllipsis() {
    let status = StatusLine(message: "a message far too long for the line", hints: hints)
    #expect(line(status, width: 12) == " a message… ")
}

@Test func statusLineDrawsKeysInTheKeyStyle() {
    let status = StatusLine(message: "", hints: [KeyHint("a", "add")])
    let buffer = drawnBuffer(width: 8, height: 1) { status.draw(into: &$0, in: $0.bounds) }
    #expect(buffer.textLines() == ["  a add "])
    #expect(buffer[2, 0].style == Style(attributes: [.reverse, .bold]))
    #expect(buffer[4, 0].style == .reverse)
}

@Test func statusLineHintTextListsTheHintsThatFit() {
    let status = StatusLine(hints: hints)
    #expect(status.hintText(width: 100) == "a add  d delete  q quit")
    #expect(status.hintText(width: 7) == "a add")
    #expect(status.hintText(width: 6) == "")
}

@Test func statusLineNeverWritesControlCharacters() {
    let status = StatusLine(message: hostileText, hints: [KeyHint("\u{1B}[2J", "\u{7}x")])
    let buffer = drawnBuffer(width: 30, height: 1) { status.draw(into: &$0, in: $0.bounds) }
    #expect(!containsControl(buffer))
}
