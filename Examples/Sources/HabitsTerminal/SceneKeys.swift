import Habits
import TerminalUI

/// Keys on a prompt whose text the view model keeps (a ``Draft``): `Enter`, `Esc`, or an edit
/// made with TerminalUI's `TextField`, rebuilt from the draft for each key. The field gives the
/// shell's editing keys, sanitizes pastes, and says when text did not fit.
enum PromptKeys {
    /// The status line's hints while a prompt is open: what Enter does, and Esc.
    static func hints(enter: String, escape: String = "cancel") -> [KeyHint] {
        [KeyHint("Enter", enter), KeyHint("Esc", escape)]
    }

    /// What `event` asks of a prompt holding `draft`: `submit` for Enter, `cancel` for Esc, an
    /// edit made by `edit` from the draft as the key left it and whether some text did not
    /// fit; `nil` when it is not an editing key.
    static func action<Action>(
        for event: InputEvent, editing draft: Draft, submit: Action, cancel: Action,
        edit: (Draft, _ overflowed: Bool) -> Action
    ) -> Action? {
        if case .key(let key) = event, key.modifiers.isEmpty {
            if key.code == .enter { return submit }
            if key.code == .escape { return cancel }
        }
        var field = TextField(text: draft.text, maximumLength: HabitRules.maximumNameLength)
        field.moveCursor(to: draft.cursor)
        guard field.handle(event) else { return nil }
        return edit(Draft(field.text, cursor: field.cursor), field.overflowed)
    }
}

/// The key that opens the help overlay, and the ones that close it (`HelpOverlay`'s).
enum HelpKeys {
    /// The status line's hint for the help; it stays when the line is too narrow for the others.
    static let hint = KeyHint("?", "keys", isEssential: true)

    /// Whether help shows after `event`: `true` or `false` when the key is about help, `nil`
    /// when it is not. While help shows, every key is about it.
    static func showing(after event: InputEvent, isShowing: Bool) -> Bool? {
        guard case .key(let key) = event else { return isShowing ? true : nil }
        if isShowing { return !HelpOverlay.isClosingKey(key) }
        return key.code == .character("?") && key.modifiers.subtracting(.shift).isEmpty ? true : nil
    }
}

extension ListView {
    /// A list of `count` rows shown `height` at a time with row `selected` selected: the
    /// selection and scroll of a list whose selection the view model keeps.
    static func showing(count: Int, selected: Int?, height: Int) -> ListView {
        ListView(count: count, height: max(height, 1), selected: selected ?? 0)
    }

    /// The rows in view as a `ListWindow` for a `SceneScreen`, each made by `line`.
    func window(emptyText: String, line: (Int) -> ListLine) -> ListWindow {
        ListWindow(
            lines: visibleRange.map(line), offset: offset, totalCount: count, selected: selected,
            emptyText: emptyText)
    }

    /// The row a movement key selects (arrows, `j`/`k`, page keys, `g`/`G`, Home/End), or `nil`
    /// when `event` is not one.
    func selection(after event: InputEvent) -> Int? {
        guard case .key(let key) = event else { return nil }
        var moved = self
        guard moved.handle(key) else { return nil }
        return moved.selected
    }
}
