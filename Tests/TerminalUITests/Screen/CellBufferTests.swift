import Testing

@testable import TerminalUI

@Test func newBufferIsBlank() {
    let buffer = CellBuffer(width: 3, height: 2)
    #expect(buffer.textLines() == ["   ", "   "])
}

@Test func negativeSizeIsEmpty() {
    let buffer = CellBuffer(width: -3, height: 2)
    #expect(buffer.width == 0)
    #expect(buffer.textLines() == ["", ""])
}

@Test func putDrawsTextAndReturnsColumnsUsed() {
    var buffer = CellBuffer(width: 8, height: 1)
    #expect(buffer.put("hi", x: 1, y: 0) == 2)
    #expect(buffer.textLines() == [" hi     "])
}

@Test func putClipsAtTheRightEdgeWithEllipsis() {
    var buffer = CellBuffer(width: 5, height: 1)
    #expect(buffer.put("abcdefgh", x: 0, y: 0) == 5)
    #expect(buffer.textLines() == ["abcd…"])
}

@Test func putTruncatesToMaxWidth() {
    var buffer = CellBuffer(width: 10, height: 1)
    buffer.put("a very long title", x: 0, y: 0, maxWidth: 6)
    #expect(buffer.textLines() == ["a ver…    "])
}

@Test func wideCharacterTakesTwoCellsWithContinuation() {
    var buffer = CellBuffer(width: 4, height: 1)
    #expect(buffer.put("世a", x: 0, y: 0) == 3)
    #expect(buffer[0, 0].width == 2)
    #expect(buffer[1, 0].isContinuation)
    #expect(buffer.textLines() == ["世a "])
}

@Test func truncationNeverSplitsAWideCharacter() {
    var buffer = CellBuffer(width: 6, height: 1)
    #expect(buffer.put("世界世界", x: 0, y: 0, maxWidth: 4) == 3)
    #expect(buffer.textLines() == ["世…   "])
}

@Test func wideCharacterAtTheRightEdgeIsLeftOut() {
    var buffer = CellBuffer(width: 3, height: 1)
    buffer.put("ab世", x: 0, y: 0)
    #expect(buffer.textLines() == ["ab…"])
    #expect(!buffer[2, 0].isContinuation)
}

@Test func emojiSequencesAreOneCellPair() {
    var buffer = CellBuffer(width: 6, height: 1)
    #expect(buffer.put("👨‍👩‍👧🇳🇱", x: 0, y: 0) == 4)
    #expect(buffer.textLines() == ["👨‍👩‍👧🇳🇱  "])
}

@Test func combiningMarksStayWithTheirBase() {
    var buffer = CellBuffer(width: 3, height: 1)
    buffer.put("e\u{301}x", x: 0, y: 0)
    #expect(buffer[0, 0].character == "e\u{301}")
    #expect(buffer.textLines() == ["e\u{301}x "])
}

@Test func standaloneZeroWidthCharactersAreSkipped() {
    var buffer = CellBuffer(width: 3, height: 1)
    #expect(buffer.put("\u{301}\u{200B}a", x: 0, y: 0) == 1)
    #expect(buffer.textLines() == ["a  "])
}

@Test func controlCharactersAreNeverStored() {
    var buffer = CellBuffer(width: 12, height: 1)
    buffer.put("a\u{1B}[31mb\u{0}\u{9B}\r\n\u{202E}", x: 0, y: 0)
    #expect(buffer.textLines() == ["a\u{FFFD}[31mb\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}"])
    for x in 0..<12 {
        #expect(buffer[x, 0].character.unicodeScalars.allSatisfy { !$0.isTerminalControl && !$0.isBidiControl })
    }
}

@Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
    var buffer = CellBuffer(width: 4, height: 1)
    buffer.put("世界", x: 0, y: 0)
    buffer.put("x", x: 1, y: 0)
    #expect(buffer.textLines() == [" x界"])
    buffer.put("y", x: 2, y: 0)
    #expect(buffer.textLines() == [" xy "])
    #expect(!buffer[3, 0].isContinuation)
}

@Test func drawingOutsideTheBufferIsClipped() {
    var buffer = CellBuffer(width: 3, height: 1)
    #expect(buffer.put("a", x: 3, y: 0) == 0)
    #expect(buffer.put("a", x: 0, y: 1) == 0)
    #expect(buffer.put("a", x: -1, y: 0) == 0)
    #expect(buffer[5, 5] == .blank())
    #expect(buffer.textLines() == ["   "])
}

@Test func fillBlanksARectangleInAStyle() {
    var buffer = CellBuffer(width: 4, height: 3)
    buffer.put("abcd", x: 0, y: 1)
    buffer.fill(Rect(x: 1, y: 1, width: 2, height: 5), style: .reverse)
    #expect(buffer.textLines() == ["    ", "a  d", "    "])
    #expect(buffer[1, 1].style == .reverse)
    #expect(buffer[3, 1].style == .plain)
}

@Test func fillThroughAWideCharacterBlanksItWhole() {
    var buffer = CellBuffer(width: 4, height: 1)
    buffer.put("世界", x: 0, y: 0)
    buffer.fill(Rect(x: 1, y: 0, width: 2, height: 1))
    #expect(buffer.textLines() == ["    "])
}

@Test func clearRowBlanksOneRow() {
    var buffer = CellBuffer(width: 2, height: 2)
    buffer.put("ab", x: 0, y: 0)
    buffer.put("cd", x: 0, y: 1)
    buffer.clear(row: 0)
    #expect(buffer.textLines() == ["  ", "cd"])
}

@Test func clearBlanksEverything() {
    var buffer = CellBuffer(width: 2, height: 1)
    buffer.put("ab", x: 0, y: 0, style: .bold)
    buffer.clear()
    #expect(buffer == CellBuffer(width: 2, height: 1))
}

@Test func statusLinePutsRightTextAgainstTheEdge() {
    var buffer = CellBuffer(width: 20, height: 1)
    buffer.putStatusLine(left: "3 items", right: "? help", y: 0, style: .reverse)
    #expect(buffer.textLines() == ["3 items       ? help"])
    #expect((0..<20).allSatisfy { buffer[$0, 0].style == .reverse })
}

@Test func statusLineCutsTheLeftTextBeforeTheRight() {
    var buffer = CellBuffer(width: 12, height: 1)
    buffer.putStatusLine(left: "a long status text", right: "q quit", y: 0)
    #expect(buffer.textLines() == ["a lo… q quit"])
}

@Test func snapshotShowsTextAndStyleRuns() {
    var buffer = CellBuffer(width: 6, height: 2)
    buffer.put("Todo", x: 0, y: 0, style: .bold)
    buffer.put("> milk", x: 0, y: 1, style: Style(foreground: .red, background: .indexed(236), attributes: .reverse))
    #expect(
        buffer.snapshot() == """
            |Todo  |
            |> milk|
            row 0, x 0..<4: bold
            row 1, x 0..<6: fg=red bg=236 reverse
            """)
}

@Test func listViewRendersAsExpected() {
    let items = ["Buy milk", "Write the report about 世界", "Call mum 📞"]
    var buffer = CellBuffer(width: 16, height: 4)
    for (row, item) in items.enumerated() {
        let style: Style = row == 1 ? .reverse : .plain
        buffer.fill(Rect(x: 0, y: row, width: 16, height: 1), style: style)
        buffer.put(row == 1 ? "> " : "  ", x: 0, y: row, style: style)
        buffer.put(item, x: 2, y: row, style: style)
    }
    buffer.putStatusLine(left: "3 todos", right: "q", y: 3, style: .dim)
    #expect(
        buffer.snapshot() == """
            |  Buy milk      |
            |> Write the rep…|
            |  Call mum 📞   |
            |3 todos        q|
            row 1, x 0..<16: reverse
            row 3, x 0..<16: dim
            """)
}

@Test func buffersShowingTheSameAreEqualWhateverTheDrawingOrder() {
    var first = CellBuffer(width: 6, height: 1)
    first.put("e\u{301}", x: 0, y: 0)
    first.put("👨‍👩‍👧", x: 2, y: 0)
    var second = CellBuffer(width: 6, height: 1)
    second.put("👨‍👩‍👧", x: 2, y: 0)
    second.put("e\u{301}", x: 0, y: 0)
    #expect(first == second)
    second.put("x", x: 5, y: 0)
    #expect(first != second)
}

@Test func mixedASCIIAndWideTextIsPlacedColumnByColumn() {
    var buffer = CellBuffer(width: 12, height: 1)
    #expect(buffer.put("call 世界 ok", x: 0, y: 0) == 12)
    #expect(buffer[5, 0].character == "世")
    #expect(buffer[7, 0].character == "界")
    #expect(buffer[10, 0].character == "o")
}
