public import FeedParsing
public import SQLiteProvider

/// Why a subscription list could not be imported at all; nothing was added.
public enum FeedImportError: Error, Sendable, CustomStringConvertible {
    /// The file cannot be read: missing, a directory, unreadable or too large.
    case file(FeedError)
    /// The file is not an OPML subscription list (or is empty, or past the limits).
    case notOPML(path: String, OPMLError)
    /// The database refused the import.
    case database(DatabaseError)

    /// A one-line message for people that names the file and what to do.
    public var description: String {
        switch self {
        case .file(let error): error.description
        case .notOPML(let path, .empty): "\(path): the file is empty; export an OPML list from a feed reader"
        case .notOPML(let path, let error):
            "\(path): \(error.description); import reads OPML files, as feed readers export them"
        case .database(let error): error.message
        }
    }
}
