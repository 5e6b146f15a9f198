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
/// On Linux the system's libcurl carries the requests: one thread drives every transfer of the
/// process, connections to a host are kept and reused (HTTP/2 where the server offers it), and
/// proxies come from the environment (`http_proxy`, `https_proxy`, `all_proxy`, `no_proxy`), as
/// does a file of certificate authorities to trust instead of the system's (`CURL_CA_BUNDLE`,
/// else `SSL_CERT_FILE`), as curl reads them. A proxy variable that holds no usable address fails
/// the requests it covers rather than letting them go around the proxy.
/// On Apple platforms Foundation's `URLSession` carries them. The configuration's extra headers
/// apply to both. To use a different configuration, create another `NetworkSession` and give it
/// to a ``RemoteService`` or to a single ``ServiceRequest``.
///
/// A session made over a ``NetworkTransport`` of your own (``init(transport:)``) hands each
/// request to it instead of the network: a test answers requests from memory, on virtual time,
/// while the session checks, limits, times out and cancels them as it does on the network.
public final class NetworkSession: Sendable {
    /// The session used when none is named: ephemeral, no cache, no cookies.
    public static let shared = NetworkSession()

    /// Header fields the configuration adds to every request.
    let additionalHeaders: [String: String]
    /// The addresses this session's requests may reach.
    public let addressPolicy: AddressPolicy
    /// The transport given at creation; `nil` for the system's.
    let transport: (any NetworkTransport)?
    #if canImport(Darwin)
        let urlSession: URLSession
        let router: _SessionRouter
    #else
        /// The proxies requests go through, as the environment named them when the session was made.
        let proxies: _ProxyEnvironment
        /// A file of certificate authorities trusted instead of the system's, for tests.
        let certificateAuthorities: String?
    #endif

    /// A session with `configuration` and `addressPolicy`; the URL cache is turned off so
    /// conditional requests reach the server and a `304` comes back as is.
    public convenience init(
        configuration: URLSessionConfiguration = .ephemeral, addressPolicy: AddressPolicy = .standard
    ) {
        self.init(configuration: configuration, addressPolicy: addressPolicy, environment: nil)
    }

    /// A session whose requests `transport` carries instead of the network.
    ///
    /// The session checks each request before handing it over, measures its timeout on the
    /// transport's ``NetworkTransport/scheduler``, applies its size limit and accepted statuses
    /// to what the transport reports, delivers the result on the thread that ends the exchange
    /// (the transport's, or the scheduler's for a timeout) and stops the transport's work when
    /// the request is cancelled. What happens on the wire is the transport's: it reaches what it
    /// reaches, so the session's ``addressPolicy`` is ``AddressPolicy/unrestricted``, and it adds
    /// no header fields of its own.
    ///
    /// ```swift
    /// let session = NetworkSession(transport: stubs)
    /// let api = RemoteService(name: "api", baseURL: .fixed(apiURL), session: session)
    /// ```
    public convenience init(transport: any NetworkTransport) {
        self.init(
            configuration: .ephemeral, addressPolicy: .unrestricted, environment: nil, transport: transport)
    }

    /// A session as above; on Linux, `environment` stands for the process's environment when
    /// choosing proxies, and `certificateAuthorities` names a PEM file of the authorities its
    /// `https:` requests trust instead of the system's.
    init(
        configuration: URLSessionConfiguration, addressPolicy: AddressPolicy, environment: [String: String]?,
        certificateAuthorities: String? = nil, transport: (any NetworkTransport)? = nil
    ) {
        self.addressPolicy = addressPolicy
        self.transport = transport
        var headers: [String: String] = [:]
        for (name, value) in configuration.httpAdditionalHeaders ?? [:] {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        self.additionalHeaders = headers
        #if canImport(Darwin)
            // Work on a copy: the caller's configuration stays as it was.
            let configuration = (configuration.copy() as? URLSessionConfiguration) ?? configuration
            configuration.urlCache = nil
            configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
            let router = _SessionRouter()
            self.router = router
            let queue = OperationQueue()
            queue.maxConcurrentOperationCount = 1
            self.urlSession = URLSession(configuration: configuration, delegate: router, delegateQueue: queue)
        #else
            let variables = environment ?? ProcessInfo.processInfo.environment
            self.proxies = _ProxyEnvironment(variables)
            self.certificateAuthorities =
                certificateAuthorities
                ?? ["CURL_CA_BUNDLE", "SSL_CERT_FILE"].lazy.compactMap { variables[$0] }.first { !$0.isEmpty }
        #endif
    }

    #if canImport(Darwin)
        deinit {
            urlSession.invalidateAndCancel()
        }
    #endif

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
        guard let url = urlRequest.url, scheme == "http" || scheme == "https" else {
            let target = urlRequest.url?.absoluteString ?? "?"
            completion(.failure(RequestError(request: request, reason: .invalidURL("not an http(s) URL: \(target)"))))
            return nil
        }
        if let transport {
            let exchange = _Exchange(
                request: request, addressPolicy: addressPolicy, clock: transport.scheduler, deliversInPlace: true,
                completion: completion)
            let transportExchange = TransportExchange(exchange, request: TransportRequest(request, url: url))
            exchange.start(
                initialURL: url, transfer: _CustomTransfer(transport: transport, exchange: transportExchange))
            return exchange
        }
        let exchange = _Exchange(request: request, addressPolicy: addressPolicy, completion: completion)
        #if canImport(Darwin)
            let transfer = _URLSessionTransfer(exchange: exchange, session: self, urlRequest: urlRequest)
        #else
            guard let driver = _CurlDriver.shared else {
                let reason = RequestError.Reason.transport(
                    "the system's libcurl could not be set up, so no request can be sent; check its installation")
                completion(.failure(RequestError(request: request, reason: reason)))
                return nil
            }
            let transfer = _CurlTransfer(
                exchange: exchange, driver: driver, urlRequest: urlRequest, url: url,
                additionalHeaders: additionalHeaders, proxies: proxies, certificateAuthorities: certificateAuthorities)
        #endif
        exchange.start(initialURL: url, transfer: transfer)
        return exchange
    }
}
