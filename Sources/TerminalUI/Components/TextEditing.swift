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

extension Array where Element == Character {
    /// Makes the characters just inserted at `range`, and those beside them, whole characters
    /// again, as the text shows them: a combining accent, a skin tone, a joiner or the second
    /// half of a flag typed on its own joins the character before it (keys arrive a code point
    /// at a time). Returns where the insertion now ends, the cursor's place after it: the first
    /// boundary at or after its last code point.
    mutating func regroupInsertion(_ range: Range<Int>) -> Int {
        let lower = Swift.max(range.lowerBound - 1, 0)
        let upper = Swift.min(range.upperBound + 1, count)
        let inserted = self[lower..<range.upperBound].reduce(0) { $0 + $1.unicodeScalars.count }
        let regrouped = Array(String(self[lower..<upper]))
        var end = lower
        var scalars = 0
        for character in regrouped where scalars < inserted {
            scalars += character.unicodeScalars.count
            end += 1
        }
        replaceSubrange(lower..<upper, with: regrouped)
        return end
    }
}
