import Dispatch
import Foundation
import Streams

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One request in flight: collects the body, applies the limits and delivers one result, whatever
/// ``_Transfer`` carries it.
///
/// `@unchecked Sendable`: mutable state lives in `state`, a `SanitizerVisibleMutex`; the rest is
/// immutable.
final class _Exchange: @unchecked Sendable {
    /// Where the timers of the system's transports fire: a queue of its own, so a pool of
    /// threads kept busy by blocked work never delays a timeout.
    static let timerScheduler = DispatchQueueScheduler(label: "Requests.exchange.timers", qos: .userInitiated)

    /// The status line and header fields of the final answer of a hop.
    struct Head: Sendable {
        var status: Int
        /// Each field once, as the server named it; repeated fields joined with ", ".
        var headers: [String: String]
        var url: URL

        /// The value of the field named `name` (lower-case), in any case.
        func field(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name }?.value
        }
    }

    private struct State {
        var body = Data()
        var head: Head?
        /// The sink the body goes to instead of `body`, once an accepted head has opened it.
        var sink: (any ResponseBodySink)?
        /// The bytes handed to `sink` so far.
        var streamedByteCount = 0
        var finished = false
        var completion: (@Sendable (Result<NetworkResponse, RequestError>) -> Void)?
        var visited: Set<String> = []
        var redirects = 0
        /// Whether every redirect so far was permanent (301 or 308).
        var redirectsArePermanent = true
        var transfer: (any _Transfer)?
        var timer: (any Disposable)?
    }

    let request: ServiceRequest
    let addressPolicy: AddressPolicy
    private let state: SanitizerVisibleMutex<State>
    /// Where the timeout is measured.
    private let clock: any Scheduler
    /// Whether the result is delivered on the thread that ends the exchange, rather than on a
    /// global queue.
    private let deliversInPlace: Bool

    /// An exchange whose timeout runs on `clock`; the result goes to `completion` on a global
    /// queue, or, when `deliversInPlace`, on the thread that ends the exchange (a transport of
    /// the caller's, or the clock's, so a virtual-time clock sees it at the tick it happens).
    init(
        request: ServiceRequest,
        addressPolicy: AddressPolicy,
        clock: any Scheduler = _Exchange.timerScheduler,
        deliversInPlace: Bool = false,
        completion: @escaping @Sendable (Result<NetworkResponse, RequestError>) -> Void
    ) {
        self.request = request
        self.addressPolicy = addressPolicy
        self.clock = clock
        self.deliversInPlace = deliversInPlace
        self.state = SanitizerVisibleMutex(State(completion: completion))
    }

    /// Starts `transfer`, which carries the exchange from `initialURL` on, and the timer.
    func start(initialURL: URL, transfer: any _Transfer) {
        state.withLock {
            $0.visited.insert(initialURL.absoluteString)
            $0.transfer = transfer
        }
        transfer.begin()
        // After the transfer has begun, so that an answer due at the very tick of the timeout
        // is still in time on a clock that runs same-tick work in order.
        let timeout = request.effectiveTimeout
        let delay = SchedulerDuration.milliseconds(max(timeout.ticks, 0))
        let timer = clock.schedule(after: delay, label: "timeout of \(request.summary)") { [weak self] in
            self?.fail(.timeout(timeout))
        }
        let isLate = state.withLock { state -> Bool in
            if !state.finished { state.timer = timer }
            return state.finished
        }
        if isLate { timer.dispose() }
    }

    /// Whether the exchange has ended (delivered, failed or cancelled).
    var isFinished: Bool { state.withLock { $0.finished } }

    /// The body bytes the exchange holds: what arrived so far while it runs; none once it has
    /// ended, failed or not (the response, if any, owns the body).
    var heldBodyByteCount: Int { state.withLock { $0.body.count } }

    /// Stops the exchange without delivering anything (the subscriber went away).
    func cancel() {
        let (transfer, timer) = state.withLock { state -> ((any _Transfer)?, (any Disposable)?) in
            state.completion = nil
            guard !state.finished else { return (nil, nil) }
            state.finished = true
            state.body = Data()
            defer {
                state.transfer = nil
                state.timer = nil
            }
            return (state.transfer, state.timer)
        }
        timer?.dispose()
        transfer?.stop()
    }

    /// Ends the exchange with `reason` and stops its transfer.
    func fail(_ reason: RequestError.Reason) {
        let transfer = finish(.failure(RequestError(request: request, reason: reason)))
        transfer?.stop()
    }

    /// Delivers `result` unless the exchange ended already; the transfer, for the caller to stop.
    @discardableResult
    private func finish(_ result: Result<NetworkResponse, RequestError>) -> (any _Transfer)? {
        let (completion, transfer, timer) = state.withLock {
            state -> ((@Sendable (Result<NetworkResponse, RequestError>) -> Void)?, (any _Transfer)?, (any Disposable)?)
            in
            guard !state.finished else { return (nil, nil, nil) }
            state.finished = true
            // What was received goes now, not when the last reference to the exchange does.
            state.body = Data()
            state.sink = nil
            defer {
                state.completion = nil
                state.transfer = nil
                state.timer = nil
            }
            return (state.completion, state.transfer, state.timer)
        }
        timer?.dispose()
        if let completion {
            if deliversInPlace {
                completion(result)
            } else {
                // Deliver off the transfer's thread, so a subscriber's work (parsing a large
                // document) never holds up the other transfers.
                DispatchQueue.global().async { completion(result) }
            }
        }
        return transfer
    }

    // MARK: - What the transfer reports

    /// Takes the head of the final answer; false (and the exchange failed) when the length it
    /// announces is over the limit.
    func receive(_ head: Head) -> Bool {
        let limit = request.maximumBodySize
        if let announced = head.field("content-length").flatMap({ Int64($0.trimmingCharacters(in: .whitespaces)) }),
            announced > Int64(limit)
        {
            fail(.bodyTooLarge(limit: limit))
            return false
        }
        // Only an answer the request accepts goes to its sink: any other is kept for its error.
        let sink = request.acceptedStatusCodes.contains(head.status) ? request.bodySink : nil
        state.withLock {
            $0.head = head
            $0.sink = sink
        }
        if let sink {
            do {
                try sink.open(statusCode: head.status, headers: head.headers)
            } catch {
                fail(.transport(String(describing: error)))
                return false
            }
        }
        return true
    }

    /// Takes a chunk of the body, as decompressed by the transfer: the limit counts these
    /// bytes, so a small compressed body that inflates past it is stopped at the limit. False
    /// when the transfer is to stop (past the limit, or the exchange ended).
    func receive(_ data: Data) -> Bool {
        let limit = request.maximumBodySize
        let (verdict, sink) = state.withLock { state -> (Bool?, (any ResponseBodySink)?) in
            guard !state.finished else { return (false, nil) }
            let held = state.sink == nil ? state.body.count : state.streamedByteCount
            if held + data.count > limit { return (nil, nil) }
            guard let sink = state.sink else {
                state.body.append(data)
                return (true, nil)
            }
            state.streamedByteCount += data.count
            return (true, sink)
        }
        guard let verdict else {
            fail(.bodyTooLarge(limit: limit))
            return false
        }
        // Outside the lock: a sink may take its time (a disk), and a timeout may end the
        // exchange meanwhile.
        if let sink {
            do {
                try sink.write(data)
            } catch {
                fail(.transport(String(describing: error)))
                return false
            }
        }
        return verdict
    }

    /// Whether a redirect to `url`, answered with `status`, may be followed as far as the URL
    /// goes: a web address, not visited before, within the limit. Fails the exchange when not.
    func redirectIsAllowed(to url: URL?, status: Int) -> Bool {
        let limit = request.maximumRedirects
        let verdict = state.withLock { state -> RequestError.Reason? in
            state.redirects += 1
            state.redirectsArePermanent = state.redirectsArePermanent && (status == 301 || status == 308)
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

    /// Ends the exchange with the answer received: the response, or an error for a status the
    /// request does not accept.
    func complete() {
        let (head, body, movedForGood) = state.withLock { state in
            let taken = (state.head, state.body, state.redirects > 0 && state.redirectsArePermanent)
            state.body = Data()
            return taken
        }
        guard let head else {
            fail(
                .transport(
                    "the server closed the connection without an HTTP answer; check that the address is a web server's"
                ))
            return
        }
        guard request.acceptedStatusCodes.contains(head.status) else {
            finish(.failure(RequestError(request: request, reason: .status(head.status, body: body))))
            return
        }
        let response = NetworkResponse(
            request: request, url: head.url, statusCode: head.status, headers: head.headers, body: body,
            permanentURL: movedForGood ? head.url : nil)
        finish(.success(response))
    }

    // MARK: - Sentences

    /// The reason for a Foundation transfer's error: a sentence that says what happened, never
    /// a bare error domain or code.
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

    /// The sentence for a transfer that failed with `code`; libcurl's failures are named by the
    /// same codes, so a person reads the same words whichever transport carried the request.
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
