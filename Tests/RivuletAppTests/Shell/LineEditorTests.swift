import RivuletApp
import TerminalUI
import Testing

private func typed(_ events: [InputEvent], into editor: LineEditor = LineEditor()) -> LineEditor {
    var editor = editor
    for event in events { _ = editor.handle(event) }
    return editor
}

@Test func typingInsertsAtTheCursor() {
    let editor = typed([.key(.character("a")), .key(.character("c")), .key(Key(.left)), .key(.character("b"))])
    #expect(editor.text == "abc")
    #expect(editor.cursor == 2)
}

@Test func backspaceAndDeleteRemoveAroundTheCursor() {
    let editor = typed(
        [.key(Key(.home)), .key(Key(.delete)), .key(Key(.end)), .key(Key(.backspace))], into: LineEditor("abcd"))
    #expect(editor.text == "bc")
}

@Test func enterSubmitsAndEscapeCancels() {
    var editor = LineEditor("milk")
    #expect(editor.handle(.key(Key(.enter))) == .submitted("milk"))
    #expect(editor.handle(.key(Key(.escape))) == .cancelled)
}

@Test func pastedLineBreaksBecomeSpaces() {
    #expect(typed([.paste("one\ntwo\tthree")]).text == "one two three")
}

@Test func controlKeysEditLikeAShell() {
    #expect(typed([.key(Key(.left)), .key(.control("u"))], into: LineEditor("abc")).text == "c")
    #expect(typed([.key(.control("a")), .key(.control("k"))], into: LineEditor("abc")).text == "")
}

@Test func keysThatDoNotEditAreIgnored() {
    var editor = LineEditor()
    #expect(editor.handle(.key(Key(.up))) == .ignored)
    #expect(editor.handle(.key(.control("x"))) == .ignored)
}

@Test func aHugePasteKeepsOnlyWhatALineHolds() {
    let editor = typed([.paste(String(repeating: "x", count: 1_000_000))])
    #expect(editor.characters.count == LineEditor.maximumLength)
    #expect(editor.cursor == LineEditor.maximumLength)
}

@Test func typingIntoAFullLineChangesNothing() {
    let full = LineEditor(String(repeating: "x", count: LineEditor.maximumLength))
    let editor = typed([.key(.character("y")), .paste("more")], into: full)
    #expect(editor.text == full.text)
    #expect(editor.cursor == LineEditor.maximumLength)
}

@Test func aPasteInTheMiddleKeepsTheTextAfterTheCursor() {
    let start = LineEditor(String(repeating: "a", count: LineEditor.maximumLength - 3) + "z")
    let editor = typed([.key(Key(.left)), .paste("bcdef")], into: start)
    #expect(editor.characters.count == LineEditor.maximumLength)
    #expect(editor.text.hasSuffix("abcz"))
    #expect(editor.cursor == LineEditor.maximumLength - 1)
}
