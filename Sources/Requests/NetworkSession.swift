#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// Where requests are carried: bodies streamed under a size limit (counted after
/// decompression), redirects followed with loop detection, timeouts enforced, every address a
/// request or a redirect leads to checked against an ``AddressPolicy``, and a cancellation that
/// stops the transfer at once.
///
/// `http:` and `https:` requests go over the library's own HTTP/1.1 transport (TLS from the
/// system's OpenSSL), which stops a transfer the moment it is cancelled or past its limit;
/// Foundation's `URLSession` carries them instead when a proxy is configured (in the
/// configuration or the environment) or OpenSSL cannot be loaded. The configuration's extra
/// headers apply to both. To use a different configuration, create another `NetworkSession`
/// and give it to a ``RemoteService`` or to a single ``ServiceRequest``.
public final class NetworkSession: Sendable {
    /// The session used when none is named: ephemeral, no cache, no cookies.
    public static let shared = NetworkSession()

    let urlSession: URLSession
    let router: _SessionRouter
    /// Whether `http:` requests go over this library's own transport (``_SocketTransfer``)
    /// rather than Foundation's: yes unless a proxy is configured, which only Foundation's honours.
    let carriesPlainHTTPItself: Bool
    /// The TLS context for `https:` requests over the library's own transport; `nil` when they
    /// go over Foundation's (a proxy is set, or the system's OpenSSL could not be loaded).
    let tlsContext: _TLSClientContext?
    /// Header fields the configuration adds to every request.
    private let additionalHeaders: [String: String]
    /// The addresses this session's requests may reach.
    public let addressPolicy: AddressPolicy

    /// A session with `configuration` and `addressPolicy`; the URL cache is turned off so
    /// conditional requests reach the server and a `304` comes back as is.
    public convenience init(
        configuration: URLSessionConfiguration = .ephemeral, addressPolicy: AddressPolicy = .standard
    ) {
        self.init(configuration: configuration, addressPolicy: addressPolicy, ownTransport: nil)
    }

    /// A session as above; `ownTransport` chooses the transport of web requests (`true`: this
    /// library's own, `false`: Foundation's, `nil`: its own unless a proxy is set), and
    /// `trust` the certificate authorities its own `https:` transport accepts.
    init(
        configuration: URLSessionConfiguration, addressPolicy: AddressPolicy, ownTransport: Bool?,
        trust: _TLSTrust = .system
    ) {
        self.addressPolicy = addressPolicy
        var headers: [String: String] = [:]
        for (name, value) in configuration.httpAdditionalHeaders ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        self.additionalHeaders = headers
        let configuredProxy = !(configuration.connectionProxyDictionary ?? [:]).isEmpty
        let carriesSecureHTTPItself =
            ownTransport ?? !(configuredProxy || Self.environmentNamesAProxy(for: "https"))
        let tlsContext = carriesSecureHTTPItself ? _TLSClientContext(trust: trust) : nil
        self.tlsContext = tlsContext
        // Plain HTTP goes over the own transport only where `https:` does too: the common
        // redirect from one to the other must find TLS there.
        self.carriesPlainHTTPItself =
            ownTransport ?? (tlsContext != nil && !(configuredProxy || Self.environmentNamesAProxy(for: "http")))
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
        let transport: _Exchange.Transport
        if scheme == "http" ? carriesPlainHTTPItself : tlsContext != nil {
            transport = .own(
                _SocketTransfer(urlRequest: urlRequest, additionalHeaders: additionalHeaders, tls: tlsContext))
        } else {
            transport = .foundation(urlSession.dataTask(with: urlRequest), router)
        }
        let exchange = _Exchange(
            request: request,
            transport: transport,
            addressPolicy: addressPolicy,
            completion: completion
        )
        if case .foundation(let task, _) = transport { router.register(exchange, for: task.taskIdentifier) }
        exchange.start(initialURL: urlRequest.url)
        return exchange
    }

    /// Whether the environment names a proxy for `scheme`, as curl reads it.
    private static func environmentNamesAProxy(for scheme: String) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let names = ["\(scheme)_proxy", "\(scheme.uppercased())_PROXY", "all_proxy", "ALL_PROXY"]
        return names.contains { !(environment[$0] ?? "").isEmpty }
    }
}
