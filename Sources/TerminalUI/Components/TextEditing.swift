/// Text that keys and pastes edit: ``TextField`` (one line) and ``TextArea`` (several).
public protocol TextEditing {
    /// Applies an editing key; returns whether it was one.
    mutating func handle(_ key: Key) -> Bool
    /// Inserts text at the cursor, as a paste does.
    mutating func insert(_ text: String)
    /// Whether the last key or paste did not fit whole: a character typed into text already
    /// at its maximum length, or a paste cut short. A front end tells the person, since what
    /// did not fit is dropped.
    var overflowed: Bool { get }
}

extension TextEditing {
    /// Applies a key or a paste; returns whether the text used it. Resizes are not its
    /// business: the view that shows it sets its size.
    public mutating func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key): return handle(key)
        case .paste(let text):
            insert(text)
            return true
        case .resize: return false
        }
    }
}
