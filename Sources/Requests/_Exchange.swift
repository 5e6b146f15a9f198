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
    private struct State {
        var body = Data()
        var response: HTTPURLResponse?
        var finished = false
        var completion: (@Sendable (Result<NetworkResponse, RequestError>) -> Void)?
        var visited: Set<String> = []
        var redirects = 0
    }

    let request: ServiceRequest
    private let task: URLSessionDataTask
    private let router: _SessionRouter
    private let state: SanitizerVisibleMutex<State>
    private let timer: any DispatchSourceTimer
    private let delegateQueue: OperationQueue

    init(
        request: ServiceRequest,
        task: URLSessionDataTask,
        router: _SessionRouter,
        delegateQueue: OperationQueue,
        completion: @escaping @Sendable (Result<NetworkResponse, RequestError>) -> Void
    ) {
        self.request = request
        self.task = task
        self.router = router
        self.delegateQueue = delegateQueue
        self.state = SanitizerVisibleMutex(State(completion: completion))
        self.timer = DispatchSource.makeTimerSource(queue: .global())
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
        task.resume()
    }

    /// Stops the exchange without delivering anything (the subscriber went away).
    func cancel() {
        let pending = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            state.finished = true
            state.completion = nil
            return true
        }
        timer.cancel()
        router.unregister(task.taskIdentifier)
        if pending { cancelTask() }
    }

    /// Cancels the task on the session's serial delegate queue, so the cancellation never
    /// lands while a delegate callback waits for its completion handler (Foundation on Linux
    /// traps when that happens).
    private func cancelTask() {
        let task = task
        delegateQueue.addOperation { task.cancel() }
    }

    /// Ends the exchange with `reason` and stops the transfer.
    ///
    /// Inside a delegate callback that hands back a disposition, pass `cancellingTask: false`
    /// and let the disposition stop the task.
    func fail(_ reason: RequestError.Reason, cancellingTask: Bool = true) {
        finish(.failure(RequestError(request: request, reason: reason)))
        if cancellingTask { cancelTask() }
    }

    private func finish(_ result: Result<NetworkResponse, RequestError>) {
        let completion = state.withLock { state -> (@Sendable (Result<NetworkResponse, RequestError>) -> Void)? in
            guard !state.finished else { return nil }
            state.finished = true
            let completion = state.completion
            state.completion = nil
            return completion
        }
        timer.cancel()
        router.unregister(task.taskIdentifier)
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
            fail(.bodyTooLarge(limit: limit), cancellingTask: false)
            return false
        }
        state.withLock { $0.response = response as? HTTPURLResponse }
        return true
    }

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

    /// Whether a redirect to `url` may be followed.
    func redirect(to url: URL?) -> Bool {
        let limit = request.maximumRedirects
        let verdict = state.withLock { state -> RequestError.Reason? in
            state.redirects += 1
            guard let url else { return .transport("redirect without a location") }
            // A server may not send the client to a file or any other non-web address.
            guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
                return .transport("redirect to a non-HTTP address refused")
            }
            if !state.visited.insert(url.absoluteString).inserted { return .redirectLoop(url) }
            if state.redirects > limit { return .tooManyRedirects(limit: limit) }
            return nil
        }
        if let verdict {
            fail(verdict, cancellingTask: false)
            return false
        }
        return true
    }

    func complete(error: (any Error)?) {
        if let error {
            finish(.failure(RequestError(request: request, reason: Self.reason(for: error, request: request))))
            return
        }
        let (response, body) = state.withLock { ($0.response ?? task.response as? HTTPURLResponse, $0.body) }
        guard let response else {
            finish(.failure(RequestError(request: request, reason: .transport("no HTTP response"))))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in response.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name] = value }
        }
        let url = response.url ?? task.originalRequest?.url ?? URL(fileURLWithPath: "/")
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

    private static func reason(for error: any Error, request: ServiceRequest) -> RequestError.Reason {
        guard let urlError = error as? URLError else { return .transport(String(describing: error)) }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .timeout(request.effectiveTimeout)
        case .cannotConnectToHost: return .transport("connection refused")
        case .cannotFindHost: return .transport("host not found")
        case .networkConnectionLost: return .transport("connection lost")
        case .notConnectedToInternet: return .transport("not connected")
        case .httpTooManyRedirects: return .tooManyRedirects(limit: request.maximumRedirects)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate:
            return .transport("secure connection failed")
        default: return .transport("URL error \(urlError.code.rawValue)")
        }
    }
}
