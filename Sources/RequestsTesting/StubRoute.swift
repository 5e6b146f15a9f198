import Foundation
public import Requests

/// Which requests a stub of a ``StubTransport`` answers: a method (or any) and a path, a URL, or
/// a condition of your own.
///
/// ```swift
/// StubRoute(.get, path: "/v1/quotes/today")             // any host, any query
/// StubRoute(.post, url: "https://api.example/v1/quotes") // that URL, any query
/// StubRoute("a search") { $0.url.query?.contains("q=") == true }
/// StubRoute.anyRequest                                    // a fallback
/// ```
public struct StubRoute: Sendable, CustomStringConvertible {
    /// How the route reads a request, apart from its method.
    private enum Matcher: Sendable {
        case path(String)
        case url(String)
        case condition(@Sendable (TransportRequest) -> Bool)
    }

    /// The method the route answers; `nil` for any.
    public let method: HTTPMethod?
    private let matcher: Matcher
    /// How failures and listings name the route: `GET /v1/quotes`.
    public let description: String

    /// Requests with `method` (any when `nil`) whose URL's path is `path`, percent-decoded, for
    /// example `/v1/quotes/today`, whatever the host and query.
    public init(_ method: HTTPMethod? = .get, path: String) {
        self.method = method
        self.matcher = .path(path)
        self.description = "\(method?.rawValue ?? "any method") \(path)"
    }

    /// Requests with `method` (any when `nil`) for `url`, compared without its query and
    /// fragment, for example `https://api.example/v1/quotes`.
    public init(_ method: HTTPMethod? = .get, url: String) {
        self.method = method
        self.matcher = .url(url)
        self.description = "\(method?.rawValue ?? "any method") \(url)"
    }

    /// Requests for which `condition` holds, whatever their method; `description` names the
    /// route in messages.
    public init(_ description: String, where condition: @escaping @Sendable (TransportRequest) -> Bool) {
        self.method = nil
        self.matcher = .condition(condition)
        self.description = description
    }

    /// Every request: registered first, it answers what no later stub does.
    public static let anyRequest = StubRoute("any request") { _ in true }

    /// Whether the route answers `request`.
    public func matches(_ request: TransportRequest) -> Bool {
        if let method, method != request.method { return false }
        switch matcher {
        case .path(let path): return request.url.path == path
        case .url(let url): return Self.withoutQuery(request.url) == url
        case .condition(let condition): return condition(request)
        }
    }

    private static func withoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.query = nil
        components.fragment = nil
        return components.string ?? url.absoluteString
    }
}
