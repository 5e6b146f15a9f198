import TerminalUI
import ViewModels

/// Keys as the controllers read them.
extension InputEvent {
    /// The key, when this is a key press.
    var key: Key? {
        if case .key(let key) = self { return key }
        return nil
    }

    /// The character typed without modifiers, if any.
    var plainCharacter: Character? {
        guard let key, key.modifiers.subtracting(.shift).isEmpty,
            case .character(let character) = key.code
        else {
            return nil
        }
        return character
    }
}

/// List movement keys common to every list: arrows, `j`/`k`, `g`/`G`, PgUp/PgDn, Home/End.
enum ListMovement {
    /// The selection move a key asks for: arrows, `j`/`k`, `g`/`G`, PgUp/PgDn, Home/End.
    static func move(for event: InputEvent) -> ListMove? {
        guard let key = event.key, key.modifiers.subtracting(.shift).isEmpty else { return nil }
        switch key.code {
        case .up, .character("k"): return .up
        case .down, .character("j"): return .down
        case .pageUp: return .pageUp
        case .pageDown: return .pageDown
        case .home, .character("g"): return .top
        case .end, .character("G"): return .bottom
        default: return nil
        }
    }
}

/// Keys on an input line whose text a view model keeps: Enter, Esc, or an edit made with a
/// ``TextField`` rebuilt from the text and cursor.
enum PromptKeys {
    /// What a key does to the line.
    enum Outcome: Equatable {
        /// Enter.
        case submit
        /// Esc.
        case cancel
        /// The line as the key left it.
        case edit(PromptText)
    }

    /// The status line's hints while a line is typed: what Enter does (`enter`), Esc, Ctrl-U.
    static func hints(enter: String) -> [KeyHint] {
        [KeyHint("Enter", enter), KeyHint("Esc", "cancel"), KeyHint("Ctrl-U", "clear")]
    }

    /// What `event` does to `text`, or `nil` when it is not an editing key.
    static func outcome(for event: InputEvent, editing text: PromptText) -> Outcome? {
        if let key = event.key, !key.modifiers.contains(.control) {
            if key.code == .enter { return .submit }
            if key.code == .escape { return .cancel }
        }
        var field = TextField(text: text.text)
        field.moveCursor(to: text.cursor)
        guard field.handle(event) else { return nil }
        return .edit(PromptText(field.text, cursor: field.cursor))
    }
}
