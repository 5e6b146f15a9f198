public import Foundation
public import Requests
public import Streams
import Synchronization

/// What the app asks of the habits server.
public protocol ServerBaseServiceType: Sendable {
    /// Fetches today's quote when subscribed; sends it or the failure, then completes.
    func quoteOfTheDay() -> Observable<Result<QuoteObject, RequestError>>
    /// Looks up habit ideas about `keyword` when subscribed; sends them or the failure, then
    /// completes. Disposing before the answer cancels the request.
    func ideas(matching keyword: String) -> Observable<Result<[IdeaObject], RequestError>>
}

/// The only code that talks to the habits server, through `Requests`:
///
/// - `GET {base}/quotes/today` answers a ``QuoteObject`` as JSON;
/// - `GET {base}/ideas?q=KEYWORD` answers an array of ``IdeaObject``s.
///
/// The base URL, and the session that carries the requests, are set once by the composition
/// root (``configure(baseURL:session:)``); until then every request fails with
/// ``RequestError/Reason/invalidURL(_:)``, which the app words as "no habits server is set".
public final class ServerBaseService: ServerBaseServiceType {
    /// The service the app uses.
    public static let shared = ServerBaseService(baseURL: nil, session: .shared)

    /// Where requests go, read each time one is built so it can be set after launch.
    private let target: Mutex<(url: URL?, session: NetworkSession)>

    private init(baseURL: URL?, session: NetworkSession) {
        target = Mutex((baseURL, session))
    }

    /// A service of its own that asks the server at `baseURL` through `session`: a test gives
    /// a session over a `StubTransport`, so no request leaves the process.
    public static func makeIsolated(baseURL: URL, session: NetworkSession) -> ServerBaseService {
        ServerBaseService(baseURL: baseURL, session: session)
    }

    /// Sets the server's base URL, and the session that carries the requests (the network by
    /// default); the first call wins.
    public func configure(baseURL: URL, session: NetworkSession = .shared) {
        target.withLock { target in
            if target.url == nil { target = (baseURL, session) }
        }
    }

    /// Fetches today's quote; disposing before the answer cancels the request.
    public func quoteOfTheDay() -> Observable<Result<QuoteObject, RequestError>> {
        endpoint("quotes").request(path: ["today"]).expecting(QuoteObject.self).results()
    }

    /// Looks up ideas about `keyword`; disposing before the answer cancels the request.
    public func ideas(matching keyword: String) -> Observable<Result<[IdeaObject], RequestError>> {
        endpoint("ideas").request(query: [URLQueryItem(name: "q", value: keyword)])
            .expecting([IdeaObject].self).results()
    }

    /// The endpoint at `path`, over the server and session configured now.
    private func endpoint(_ path: String) -> Endpoint {
        let (url, session) = target.withLock { ($0.url, $0.session) }
        let server = RemoteService(
            name: "habits server", baseURL: .runtime { url }, session: session, defaultTimeout: .seconds(10))
        return Endpoint(service: server, path: path)
    }
}
