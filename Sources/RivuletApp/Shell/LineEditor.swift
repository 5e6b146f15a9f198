public import TerminalUI

/// A line of text being typed, with a cursor: the editing behind the app's input lines.
///
/// A line holds at most ``maximumLength`` characters: typing or pasting past it keeps what fits
/// and drops the rest, so a huge paste can never stall the app. That is far more than any input
/// line needs (a todo title may have 500 characters, which the title rule reports on saving).
/// Every edit costs time in proportion to the line's length at most.
public struct LineEditor: Hashable, Sendable {
    /// The most characters a line holds.
    public static let maximumLength = 4_096

    /// The characters typed so far.
    public private(set) var characters: [Character]
    /// The cursor's place, `0...characters.count`.
    public private(set) var cursor: Int

    /// An editor holding `text`, the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text.
    public var text: String { String(characters) }

    /// What an edit did.
    public enum Outcome: Hashable, Sendable {
        /// The key edited the line (or moved the cursor).
        case edited
        /// Enter: the text is done.
        case submitted(String)
        /// Escape: typing was abandoned.
        case cancelled
        /// The key is not an editing key.
        case ignored
    }

    /// Applies a key or a paste.
    public mutating func handle(_ event: InputEvent) -> Outcome {
        switch event {
        case .paste(let text):
            insert(text)
            return .edited
        case .resize:
            return .ignored
        case .key(let key):
            return handle(key)
        }
    }

    private mutating func handle(_ key: Key) -> Outcome {
        if key.modifiers.contains(.control) {
            switch key.code {
            case .character("a"): cursor = 0
            case .character("e"): cursor = characters.count
            case .character("u"):
                characters.removeSubrange(0..<cursor)
                cursor = 0
            case .character("k"): characters.removeSubrange(cursor...)
            default: return .ignored
            }
            return .edited
        }
        switch key.code {
        case .enter: return .submitted(text)
        case .escape: return .cancelled
        case .character(let character) where !key.modifiers.contains(.alt):
            insert(String(character))
        case .backspace:
            guard cursor > 0 else { return .edited }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .delete:
            guard cursor < characters.count else { return .edited }
            characters.remove(at: cursor)
        case .left: cursor = max(cursor - 1, 0)
        case .right: cursor = min(cursor + 1, characters.count)
        case .home: cursor = 0
        case .end: cursor = characters.count
        default: return .ignored
        }
        return .edited
    }

    private mutating func insert(_ text: String) {
        // An input line holds one line: pasted line breaks and tabs become spaces.
        // Only what fits is looked at, so the cost does not grow with the size of a paste.
        let room = max(Self.maximumLength - characters.count, 0)
        guard room > 0 else { return }
        let inserted = text.prefix(room).map { $0.isNewline || $0 == "\t" ? " " : $0 }
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
    }
}
