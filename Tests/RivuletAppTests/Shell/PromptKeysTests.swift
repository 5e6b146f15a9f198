import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

/// The longest line an input line holds.
private let maximumLength = TextField().maximumLength

/// `text` after `events`, each applied to the line the one before left, as the app's input
/// lines do (the line lives in the view model; each key is applied through ``PromptKeys``).
private func typed(_ events: [InputEvent], into text: PromptText = PromptText()) -> PromptText {
    var line = text
    for event in events {
        if case .edit(let edited) = PromptKeys.outcome(for: event, editing: line) { line = edited }
    }
    return line
}

@Test func typingInsertsAtTheCursor() {
    let line = typed([.key(.character("a")), .key(.character("c")), .key(Key(.left)), .key(.character("b"))])
    #expect(line == PromptText("abc", cursor: 2))
}

@Test func backspaceAndDeleteRemoveAroundTheCursor() {
    let line = typed(
        [.key(Key(.home)), .key(Key(.delete)), .key(Key(.end)), .key(Key(.backspace))], into: PromptText("abcd"))
    #expect(line.text == "bc")
}

@Test func enterSubmitsAndEscapeCancels() {
    #expect(PromptKeys.outcome(for: .key(Key(.enter)), editing: PromptText("milk")) == .submit)
    #expect(PromptKeys.outcome(for: .key(Key(.escape)), editing: PromptText("milk")) == .cancel)
}

@Test func pastedLineBreaksBecomeSpaces() {
    #expect(typed([.paste("one\ntwo\tthree")]).text == "one two three")
}

@Test func controlKeysEditLikeAShell() {
    #expect(typed([.key(Key(.left)), .key(.control("u"))], into: PromptText("abc")).text == "c")
    #expect(typed([.key(.control("a")), .key(.control("k"))], into: PromptText("abc")).text == "")
}

@Test func keysThatDoNotEditAreIgnored() {
    #expect(PromptKeys.outcome(for: .key(Key(.up)), editing: PromptText()) == nil)
    #expect(PromptKeys.outcome(for: .key(.control("x")), editing: PromptText()) == nil)
}

@Test func aHugePasteKeepsOnlyWhatALineHolds() {
    let line = typed([.paste(String(repeating: "x", count: 1_000_000))])
    #expect(line.text.count == maximumLength)
    #expect(line.cursor == maximumLength)
}

@Test func typingIntoAFullLineChangesNothing() {
    let full = PromptText(String(repeating: "x", count: maximumLength))
    let line = typed([.key(.character("y")), .paste("more")], into: full)
    #expect(line == full)
}

@Test func aPasteInTheMiddleKeepsTheTextAfterTheCursor() {
    let start = PromptText(String(repeating: "a", count: maximumLength - 3) + "z")
    let line = typed([.key(Key(.left)), .paste("bcdef")], into: start)
    #expect(line.text.count == maximumLength)
    #expect(line.text.hasSuffix("abcz"))
    #expect(line.cursor == maximumLength - 1)
}
