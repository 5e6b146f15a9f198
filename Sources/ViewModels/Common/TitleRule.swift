/// What makes a todo title acceptable; one rule for adding, editing in place and the editor.
public enum TitleRule {
    /// The longest title accepted, in characters.
    public static let maximumLength = 500

    /// Why `title` cannot be saved, or `nil` when it can.
    public static func problem(with title: String) -> String? {
        if title.allSatisfy(\.isWhitespace) { return "A title is required." }
        let length = title.count
        if length > maximumLength {
            return "A title can have at most \(maximumLength) characters; this one has \(length)."
        }
        return nil
    }
}
