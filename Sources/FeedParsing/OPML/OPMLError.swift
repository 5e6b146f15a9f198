/// Why a document could not be read as an OPML subscription list.
public enum OPMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The document is empty or only whitespace.
    case empty
    /// The document is larger than ``OPMLDocument/maximumDocumentSize`` bytes.
    case tooLarge(bytes: Int)
    /// The document is readable but is not OPML, for example a feed or an HTML page; the
    /// associated value says what it is.
    case notOPML(String)
    /// The document is OPML but cannot be read whole (nested too deeply, too many outlines);
    /// the associated value says how.
    case malformed(String)

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .empty: "the document is empty"
        case .tooLarge(let bytes):
            "the document has \(bytes) bytes, more than the \(OPMLDocument.maximumDocumentSize / 1024 / 1024) MB "
                + "an OPML subscription list may have"
        case .notOPML(let what): "not an OPML subscription list: \(what)"
        case .malformed(let detail): "malformed OPML document: \(detail)"
        }
    }
}
