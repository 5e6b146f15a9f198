import Foundation

/// What makes a feed address acceptable.
public enum FeedURLRule {
    /// The address to subscribe to, trimmed, or why `text` is not one: an `http`, `https` or
    /// `feed` URL, a `file://` URL, or a file path that starts with `/`, `~`, `./` or `../`, as
    /// `rivulet feeds add` takes them; the feeds service stores a path absolute and normalised.
    /// Text such as `example.com/feed` is not taken for a relative path: it is a web address
    /// without its scheme far more often.
    public static func validate(_ text: String) -> Result<String, FeedURLProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(FeedURLProblem("Type the feed's address.")) }
        if ["/", "~", "./", "../"].contains(where: { trimmed.hasPrefix($0) }) {
            return .success(trimmed)
        }
        if trimmed.lowercased().hasPrefix("file://") {
            guard trimmed.count > "file://".count else {
                return .failure(FeedURLProblem("The file address has no path: \(trimmed)"))
            }
            return .success(trimmed)
        }
        guard !trimmed.contains(where: { $0.isWhitespace }),
            let components = URLComponents(string: trimmed),
            let scheme = components.scheme?.lowercased()
        else { return .failure(FeedURLProblem("That is not a web address: \(trimmed)")) }
        guard scheme == "http" || scheme == "https" || scheme == "feed" else {
            return .failure(FeedURLProblem("A feed address starts with http:// or https://."))
        }
        guard let host = components.host, !host.isEmpty else {
            return .failure(FeedURLProblem("The address has no host name: \(trimmed)"))
        }
        return .success(trimmed)
    }
}

/// Why a feed address was refused.
public struct FeedURLProblem: Error, Sendable, Hashable {
    /// The reason, for people.
    public let message: String

    /// Creates a problem.
    public init(_ message: String) {
        self.message = message
    }
}
