/// A quote of the day, as the habits server sends it: `{"text": "…", "author": "…"}`.
public struct QuoteObject: Hashable, Sendable, Codable {
    /// The quote.
    public var text: String
    /// Who said it.
    public var author: String

    /// A quote with the given values.
    public init(text: String, author: String) {
        self.text = text
        self.author = author
    }
}
