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

@Test func statusLineKeepsAnEssentialHintWhenOthersGiveWay() {
    let hints = [
        KeyHint("a", "add"), KeyHint("d", "delete"), KeyHint("?", "help", isEssential: true), KeyHint("q", "quit"),
    ]
    let status = StatusLine(hints: hints)
    #expect(status.hintText(width: 100) == "a add  d delete  ? help  q quit")
    // Too narrow for all four: the help stays, the others fill what is left from the first.
    #expect(status.hintText(width: 25) == "a add  d delete  ? help")
    #expect(status.hintText(width: 17) == "a add  ? help")
    #expect(status.hintText(width: 10) == "? help")
    // Where even the help does not fit, what does fit is shown.
    #expect(status.hintText(width: 7) == "a add")
    #expect(status.hintText(width: 6) == "")
    let buffer = drawnBuffer(width: 17, height: 1) { status.draw(into: &$0, in: $0.bounds) }
    #expect(buffer.textLines() == ["   a add  ? help "])
}

@Test func keyHintsThatDoNotFitAreDroppedWholeInTheirOrder() {
    let hints = [KeyHint("x", "one", isEssential: true), KeyHint("y", "two"), KeyHint("z", "three", isEssential: true)]
    #expect(KeyHint.fitting(hints, in: 100) == hints)
    #expect(KeyHint.fitting(hints, in: 14).map(\.key) == ["x", "z"])
    #expect(KeyHint.fitting(hints, in: 7).map(\.key) == ["x"])
    #expect(KeyHint.fitting(hints, in: 0).isEmpty)
    #expect(KeyHint.fitting([], in: 10).isEmpty)
}

@Test func statusLineNeverWritesControlCharacters() {
    let status = StatusLine(message: hostileText, hints: [KeyHint("\u{1B}[2J", "\u{7}x")])
    let buffer = drawnBuffer(width: 30, height: 1) { status.draw(into: &$0, in: $0.bounds) }
    #expect(!containsControl(buffer))
}
