import TerminalUI
import Testing

private func typed(_ text: String, into field: inout TextField) {
    for character in text { _ = field.handle(.character(character)) }
}

private func field(_ text: String, cursor: Int? = nil, width: Int = 0) -> TextField {
    var field = TextField(text: text, width: width)
    if let cursor {
        _ = field.handle(.control("a"))
        for _ in 0..<cursor { _ = field.handle(Key(.right)) }
    }
    return field
}

@Test func textFieldTypingInsertsAtTheCursor() {
    var field = field("held", cursor: 2)
    typed("l", into: &field)
    #expect(field.text == "helld")
    #expect(field.cursor == 3)
}

@Test func textFieldBackspaceDeletesBeforeTheCursor() {
    var field = field("abc")
    let usesBackspace = field.handle(Key(.backspace))
    #expect(usesBackspace)
    #expect(field.text == "ab")
}

@Test func textFieldBackspaceAtTheStartDoesNothing() {
    var field = field("abc", cursor: 0)
    _ = field.handle(Key(.backspace))
    #expect(field.text == "abc")
    #expect(field.cursor == 0)
}

@Test func textFieldDeleteAndCtrlDDeleteUnderTheCursor() {
    var field = field("abc", cursor: 0)
    _ = field.handle(Key(.delete))
    _ = field.handle(.control("d"))
    #expect(field.text == "c")
}

@Test func textFieldLeftAndRightStopAtTheEnds() {
    var field = field("ab")
    _ = field.handle(Key(.right))
    #expect(field.cursor == 2)
    for _ in 0..<5 { _ = field.handle(Key(.left)) }
    #expect(field.cursor == 0)
}

@Test func textFieldCtrlAAndCtrlEGoToTheStartAndEnd() {
    var field = field("hello world")
    _ = field.handle(.control("a"))
    #expect(field.cursor == 0)
    _ = field.handle(.control("e"))
    #expect(field.cursor == 11)
}

@Test func textFieldCtrlUDeletesBeforeTheCursor() {
    var field = field("hello world", cursor: 6)
    _ = field.handle(.control("u"))
    #expect(field.text == "world")
    #expect(field.cursor == 0)
}

@Test func textFieldCtrlKDeletesFromTheCursorOn() {
    var field = field("hello world", cursor: 5)
    _ = field.handle(.control("k"))
    #expect(field.text == "hello")
}

@Test func textFieldCtrlWDeletesTheWordBeforeTheCursorAndTheSpacesAfterIt() {
    var field = field("buy more milk  ")
    _ = field.handle(.control("w"))
    #expect(field.text == "buy more ")
    _ = field.handle(.control("w"))
    #expect(field.text == "buy ")
}

@Test func textFieldAltBAndAltFMoveByWords() {
    var field = field("one two  three")
    _ = field.handle(.alt("b"))
    #expect(field.cursor == 9)
    _ = field.handle(.alt("b"))
    #expect(field.cursor == 4)
    _ = field.handle(.alt("f"))
    #expect(field.cursor == 7)
    _ = field.handle(.alt("f"))
    #expect(field.cursor == 14)
}

@Test func textFieldLeavesEnterEscapeAndTabToTheCaller() {
    var field = field("a")
    let usesEnter = field.handle(Key(.enter))
    #expect(!usesEnter)
    let usesEscape = field.handle(Key(.escape))
    #expect(!usesEscape)
    let usesTab = field.handle(Key(.tab))
    #expect(!usesTab)
    #expect(field.text == "a")
}

@Test func textFieldPasteJoinsLinesWithSpaces() {
    var field = field("")
    _ = field.handle(.paste("one\ntwo\r\nthree\n"))
    #expect(field.text == "one two three")
}

@Test func textFieldPasteRemovesEscapeSequencesWhole() {
    var field = field("")
    _ = field.handle(.paste(hostileText))
    #expect(field.text == "red\u{FFFD}txt")
}

@Test func textFieldTypedControlCharactersAreIgnored() {
    var field = field("a")
    _ = field.handle(.character("\u{1B}"))
    _ = field.handle(.character("\u{7}"))
    #expect(field.text == "a")
}

@Test func textFieldKeepsAtMostTheMaximumLength() {
    var field = TextField(maximumLength: 5)
    typed("abc", into: &field)
    _ = field.handle(.paste("defgh"))
    typed("i", into: &field)
    #expect(field.text == "abcde")
}

@Test func textFieldHugePasteKeepsWhatFits() {
    var field = TextField(maximumLength: 10)
    _ = field.handle(.paste(String(repeating: "x", count: 1_000_000)))
    #expect(field.text.count == 10)
    #expect(field.overflowed)
}

@Test func textFieldSaysAPasteDidNotFitEvenWhenEscapeSequencesFillWhatItLooksAt() {
    var field = TextField(maximumLength: 4)
    // Each letter in its own colour: 160 characters of which 8 are text; only the first ones
    // are looked at, and they fit, but the rest of the paste is left out.
    let coloured = "abcdefgh".map { "\u{1B}[38;2;255;0;0m\($0)\u{1B}[0m" }.joined()
    _ = field.handle(.paste(coloured))
    #expect(field.text == "abcd")
    #expect(field.overflowed)
}

@Test func textFieldSaysWhenAKeyOrPasteDidNotFitUntilTheNextOne() {
    var field = TextField(maximumLength: 4)
    _ = field.handle(.paste("abc"))
    #expect(!field.overflowed)
    // Escape sequences take no room: this paste fits once they are removed.
    _ = field.handle(.paste("\u{1B}[31md\u{1B}[0m\n"))
    #expect(field.text == "abcd")
    #expect(!field.overflowed)
    typed("e", into: &field)
    #expect(field.overflowed)
    _ = field.handle(.key(Key(.left)))
    #expect(!field.overflowed)
    _ = field.handle(.paste("xy"))
    #expect(field.overflowed)
    _ = field.handle(.key(Key(.backspace)))
    typed("z", into: &field)
    #expect(!field.overflowed)
    #expect(field.text == "abzd")
}

@Test func textFieldDrawsTheCursorAsTheCharacterUnderIt() {
    let field = field("abc", cursor: 1)
    let buffer = drawnBuffer(width: 6, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(buffer.textLines() == ["abc   "])
    #expect(buffer[1, 0].style == .reverse)
    #expect(buffer[0, 0].style == .plain)
}

@Test func textFieldDrawsTheCursorAfterTheTextAsAReversedBlank() {
    let field = field("abc")
    let buffer = drawnBuffer(width: 6, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(buffer[3, 0].style == .reverse)
}

@Test func textFieldShowsThePlaceholderWhileEmpty() {
    let field = TextField(placeholder: "New todo")
    let buffer = drawnBuffer(width: 10, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(buffer.textLines() == ["New todo  "])
    #expect(buffer[1, 0].style == .dim)
    #expect(buffer[0, 0].style.attributes.contains(.reverse))
}

@Test func textFieldPlaceholderIsSanitized() {
    let field = TextField(placeholder: hostileText)
    let buffer = drawnBuffer(width: 10, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(!containsControl(buffer))
}

@Test func textFieldScrollsToKeepTheCursorInViewWhileTyping() {
    var field = TextField(width: 5)
    typed("abcdefgh", into: &field)
    // Four characters and the cursor fill the five columns.
    #expect(field.scrollOffset == 4)
    let lines = drawn(width: 5, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["efgh "])
}

@Test func textFieldMovingLeftMovesTheCursorBeforeTheText() {
    var field = TextField(text: "abcdefgh", width: 5)
    _ = field.handle(Key(.left))
    #expect(field.scrollOffset == 4)
    for _ in 0..<4 { _ = field.handle(Key(.left)) }
    #expect(field.scrollOffset == 3)
    let lines = drawn(width: 5, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["defgh"])
}

@Test func textFieldHomeScrollsBackToTheStart() {
    var field = TextField(text: "abcdefgh", width: 5)
    _ = field.handle(Key(.home))
    let lines = drawn(width: 5, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["abcde"])
}

@Test func textFieldDeletingBringsHiddenTextBack() {
    var field = TextField(text: "abcdefgh", width: 5)
    _ = field.handle(Key(.backspace))
    _ = field.handle(Key(.backspace))
    #expect(field.scrollOffset == 2)
    let lines = drawn(width: 5, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["cdef "])
}

@Test func textFieldScrollsByDisplayWidthForCJK() {
    var field = TextField(width: 6)
    typed("日本語です", into: &field)
    // Ten columns of text: two ideographs and the cursor fit in six columns.
    #expect(field.scrollOffset == 3)
    let lines = drawn(width: 6, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["です  "])
}

@Test func textFieldKeepsAWideCharacterUnderTheCursorWhole() {
    let field = field("abc日", cursor: 3, width: 4)
    // The cursor is on 日, two columns: b and c fit before it, a does not.
    #expect(field.scrollOffset == 1)
    let buffer = drawnBuffer(width: 4, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(buffer.textLines() == ["bc日"])
    #expect(buffer[2, 0].style == .reverse)
    #expect(buffer[2, 0].width == 2)
}

@Test func textFieldScrollsByDisplayWidthForEmoji() {
    var field = TextField(width: 5)
    typed("a👍b🎉c", into: &field)
    let lines = drawn(width: 5, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    // b🎉c and the cursor take five columns; with 👍 they would take seven.
    #expect(lines == ["b🎉c "])
}

@Test func textFieldNeverSplitsAWideCharacterAtTheRightEdge() {
    let field = field("a日本語", cursor: 0, width: 4)
    let lines = drawn(width: 4, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["a日 "])
}

@Test func textFieldDrawnNarrowerThanItsWidthStillShowsTheCursor() {
    let field = TextField(text: "abcdefgh", width: 20)
    let buffer = drawnBuffer(width: 4, height: 1) { field.draw(into: &$0, in: $0.bounds) }
    #expect(buffer.textLines() == ["fgh "])
    #expect(buffer[3, 0].style == .reverse)
}

@Test func textFieldSettingTextSanitizesAndMovesTheCursorToTheEnd() {
    var field = TextField(text: "old")
    field.text = "new\u{1B}[2Jtext"
    #expect(field.text == "newtext")
    #expect(field.cursor == 7)
}

/// Keys as a terminal delivers them: a code point at a time.
private func typedScalars(_ text: String, into field: inout TextField) {
    for scalar in text.unicodeScalars { _ = field.handle(.character(Character(scalar))) }
}

@Test func textFieldJoinsACharacterTypedACodePointAtATimeAndKeepsTheCursorAfterIt() {
    for joined in ["e\u{301}", "👍🏽", "🇯🇵", "👩\u{200D}👩\u{200D}👧", "\u{1100}\u{1161}\u{11A8}"] {
        var typing = field("ab", cursor: 1)
        typedScalars(joined, into: &typing)
        #expect(typing.characters.count == 3, "\(joined)")
        #expect(typing.cursor == 2, "\(joined)")
        typed("X", into: &typing)
        #expect(typing.text == "a\(joined)Xb", "\(joined)")
        #expect(typing.cursor == 3, "\(joined)")
        _ = typing.handle(Key(.backspace))
        _ = typing.handle(Key(.backspace))
        #expect(typing.text == "ab", "Backspace takes the whole character \(joined)")
    }
    // Pasted beside the character it belongs to, a combining mark joins it too.
    var pasting = field("ae", cursor: 2)
    _ = pasting.handle(.paste("\u{301}z"))
    #expect(pasting.characters == ["a", "e\u{301}", "z"])
    #expect(pasting.cursor == 3)
}
