/// Why a document could not be read as a feed.
public enum FeedParsingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document is empty or only whitespace.
    case empty
    /// The document is readable but is not a feed, for example an HTML page; the associated
    /// value says what it is.
    case notAFeed(String)
    /// The document looks like `format` but is broken (truncated, invalid syntax, a required
    /// part missing); the associated value says where and how.
    case malformed(FeedFormat, String)
    /// The document is past what the parser reads in bounded memory (larger than
    /// ``FeedDocument/maximumDocumentSize``, nested too deep, too many elements even after the
    /// oldest items were dropped); the associated value says which limit.
    case tooLarge(String)

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .empty: "the document is empty"
        case .notAFeed(let what): "not a feed: \(what)"
        case .malformed(let format, let detail): "malformed \(format.displayName) document: \(detail)"
        case .tooLarge(let what): "too large to read: \(what)"
        }
    }
}

extension FeedFormat {
    /// The format's usual name: `JSON Feed`, `RSS` or `Atom`.
    public var displayName: String {
        switch self {
        case .jsonFeed: "JSON Feed"
        case .rss: "RSS"
        case .atom: "Atom"
        }
    }
}
