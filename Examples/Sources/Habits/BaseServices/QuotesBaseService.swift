public import Foundation
public import Requests
public import Streams
import Synchronization

/// What the app asks of the quotes server.
public protocol QuotesBaseServiceType: Sendable {
    /// Fetches today's quote when subscribed; sends it or the failure, then completes.
    func quoteOfTheDay() -> Observable<Result<QuoteObject, RequestError>>
}

/// The only code that talks to the quotes server: `GET {base}/quotes/today`, answered with a
/// ``QuoteObject`` as JSON.
///
/// The base URL is set once by the composition root (``configure(baseURL:)``); until then,
/// or when none is given, every request fails with ``RequestError/Reason/invalidURL(_:)``,
/// which the app shows as "no quote today".
public final class QuotesBaseService: QuotesBaseServiceType {
    /// The service the app uses.
    public static let shared = QuotesBaseService(baseURL: nil)

    private let baseURL = _BaseURLBox()
    private let endpoint: Endpoint

    private init(baseURL: URL?) {
        self.baseURL.url.withLock { $0 = baseURL }
        let box = self.baseURL
        endpoint = Endpoint(
            service: RemoteService(
                name: "quotes", baseURL: .runtime { box.url.withLock { $0 } }, defaultTimeout: .seconds(10)),
            path: "quotes")
    }

    /// A service of its own that asks the server at `baseURL` (a test's loopback server).
    public static func makeIsolated(baseURL: URL) -> QuotesBaseService {
        QuotesBaseService(baseURL: baseURL)
    }

    /// Sets the server's base URL; the first call wins.
    public func configure(baseURL: URL) {
        self.baseURL.url.withLock { current in
            if current == nil { current = baseURL }
        }
    }

    /// The base URL in use, if any.
    public var currentBaseURL: URL? { baseURL.url.withLock { $0 } }

    /// Fetches today's quote; disposing before the answer cancels the request.
    public func quoteOfTheDay() -> Observable<Result<QuoteObject, RequestError>> {
        endpoint.request(path: ["today"]).expecting(QuoteObject.self).results()
    }
}

/// The base URL, shared by the service and its endpoint's run-time lookup.
final class _BaseURLBox: Sendable {
    let url = Mutex<URL?>(nil)
}
