import TerminalUI
import Testing

private func press(_ keys: Key..., in area: inout TextArea) {
    for key in keys { _ = area.handle(key) }
}

@Test func textAreaTypingInsertsAtTheCursor() {
    var area = TextArea(text: "ac")
    press(Key(.left), .character("b"), in: &area)
    #expect(area.text == "abc")
}

@Test func textAreaEnterSplitsTheLineAtTheCursor() {
    var area = TextArea(text: "milkeggs")
    for _ in 0..<4 { press(Key(.left), in: &area) }
    press(Key(.enter), in: &area)
    #expect(area.lines == ["milk", "eggs"])
    #expect(area.cursor == TextArea.Position(line: 1, column: 0))
}

@Test func textAreaBackspaceAtTheStartOfALineJoinsItToTheOneAbove() {
    var area = TextArea(text: "milk\neggs")
    press(Key(.home), Key(.backspace), in: &area)
    #expect(area.text == "milkeggs")
    #expect(area.cursor == TextArea.Position(line: 0, column: 4))
}

@Test func textAreaDeleteAtTheEndOfALineJoinsTheNextOne() {
    var area = TextArea(text: "milk\neggs")
    press(Key(.up), Key(.end), Key(.delete), in: &area)
    #expect(area.text == "milkeggs")
}

@Test func textAreaLeftAndRightCrossLineBreaks() {
    var area = TextArea(text: "ab\ncd")
    press(Key(.home), Key(.left), in: &area)
    #expect(area.cursor == TextArea.Position(line: 0, column: 2))
    press(Key(.right), in: &area)
    #expect(area.cursor == TextArea.Position(line: 1, column: 0))
}

@Test func textAreaUpAndDownKeepTheColumnTheyStartedFrom() {
    var area = TextArea(text: "long line\nab\nanother line")
    // From column 7 of the last line, through the short line, to column 7 of the first.
    press(Key(.home), in: &area)
    for _ in 0..<7 { press(Key(.right), in: &area) }
    press(Key(.up), in: &area)
    #expect(area.cursor == TextArea.Position(line: 1, column: 2))
    press(Key(.up), in: &area)
    #expect(area.cursor == TextArea.Position(line: 0, column: 7))
}

@Test func textAreaUpAndDownMeasureColumnsByDisplayWidth() {
    var area = TextArea(text: "日本語\nabcdef")
    press(Key(.up), in: &area)
    // Column 6 of "abcdef" is past 語: the end of the line.
    #expect(area.cursor == TextArea.Position(line: 0, column: 3))
    press(Key(.down), Key(.home), Key(.right), Key(.right), Key(.right), Key(.up), in: &area)
    // Column 3 falls in the middle of 本: the cursor goes before it.
    #expect(area.cursor == TextArea.Position(line: 0, column: 1))
}

@Test func textAreaCtrlUAndCtrlKDeleteWithinTheLine() {
    var area = TextArea(text: "one two\nthree")
    press(Key(.up), Key(.home), Key(.right), Key(.right), Key(.right), .control("k"), in: &area)
    #expect(area.text == "one\nthree")
    press(.control("k"), in: &area)
    #expect(area.text == "onethree")
    press(.control("u"), in: &area)
    #expect(area.text == "three")
}

@Test func textAreaPasteKeepsLineBreaksAndDropsEscapeSequences() {
    var area = TextArea()
    _ = area.handle(.paste("one\r\ntwo\u{1B}[2J\tthree"))
    #expect(area.lines == ["one", "two three"])
}

@Test func textAreaPasteInTheMiddleKeepsTheRestOfTheLineAfterIt() {
    var area = TextArea(text: "ad")
    press(Key(.left), in: &area)
    _ = area.handle(.paste("b\nc"))
    #expect(area.lines == ["ab", "cd"])
    #expect(area.cursor == TextArea.Position(line: 1, column: 1))
}

@Test func textAreaKeepsAtMostTheMaximumLength() {
    var area = TextArea(maximumLength: 5)
    _ = area.handle(.paste("ab\ncdefg"))
    press(.character("x"), Key(.enter), in: &area)
    #expect(area.text == "ab\ncd")
}

@Test func textAreaSaysWhenAKeyOrPasteDidNotFitUntilTheNextOne() {
    var area = TextArea(maximumLength: 5)
    _ = area.handle(.paste("ab\ncdefg"))
    #expect(area.overflowed)
    press(Key(.left), in: &area)
    #expect(!area.overflowed)
    press(Key(.enter), in: &area)
    #expect(area.overflowed)
    press(Key(.backspace), in: &area)
    #expect(!area.overflowed)
    press(Key(.enter), in: &area)
    #expect(!area.overflowed)
    #expect(area.text == "ab\n\nd")
    // A text given to the initialiser is cut the same way.
    #expect(TextArea(text: "123456", maximumLength: 5).overflowed)
    #expect(!TextArea(text: "12345", maximumLength: 5).overflowed)
}

@Test func textAreaScrollsDownToKeepTheCursorInView() {
    var area = TextArea(width: 10, height: 2)
    _ = area.handle(.paste("1\n2\n3\n4"))
    #expect(area.scrollRow == 2)
    let lines = drawn(width: 4, height: 2) { area.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["3   ", "4   "])
}

@Test func textAreaScrollsUpOnlyWhenTheCursorLeavesTheTop() {
    var area = TextArea(text: "1\n2\n3\n4", width: 10, height: 2)
    press(Key(.up), in: &area)
    #expect(area.scrollRow == 2)
    press(Key(.up), in: &area)
    #expect(area.scrollRow == 1)
}

@Test func textAreaWrapsLongLinesAtTheWidth() {
    let area = TextArea(text: "abcdefgh\nij", width: 5, height: 4)
    let lines = drawn(width: 5, height: 4) { area.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["abcde", "fgh  ", "ij   ", "     "])
}

@Test func textAreaWrapsAfterASpaceSoThatWordsStayWhole() {
    let area = TextArea(text: "buy milk and eggs\nbread", width: 10, height: 4)
    let lines = drawn(width: 10, height: 4) { area.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["buy milk  ", "and eggs  ", "bread     ", "          "])
}

@Test func textAreaBreaksAWordWiderThanTheAreaBetweenCharacters() {
    let area = TextArea(text: "see https://example.com/a", width: 8, height: 4)
    let lines = drawn(width: 8, height: 4) { area.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["see     ", "https://", "example.", "com/a   "])
}

@Test func textAreaSpacesAtTheEdgeHangInsteadOfStartingTheNextRow() {
    let area = TextArea(text: "hello world foo", width: 11, height: 3)
    let lines = drawn(width: 11, height: 3) { area.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["hello world", "foo        ", "           "])
    // Two spaces at a break: both hang; the next row starts with the next word.
    let spaced = TextArea(text: "eeee ffff  gggg", width: 9, height: 3)
    #expect(
        drawn(width: 9, height: 3) { spaced.draw(into: &$0, in: $0.bounds) } == ["eeee ffff", "gggg     ", "         "])
    // After a space typed at the edge the cursor waits at the start of the next row, where the
    // next letter goes; moved back onto the hanging space, it shows in the last column.
    var typed = TextArea(width: 11, height: 3)
    for character in "hello world " { press(.character(character), in: &typed) }
    let waiting = drawnBuffer(width: 11, height: 3) { typed.draw(into: &$0, in: $0.bounds) }
    #expect(waiting.textLines() == ["hello world", "           ", "           "])
    #expect(waiting[0, 1].style == .reverse)
    press(Key(.left), in: &typed)
    let hanging = drawnBuffer(width: 11, height: 3) { typed.draw(into: &$0, in: $0.bounds) }
    #expect(hanging.textLines()[0] == "hello world")
    #expect(hanging[10, 0].style == .reverse)
    // A wide character in the last columns stays whole under the cursor.
    var wide = TextArea(text: "ab日 c", width: 4, height: 2)
    press(Key(.left), Key(.left), in: &wide)
    let underWide = drawnBuffer(width: 4, height: 2) { wide.draw(into: &$0, in: $0.bounds) }
    #expect(underWide.textLines() == ["ab日", "c   "])
    #expect(underWide[2, 0].style == .reverse)
    press(Key(.right), .character("x"), in: &typed)
    #expect(
        drawn(width: 11, height: 3) { typed.draw(into: &$0, in: $0.bounds) } == [
            "hello world", "x          ", "           ",
        ])
}

@Test func textAreaWordWrappedRowsKeepUpDownAndTheCursorOnTheRowItIsDrawnOn() {
    var area = TextArea(text: "buy milk and eggs", width: 10, height: 3)
    // The cursor is after "eggs", on the second row; up keeps its column on the row above.
    #expect(area.isCursorOnLastRow)
    press(Key(.up), in: &area)
    #expect(area.cursor == TextArea.Position(line: 0, column: 8))
    #expect(area.isCursorOnFirstRow)
    press(Key(.home), Key(.right), Key(.right), in: &area)
    press(Key(.down), in: &area)
    #expect(area.cursor == TextArea.Position(line: 0, column: 11))
    // Typing moves a word that no longer fits down whole.
    var typed = TextArea(width: 10, height: 3)
    for character in "buy milk and" { press(.character(character), in: &typed) }
    let buffer = drawnBuffer(width: 10, height: 3) { typed.draw(into: &$0, in: $0.bounds) }
    #expect(buffer.textLines() == ["buy milk  ", "and       ", "          "])
    #expect(buffer[3, 1].style == .reverse)
}

@Test func textAreaWrapsWideCharactersWhole() {
    let area = TextArea(text: "ab日本", width: 3, height: 3)
    let lines = drawn(width: 3, height: 3) { area.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["ab ", "日 ", "本 "])
}

@Test func textAreaCursorAtTheEndOfAFullRowGoesToTheNextRow() {
    let area = TextArea(text: "abc", width: 3, height: 2)
    let buffer = drawnBuffer(width: 3, height: 2) { area.draw(into: &$0, in: $0.bounds) }
    #expect(buffer.textLines() == ["abc", "   "])
    #expect(buffer[0, 1].style == .reverse)
}

@Test func textAreaDownMovesWithinAWrappedLine() {
    var area = TextArea(text: "abcdefgh", width: 5, height: 3)
    press(Key(.home), Key(.right), in: &area)
    press(Key(.down), in: &area)
    #expect(area.cursor == TextArea.Position(line: 0, column: 6))
}

@Test func textAreaWithoutWrappingScrollsSideways() {
    let area = TextArea(text: "abcdefgh", width: 4, height: 1, wrapsLines: false)
    #expect(area.scrollColumn == 5)
    let lines = drawn(width: 4, height: 1) { area.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["fgh "])
}

@Test func textAreaWithoutWrappingScrollsBackForTheLineStart() {
    var area = TextArea(text: "abcdefgh", width: 4, height: 1, wrapsLines: false)
    press(Key(.home), in: &area)
    #expect(area.scrollColumn == 0)
}

@Test func textAreaDrawsTheCursorAsTheCharacterUnderIt() {
    var area = TextArea(text: "ab\ncd", width: 4, height: 2)
    press(Key(.up), Key(.home), in: &area)
    let buffer = drawnBuffer(width: 4, height: 2) { area.draw(into: &$0, in: $0.bounds) }
    #expect(buffer[0, 0].style == .reverse)
    #expect(buffer[0, 0].character == "a")
    #expect(buffer[1, 0].style == .plain)
}

@Test func textAreaNeverHoldsOrDrawsControlCharacters() {
    var area = TextArea(width: 10, height: 2)
    _ = area.handle(.paste(hostileText))
    _ = area.handle(.character("\u{1B}"))
    let buffer = drawnBuffer(width: 10, height: 2) { area.draw(into: &$0, in: $0.bounds) }
    #expect(!containsControl(buffer))
    #expect(area.text == "red\u{FFFD}txt")
}

@Test func textAreaAltBAndAltFMoveByWordsAcrossLineBreaks() {
    var area = TextArea(text: "buy milk\nand eggs")
    press(.alt("b"), in: &area)
    #expect(area.cursor == TextArea.Position(line: 1, column: 4))
    press(.alt("b"), .alt("b"), in: &area)
    #expect(area.cursor == TextArea.Position(line: 0, column: 4))
    press(.alt("f"), in: &area)
    #expect(area.cursor == TextArea.Position(line: 0, column: 8))
    press(.alt("f"), in: &area)
    #expect(area.cursor == TextArea.Position(line: 1, column: 3))
}

@Test func textAreaCtrlWDeletesTheWordBeforeTheCursor() {
    var area = TextArea(text: "buy milk\nand eggs")
    press(.control("w"), in: &area)
    #expect(area.lines == ["buy milk", "and "])
    press(.control("w"), .control("w"), in: &area)
    // A word and the line break after it go together when the cursor starts the next line.
    #expect(area.lines == ["buy "])
    #expect(area.cursor == TextArea.Position(line: 0, column: 4))
}

@Test func textAreaAltDDeletesTheWordAfterTheCursor() {
    var area = TextArea(text: "buy milk\nand eggs")
    press(Key(.up), Key(.home), .alt("d"), in: &area)
    #expect(area.lines == [" milk", "and eggs"])
    #expect(area.cursor == TextArea.Position(line: 0, column: 0))
}

@Test func textAreaCursorOffsetCountsLineBreaksAsOneCharacter() {
    var area = TextArea(text: "ab\ncd\nef")
    #expect(area.cursorOffset == 8)
    area.moveCursor(toOffset: 4)
    #expect(area.cursor == TextArea.Position(line: 1, column: 1))
    #expect(area.cursorOffset == 4)
    area.moveCursor(toOffset: 3)
    #expect(area.cursor == TextArea.Position(line: 1, column: 0))
    area.moveCursor(toOffset: 99)
    #expect(area.cursor == TextArea.Position(line: 2, column: 2))
}

@Test func textAreaRebuiltFromItsTextCursorAndViewBehavesAsTheOriginal() {
    var original = TextArea(text: "1\n2\n3\n4\nlong line\nab", width: 10, height: 2)
    press(Key(.up), Key(.end), Key(.up), Key(.up), in: &original)
    var rebuilt = TextArea(text: original.text, width: 10, height: 2)
    rebuilt.moveCursor(toOffset: original.cursorOffset)
    rebuilt.restoreView(
        scrollRow: original.scrollRow, scrollColumn: original.scrollColumn, goalColumn: original.goalColumn)
    #expect(rebuilt == original)
    press(Key(.down), Key(.down), in: &original)
    press(Key(.down), Key(.down), in: &rebuilt)
    // The goal column (9, the end of "long line") survives the rebuild through the short line.
    #expect(rebuilt.cursor == TextArea.Position(line: 4, column: 9))
    #expect(rebuilt == original)
}

@Test func textAreaRestoringAViewKeepsTheCursorVisible() {
    var area = TextArea(text: "1\n2\n3\n4", width: 10, height: 2)
    area.restoreView(scrollRow: 0, scrollColumn: 0, goalColumn: nil)
    #expect(area.scrollRow == 2)
}

@Test func textAreaSaysWhenTheCursorIsOnItsFirstOrLastRow() {
    var area = TextArea(text: "abcdefgh\nij", width: 5, height: 4)
    #expect(area.isCursorOnLastRow)
    #expect(!area.isCursorOnFirstRow)
    press(Key(.up), in: &area)
    #expect(!area.isCursorOnLastRow)
    #expect(!area.isCursorOnFirstRow)
    press(Key(.up), in: &area)
    #expect(area.isCursorOnFirstRow)
    #expect(TextArea().isCursorOnFirstRow && TextArea().isCursorOnLastRow)
}

@Test func textAreaJoinsACharacterTypedACodePointAtATimeAndKeepsTheCursorAfterIt() {
    for joined in ["e\u{301}", "👍🏽", "🇯🇵", "👩\u{200D}👩\u{200D}👧"] {
        var area = TextArea(text: "ab")
        press(Key(.left), in: &area)
        for scalar in joined.unicodeScalars { press(.character(Character(scalar)), in: &area) }
        #expect(area.cursor == TextArea.Position(line: 0, column: 2), "\(joined)")
        press(.character("X"), in: &area)
        #expect(area.text == "a\(joined)Xb", "\(joined)")
    }
    // A paste of several lines joins at both of its ends.
    var area = TextArea(text: "ae")
    _ = area.handle(.paste("\u{301}\nz\u{301}"))
    press(.character("\u{302}"), in: &area)
    #expect(area.lines == ["ae\u{301}", "z\u{301}\u{302}"])
    #expect(area.cursor == TextArea.Position(line: 1, column: 1))
}
