import Foundation

extension FeedLocation {
    /// The location in one spelling per feed, to compare subscriptions and to store them: for a
    /// web address the scheme and host in lower case, the scheme's default port, the fragment,
    /// an empty query and an empty path's absence written away (`HTTP://Example.com:80/?#top` is
    /// `http://example.com/`); a file's path is already absolute and standardized.
    public var normalized: FeedLocation {
        guard case .remote(let url) = self,
            var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return self }
        let scheme = components.scheme?.lowercased()
        components.scheme = scheme
        components.percentEncodedHost = components.percentEncodedHost?.lowercased()
        if (scheme == "http" && components.port == 80) || (scheme == "https" && components.port == 443) {
            components.port = nil
        }
        components.fragment = nil
        if components.percentEncodedQuery?.isEmpty == true { components.percentEncodedQuery = nil }
        if components.percentEncodedPath.isEmpty { components.percentEncodedPath = "/" }
        return components.url.map(FeedLocation.remote) ?? self
    }

    /// The location as a URL string, for lists that hold only URLs (OPML): a web address as it
    /// is, a file as a `file://` URL.
    public var urlString: String {
        switch self {
        case .remote(let url): url.absoluteString
        case .file(let path): URL(fileURLWithPath: path).absoluteString
        }
    }
}
