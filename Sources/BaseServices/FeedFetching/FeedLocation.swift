public import Domain
public import Foundation

/// Where a feed is read from: a web address, or a file on this machine.
public enum FeedLocation: Sendable, Hashable, CustomStringConvertible {
    /// An `http` or `https` URL.
    case remote(URL)
    /// An absolute file path.
    case file(String)

    /// Reads `text` as a location, by the one address rule of the app (``FeedURLRule``):
    /// `http://` and `https://` URLs are remote (`feed://` is read as `http://`); `file://`
    /// URLs, absolute paths, `~/` paths and relative paths (against the current directory) are
    /// files; `relativePaths` says which text without a scheme is a relative path.
    ///
    /// - Throws: ``FeedError/invalidLocation(_:)`` or ``FeedError/unsupportedScheme(_:)``.
    public static func parse(
        _ text: String, relativePaths: FeedURLRule.RelativePaths = .any
    ) throws(FeedError) -> FeedLocation {
        let files = FileManager.default
        let address = FeedURLRule.parse(
            text, homeDirectory: homeDirectory(), currentDirectory: files.currentDirectoryPath,
            relativePaths: relativePaths)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch address {
        case .success(.web(let url)): return .remote(url)
        case .success(.file(let path))
        where FeedURLRule.looksLikeAWebAddress(trimmed) && !files.fileExists(atPath: path):
            // `example.com/feed` on the command line: a web address without its scheme, not a
            // missing file; said as the feed list says it.
            throw .address(.missingScheme(trimmed))
        case .success(.file(let path)): return .file(path)
        case .failure(.unsupportedScheme(let scheme)): throw .unsupportedScheme(scheme)
        case .failure(let problem): throw .address(problem)
        }
    }

    /// What `~` stands for: `HOME`, as a shell reads it, else the user's home in the system's
    /// user database.
    static func homeDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let home = environment["HOME"], !home.isEmpty { return home }
        return FileManager.default.homeDirectoryForCurrentUser.path
    }

    /// The URL or the path.
    public var description: String {
        switch self {
        case .remote(let url): url.absoluteString
        case .file(let path): path
        }
    }
}
