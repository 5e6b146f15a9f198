/// A line of text being typed and where its cursor is: what a scene's input line holds, kept
/// in the view model so every front end shows the same prompt.
package struct PromptText: Sendable, Hashable {
    /// The text.
    package var text: String
    /// The cursor's place, `0...text.count` characters from the start.
    package var cursor: Int

    /// `text` with the cursor at `cursor`, or at its end when `cursor` is `nil` (clamped to the text).
    package init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(cursor ?? text.count, 0), text.count)
    }
}
