/// Text being typed in a prompt, and where the cursor is. The front end edits it with a text
/// field of its own and sends the result; the view model keeps it, so nothing typed lives in
/// the screen.
public struct Draft: Hashable, Sendable {
    /// The text typed so far.
    public var text: String
    /// The cursor's place in characters, `0...text.count`.
    public var cursor: Int

    /// A draft holding `text`, the cursor at `cursor` (its end by default).
    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(cursor ?? text.count, 0), text.count)
    }
}
