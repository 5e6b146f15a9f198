public import Foundation

/// Where a feed is read from: a web address, or a file on this machine.
public enum FeedLocation: Sendable, Hashable, CustomStringConvertible {
    /// An `http` or `https` URL.
    case remote(URL)
    /// An absolute file path.
    case file(String)

    /// Reads `text` as a location: `http://` and `https://` URLs are remote (`feed://` is read
    /// as `http://`); `file://` URLs, absolute paths, `~/` paths and relative paths (against
    /// the current directory) are files.
    ///
    /// - Throws: ``FeedError/invalidLocation(_:)`` or ``FeedError/unsupportedScheme(_:)``.
    public static func parse(_ text: String) throws(FeedError) -> FeedLocation {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalidLocation(text) }
        if let schemeEnd = trimmed.range(of: "://") {
            let scheme = trimmed[..<schemeEnd.lowerBound].lowercased()
            switch scheme {
            case "http", "https":
                guard let url = URL(string: trimmed), url.host?.isEmpty == false else {
                    throw .invalidLocation(text)
                }
                return .remote(url)
            case "feed":
                guard let url = URL(string: "http://" + trimmed[schemeEnd.upperBound...]), url.host?.isEmpty == false
                else { throw .invalidLocation(text) }
                return .remote(url)
            case "file":
                guard let url = URL(string: trimmed), !url.path.isEmpty else { throw .invalidLocation(text) }
                return .file(url.standardizedFileURL.path)
            default:
                throw .unsupportedScheme(scheme)
            }
        }
        var path = trimmed
        if path == "~" || path.hasPrefix("~/") {
            path = FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst()
        }
        if !path.hasPrefix("/") {
            path = FileManager.default.currentDirectoryPath + "/" + path
        }
        return .file(URL(fileURLWithPath: path).standardizedFileURL.path)
    }

    /// The URL or the path.
    public var description: String {
        switch self {
        case .remote(let url): url.absoluteString
        case .file(let path): path
        }
    }
}
