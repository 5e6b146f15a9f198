#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// A Foundation `URLSession` together with the delegate that streams bodies under a size
/// limit, follows redirects with loop detection, enforces timeouts, checks every address a
/// request or a redirect leads to against an ``AddressPolicy``, and cancels on request.
///
/// The session owns its delegate because Foundation on Linux ignores per-task delegates; to
/// use a different configuration (proxies, extra headers, a cache), create another
/// `NetworkSession` and give it to a ``RemoteService`` or to a single ``ServiceRequest``.
public final class NetworkSession: Sendable {
    /// The session used when none is named: ephemeral, no cache, no cookies.
    public static let shared = NetworkSession()

    let urlSession: URLSession
    let router: _SessionRouter
    /// The addresses this session's requests may reach.
    public let addressPolicy: AddressPolicy

    /// A session with `configuration` and `addressPolicy`; the URL cache is turned off so
    /// conditional requests reach the server and a `304` comes back as is.
    public init(configuration: URLSessionConfiguration = .ephemeral, addressPolicy: AddressPolicy = .standard) {
        self.addressPolicy = addressPolicy
        // Work on a copy: the caller's configuration stays as it was.
        let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let router = _SessionRouter()
        self.router = router
        self.urlSession = URLSession(configuration: configuration, delegate: router, delegateQueue: _DelegateQueue())
    }

    deinit {
        urlSession.invalidateAndCancel()
    }

    /// Starts `request`; `completion` runs once, unless the returned exchange is cancelled
    /// first, in which case it never runs.
    func start(
        _ request: ServiceRequest,
        completion: @escaping @Sendable (Result<NetworkResponse, RequestError>) -> Void
    ) -> _Exchange? {
        let urlRequest: URLRequest
        do {
            urlRequest = try request.makeURLRequest()
        } catch {
            completion(.failure(error))
            return nil
        }
        let scheme = urlRequest.url?.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            let target = urlRequest.url?.absoluteString ?? "?"
            completion(.failure(RequestError(request: request, reason: .invalidURL("not an http(s) URL: \(target)"))))
            return nil
        }
        let task = urlSession.dataTask(with: urlRequest)
        let exchange = _Exchange(
            request: request,
            task: task,
            router: router,
            delegateQueue: urlSession.delegateQueue,
            addressPolicy: addressPolicy,
            completion: completion
        )
        router.register(exchange, for: task.taskIdentifier)
        exchange.start(initialURL: urlRequest.url)
        return exchange
    }
}
