import Dispatch
import Foundation
import Streams

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight: collects the body, applies the limits and delivers one result.
///
/// `@unchecked Sendable`: mutable state lives in `state`, a `SanitizerVisibleMutex`; the rest is immutable, and
/// `task` and `timer` are safe to cancel from any thread.
final class _Exchange: @unchecked Sendable {
    /// Where the exchanges' timers fire: a queue of its own, so a pool of threads kept busy by
    /// blocked work (a lookup, a cancellation waiting for Foundation) never delays a timeout.
    static let timerQueue = DispatchQueue(label: "Requests.exchange.timers", qos: .userInitiated)

    private struct State {
        var body = Data()
        var response: HTTPURLResponse?
        var finished = false
        var completion: (@Sendable (Result<NetworkResponse, RequestError>) -> Void)?
        var visited: Set<String> = []
        var redirects = 0
        /// The scope of the address the last hop went to, for the next redirect's check.
        var origin: IPAddress.Scope = .public
        /// A callback that owes Foundation a completion handler is running.
        var isInDispositionCallback = false
        /// The task is to be cancelled (or already was).
        var isCancelRequested = false
    }

    /// What carries the exchange: Foundation's transfer, or this library's own.
    enum Transport: Sendable {
        case foundation(URLSessionDataTask, _SessionRouter)
        case own(_SocketTransfer)
    }

    let request: ServiceRequest
    private let transport: Transport
    private let state: SanitizerVisibleMutex<State>
    private let timer: any DispatchSourceTimer
    private let addressPolicy: AddressPolicy

    init(
        request: ServiceRequest,
        transport: Transport,
        addressPolicy: AddressPolicy,
        completion: @escaping @Sendable (Result<NetworkResponse, RequestError>) -> Void
    ) {
        self.request = request
        self.transport = transport
        self.addressPolicy = addressPolicy
        self.state = SanitizerVisibleMutex(State(completion: completion))
        self.timer = DispatchSource.makeTimerSource(queue: Self.timerQueue)
    }

    func start(initialURL: URL?) {
        let timeout = request.effectiveTimeout
        timer.schedule(deadline: .now() + .milliseconds(max(timeout.ticks, 0)))
        timer.setEventHandler { [weak self] in
            self?.fail(.timeout(timeout))
        }
        state.withLock {
            if let initialURL { $0.visited.insert(initialURL.absoluteString) }
        }
        timer.resume()
        guard case .foundation(let task, _) = transport else {
            if case .own(let transfer) = transport { transfer.begin(for: self) }
            return
        }
        guard addressPolicy.isEnforced, let host = initialURL?.host, !host.isEmpty else {
            task.resume()
            return
        }
        // The lookup blocks, so it runs off the caller's thread; the timer already counts it.
        DispatchQueue.global().async { [self] in
            if let verdict = admit(host: host, on: .requested) {
                fail(verdict)
                return
            }
            let isLive = state.withLock { !$0.finished }
            if isLive { task.resume() }
        }
    }

    /// Resolves `host` and checks its addresses against the policy for `hop`; the reason to
    /// stop, or `nil` (and the hop's scope recorded for the next redirect) when it may go on.
    private func admit(host: String, on hop: AddressPolicy.Hop) -> RequestError.Reason? {
        if case .refused(let reason) = admitted(host: host, on: hop) { return reason }
        return nil
    }

    private enum Admission {
        case admitted([IPAddress])
        case refused(RequestError.Reason)
    }

    private func admitted(host: String, on hop: AddressPolicy.Hop) -> Admission {
        switch _HostResolver.addresses(of: host) {
        case .failure(.notFound(let name)):
            return .refused(
                .transport("the host name \(name) could not be found; check the address and your connection"))
        case .failure(.failed(let detail)):
            return .refused(
                .transport(
                    "the host name \(host) could not be looked up (\(detail)); check your connection and try again"))
        case .success(let addresses):
            if addressPolicy.isEnforced, let refusal = addressPolicy.refusal(of: addresses, host: host, on: hop) {
                return .refused(.addressRefused(refusal))
            }
            state.withLock { $0.origin = AddressPolicy.origin(of: addresses) }
            return .admitted(addresses)
        }
    }

    /// The addresses a transfer of its own may connect to for `host`: resolved once and
    /// judged by the policy (as requested on the first hop, as a redirect after), so the
    /// connection goes to an address that was checked. `nil` when the exchange failed instead.
    func vet(host: String, isFirstHop: Bool) -> [IPAddress]? {
        let hop = isFirstHop ? AddressPolicy.Hop.requested : .redirect(from: state.withLock { $0.origin })
        switch admitted(host: host, on: hop) {
        case .admitted(let addresses):
            return addresses
        case .refused(let reason):
            fail(reason)
            return nil
        }
    }

    /// The body bytes the exchange holds: what arrived so far while it runs; none once it has
    /// ended, failed or not (the response, if any, owns the body).
    var heldBodyByteCount: Int { state.withLock { $0.body.count } }

    /// Stops the exchange without delivering anything (the subscriber went away).
    func cancel() {
        let pending = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.finished = true
            state.completion = nil
            return true
        }
        timer.cancel()
        forgetTransfer()
        if pending { cancelTask() }
    }

    /// Cancels the task, from a thread of its own: never on Foundation's queue, where the
    /// callbacks run (``_DelegateQueue``) and where the cancellation itself waits its turn.
    ///
    /// Foundation on Linux traps when a cancellation lands while it waits for a completion
    /// handler (a response's disposition, a redirect's request). So while such a callback runs,
    /// the cancellation is left to ``endDispositionCallback()``, which sends it after the handler
    /// was called; and a callback that starts once a cancellation was requested calls no handler
    /// at all (``beginDispositionCallback()``), leaving the task to the cancellation.
    private func cancelTask() {
        let sendsNow = state.withLock { state -> Bool in
            guard !state.isCancelRequested else { return false }
            state.isCancelRequested = true
            return !state.isInDispositionCallback
        }
        if sendsNow { sendCancel() }
    }

    private func sendCancel() {
        switch transport {
        case .foundation(let task, _): DispatchQueue.global().async { task.cancel() }
        case .own(let transfer): transfer.stop()
        }
    }

    /// Stops routing Foundation's events for the task to this exchange.
    private func forgetTransfer() {
        if case .foundation(let task, let router) = transport { router.unregister(task.taskIdentifier) }
    }

    /// Marks the start of a callback that owes a completion handler; false when a cancellation
    /// was already requested, and the callback must then call none.
    func beginDispositionCallback() -> Bool {
        state.withLock { state in
            guard !state.isCancelRequested else { return false }
            state.isInDispositionCallback = true
            return true
        }
    }

    /// Marks the end of such a callback, its completion handler called; sends a cancellation
    /// requested meanwhile.
    func endDispositionCallback() {
        let sendsNow = state.withLock { state -> Bool in
            state.isInDispositionCallback = false
            return state.isCancelRequested
        }
        if sendsNow { sendCancel() }
    }

    /// Ends the exchange with `reason` and cancels the task (see ``cancelTask()``).
    func fail(_ reason: RequestError.Reason) {
        finish(.failure(RequestError(request: request, reason: reason)))
        cancelTask()
    }

    private func finish(_ result: Result<NetworkResponse, RequestError>) {
        let completion = state.withLock { state -> (@Sendable (Result<NetworkResponse, RequestError>) -> Void)? in
            guard !state.finished else { return nil }
            state.finished = true
            // What was received goes now, not when the last reference to the exchange does.
            state.body = Data()
            let completion = state.completion
            state.completion = nil
            return completion
        }
        timer.cancel()
        forgetTransfer()
        guard let completion else { return }
        // Deliver off the session's serial delegate queue, so a subscriber's work (parsing a
        // large feed) never holds up the other transfers of the session.
        DispatchQueue.global().async { completion(result) }
    }

    // MARK: - Delegate events

    /// Whether the body announced by `response` may be received.
    func receive(_ response: URLResponse) -> Bool {
        let limit = request.maximumBodySize
        if response.expectedContentLength > Int64(limit) {
            fail(.bodyTooLarge(limit: limit))
            return false
        }
        state.withLock { $0.response = response as? HTTPURLResponse }
        return true
    }

    /// Takes a chunk of the body, as decompressed by the transfer: the limit counts these
    /// bytes, so a small compressed body that inflates past it is stopped at the limit.
    func receive(_ data: Data) {
        let limit = request.maximumBodySize
        let tooLarge = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if state.body.count + data.count > limit { return true }
            state.body.append(data)
            return false
        }
        if tooLarge { fail(.bodyTooLarge(limit: limit)) }

    }

    /// Whether a redirect to `url` may be followed: the checks on the URL, then the address
    /// policy on the addresses its host resolves to.
    func redirect(to url: URL?) -> Bool {
        guard redirectIsAllowed(to: url) else { return false }
        guard addressPolicy.isEnforced, let url, let host = url.host, !host.isEmpty else { return true }
        let origin = state.withLock { $0.origin }
        if let verdict = admit(host: host, on: .redirect(from: origin)) {
            fail(verdict)
            return false
        }
        return true
    }

    /// Whether a redirect to `url` may be followed as far as the URL goes: a web address, not
    /// visited before, within the limit. Fails the exchange when not.
    func redirectIsAllowed(to url: URL?) -> Bool {
        let limit = request.maximumRedirects
        let verdict = state.withLock { state -> RequestError.Reason? in
            state.redirects += 1
            guard let url else {
                return .transport("the server sent a redirect without a usable address; check the address")
            }
            // A server may not send the client to a file or any other non-web address.
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return .transport(
                    "refused a redirect to \(url.absoluteString): only http and https addresses are followed")
            }
            if !state.visited.insert(url.absoluteString).inserted { return .redirectLoop(url) }
            if state.redirects > limit { return .tooManyRedirects(limit: limit) }
            return nil
        }
        if let verdict {
            fail(verdict)
            return false
        }
        return true
    }

    func complete(error: (any Error)?) {
        if let error {
            finish(.failure(RequestError(request: request, reason: Self.reason(for: error, request: request))))
            return
        }
        var task: URLSessionDataTask?
        if case .foundation(let foundationTask, _) = transport { task = foundationTask }
        let (response, body) = state.withLock { state in
            let taken = (state.response ?? task?.response as? HTTPURLResponse, state.body)
            state.body = Data()
            return taken
        }
        guard let response else {
            let reason = RequestError.Reason.transport(
                "the server closed the connection without an HTTP answer; check that the address is a web server's")
            finish(.failure(RequestError(request: request, reason: reason)))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        let url = response.url ?? task?.originalRequest?.url ?? URL(fileURLWithPath: "/")
        let result = NetworkResponse(
            request: request,
            url: url,
            statusCode: response.statusCode,
            headers: headers,
            body: body
        )
        guard request.acceptedStatusCodes.contains(response.statusCode) else {
            finish(.failure(RequestError(request: request, reason: .status(response.statusCode, body: body))))
            return
        }
        finish(.success(result))
    }

    /// The reason for a transfer's error: a sentence that says what happened, never a bare
    /// error domain or code.
    static func reason(for error: any Error, request: ServiceRequest) -> RequestError.Reason {
        guard let urlError = error as? URLError else {
            return .transport(
                "the transfer failed (\(error.localizedDescription)); check the address and your connection")
        }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timeout(request.effectiveTimeout)
        case .httpTooManyRedirects: return .tooManyRedirects(limit: request.maximumRedirects)
        default: return .transport(transportSentence(urlError.code))
        }
    }

    /// The sentence for a transfer that failed with `code`; this library's own transport names its
    /// failures by the same codes, so a person reads the same words whichever carried the request.
    static func transportSentence(_ code: URLError.Code) -> String {
        switch code {
        case .cannotConnectToHost:
            "the server refused the connection; check the address and that the server is running"
        case .cannotFindHost, .dnsLookupFailed:
            "the host name could not be found; check the address and your connection"
        case .networkConnectionLost:
            "the connection was lost before the answer was complete; try again later"
        case .notConnectedToInternet: "this machine is not connected to a network; connect and try again"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected,
            .clientCertificateRequired:
            "a secure connection could not be made (the server's certificate or TLS handshake was refused); "
                + "check the address"
        case .badServerResponse:
            "the server closed the connection without answering (an empty reply); "
                + "check that the address is a web server's, or try again later"
        case .unsupportedURL, .cannotParseResponse:
            "the server's answer is not valid HTTP (no proper status line); "
                + "check that the address and port are a web server's"
        case .unknown:
            // curl's catch-all: a body shorter than its Content-Length, or no route to the host.
            "the connection failed or ended before the whole answer arrived (for example, a body shorter than "
                + "announced); check the address and your connection, then try again"
        case .cannotDecodeContentData, .cannotDecodeRawData:
            "the server's compressed answer is damaged and cannot be decompressed; try again later"
        case .zeroByteResource: "the server answered with an empty body; check the address"
        case .badURL: "the address is not valid; check it"
        case .redirectToNonExistentLocation:
            "the server redirected to an address that does not exist; check the address"
        case .userAuthenticationRequired, .userCancelledAuthentication:
            "the server asks for a login, which this request cannot give; check the address"
        case .resourceUnavailable: "the server has nothing at this address; check it"
        case .dataLengthExceedsMaximum: "the answer is too large to receive; check the address"
        default:
            "the transfer failed (the system reports network error \(code.rawValue)); "
                + "check the address and your connection, then try again"
        }
    }
}
