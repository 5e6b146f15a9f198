import Streams
import TerminalUI
import ViewModels

/// What every scene controller shares: a way to ask for a frame, the spinner's frame, and a bag
/// for its subscriptions. Used only on the UI queue.
final class SceneContext: @unchecked Sendable {
    // Sendable because it is touched only on the UI queue, where view-model outputs are delivered.

    /// The spinner's current frame, advanced by the presenter while something is busy.
    var spinnerFrame = 0
    private let redraw: () -> Void

    init(redraw: @escaping () -> Void) {
        self.redraw = redraw
    }

    func requestRedraw() { redraw() }
}

/// A closure that is only ever called on the UI queue, so it may be handed to a `@Sendable`
/// subscription.
struct _OnUIQueue<Value>: @unchecked Sendable {
    // Sendable because view-model outputs deliver on the UI scheduler's serial queue, the only
    // place `body` runs.
    let body: (Value) -> Void
}

extension ObservableType {
    /// Calls `apply` with every element (on the UI queue, where view models deliver), then asks
    /// for a frame.
    func bind(_ context: SceneContext, to bag: DisposeBag, _ apply: @escaping (Element) -> Void) {
        let handler = _OnUIQueue(body: apply)
        let redraw = _OnUIQueue<Void>(body: { [weak context] _ in context?.requestRedraw() })
        bag.insert(
            subscribe(onNext: { value in
                handler.body(value)
                redraw.body(())
            }))
    }
}

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
