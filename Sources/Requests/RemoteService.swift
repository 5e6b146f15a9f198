public import Foundation
public import Streams

/// Where a remote service's base URL comes from.
public enum ServiceBaseURL: Sendable {
    /// One URL whatever the environment.
    case fixed(URL)
    /// One URL per environment; an environment without an entry has no base URL.
    case perEnvironment([ServiceEnvironment: URL])
    /// A URL looked up every time a request is built, for values known only at run time (a
    /// setting, a port chosen by the system); `nil` means there is none yet.
    case runtime(@Sendable () -> URL?)

    /// The base URL for `environment`, or `nil` if there is none.
    public func resolve(in environment: ServiceEnvironment) -> URL? {
        switch self {
        case .fixed(let url): url
        case .perEnvironment(let urls): urls[environment]
        case .runtime(let lookup): lookup()
        }
    }
}

/// A remote service: its base URL, the environment, and the session that carries its requests.
///
/// ```swift
/// let api = RemoteService(
///     name: "api",
///     baseURL: .perEnvironment([.production: prodURL, .development: devURL]),
///     environment: .production
/// )
/// let quotes = Endpoint(service: api, path: "v1", "quotes")
/// let request = quotes.request(query: [URLQueryItem(name: "sort", value: "-created")])
/// ```
public struct RemoteService: Sendable {
    /// A short name used in error messages.
    public var name: String
    /// Where the base URL comes from.
    public var baseURL: ServiceBaseURL
    /// The environment used to pick a ``ServiceBaseURL/perEnvironment(_:)`` entry.
    public var environment: ServiceEnvironment
    /// The session that carries this service's requests unless a request names its own.
    public var session: NetworkSession
    /// The timeout of a request that does not set one.
    public var defaultTimeout: SchedulerDuration

    /// A service with the given base URL, environment, session and default timeout.
    public init(
        name: String,
        baseURL: ServiceBaseURL,
        environment: ServiceEnvironment = .production,
        session: NetworkSession = .shared,
        defaultTimeout: SchedulerDuration = .seconds(30)
    ) {
        self.name = name
        self.baseURL = baseURL
        self.environment = environment
        self.session = session
        self.defaultTimeout = defaultTimeout
    }

    /// The resolved base URL, or `nil` when the service has none in its environment.
    public var resolvedBaseURL: URL? { baseURL.resolve(in: environment) }
}

extension ServiceBaseURL: CustomReflectable {
    /// A mirror that names the source without reflecting into the run-time closure, which
    /// reflection cannot always walk safely.
    public var customMirror: Mirror {
        switch self {
        case .fixed(let url): Mirror(self, children: ["fixed": url.absoluteString], displayStyle: .enum)
        case .perEnvironment(let urls):
            Mirror(
                self,
                children: ["perEnvironment": urls.map { "\($0.key.rawValue): \($0.value.absoluteString)" }.sorted()],
                displayStyle: .enum
            )
        case .runtime: Mirror(self, children: ["runtime": "(looked up when used)"], displayStyle: .enum)
        }
    }
}
