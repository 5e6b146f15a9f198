public import Foundation
public import Requests
public import Streams

/// A network service that answers from canned replies, for the fake environment and tests.
///
/// Every reply arrives after ``delay`` on the scheduler given at creation, so a virtual-time
/// scheduler controls exactly when; with a real scheduler it simulates a slow network. It
/// behaves like ``NetworkBaseService`` where that matters: statuses outside the request's
/// accepted set fail with ``RequestError/Reason/status(_:body:)``, bodies over the request's
/// size limit fail, a delay longer than the request's timeout fails with
/// ``RequestError/Reason/timeout(_:)`` when the timeout elapses, and disposing cancels the
/// reply. A request nothing matches gets a `404`.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(300))
/// network.stub(path: "/v1/todos", reply: .records(todos))
/// let res = scheduler.start { network.response(for: request).map(\.statusCode) }
/// #expect(res.events == [.next(500, 200), .completed(500)])
/// ```
public final class FakeNetworkService: NetworkBaseServiceType {
    /// How a stub recognizes its requests.
    public enum Matcher: Sendable, Hashable {
        /// The full URL without its query, e.g. `https://example.com/feed.xml`.
        case url(String)
        /// The URL's path, e.g. `/v1/todos`, whatever the host.
        case path(String)
    }

    /// What a stub answers.
    public enum Reply: Sendable {
        /// A response with the given status, headers and body.
        case respond(status: Int, headers: [String: String], body: Data)
        /// A failure with `reason`, as the real service would report it.
        case fail(RequestError.Reason)
        /// A JSON array of records, filtered, sorted and paged by the request's query the way
        /// ``FakeRecords`` describes.
        case records([FakeRecord])
        /// A reply computed from the request.
        case dynamic(@Sendable (ServiceRequest) -> Reply)

        /// A `200` with `body`.
        public static func ok(_ body: Data, headers: [String: String] = [:]) -> Reply {
            .respond(status: 200, headers: headers, body: body)
        }

        /// A `200` with `text` as UTF-8.
        public static func ok(_ text: String, headers: [String: String] = [:]) -> Reply {
            .respond(status: 200, headers: headers, body: Data(text.utf8))
        }
    }

    private struct Stub {
        var method: HTTPMethod?
        var matcher: Matcher
        var reply: Reply
    }

    private struct State {
        var stubs: [Stub] = []
        var delay: SchedulerDuration
        var received: [ServiceRequest] = []
    }

    private let scheduler: any Scheduler
    private let state: SanitizerVisibleMutex<State>

    /// A fake that answers on `scheduler` after `delay`.
    public init(scheduler: any Scheduler, delay: SchedulerDuration = .zero) {
        self.scheduler = scheduler
        self.state = SanitizerVisibleMutex(State(delay: delay))
    }

    /// How long every reply takes; changing it affects requests made afterwards.
    public var delay: SchedulerDuration {
        get { state.withLock { $0.delay } }
        set { state.withLock { $0.delay = newValue } }
    }

    /// The requests received so far, in order.
    public var receivedRequests: [ServiceRequest] { state.withLock { $0.received } }

    /// Answers requests with `method` (any method when `nil`) whose URL has `path` with `reply`.
    /// A later stub for the same request wins over an earlier one.
    public func stub(_ method: HTTPMethod? = .get, path: String, reply: Reply) {
        state.withLock { $0.stubs.append(Stub(method: method, matcher: .path(path), reply: reply)) }
    }

    /// Answers requests with `method` (any method when `nil`) for `url` (query ignored) with
    /// `reply`. A later stub for the same request wins over an earlier one.
    public func stub(_ method: HTTPMethod? = .get, url: String, reply: Reply) {
        state.withLock { $0.stubs.append(Stub(method: method, matcher: .url(url), reply: reply)) }
    }

    /// Replies after the delay on the scheduler; disposing before then cancels the reply.
    public func response(for request: ServiceRequest) -> Observable<NetworkResponse> {
        Observable.create { [self] observer in
            let (delay, stubs) = state.withLock { state in
                state.received.append(request)
                return (state.delay, state.stubs)
            }
            let timeout = request.effectiveTimeout
            let label = "fake network \(request.method) \(request.pathComponents.joined(separator: "/"))"
            if delay > timeout {
                return scheduler.schedule(after: timeout, label: label + " (timeout)") {
                    observer.onError(RequestError(request: request, reason: .timeout(timeout)))
                }
            }
            return scheduler.schedule(after: delay, label: label) {
                switch Self.answer(request, stubs: stubs) {
                case .success(let response):
                    observer.onNext(response)
                    observer.onCompleted()
                case .failure(let error):
                    observer.onError(error)
                }
            }
        }
    }

    private static func answer(_ request: ServiceRequest, stubs: [Stub]) -> Result<NetworkResponse, RequestError> {
        let url: URL
        do {
            url = try request.makeURL()
        } catch {
            return .failure(error)
        }
        let stub = stubs.last { stub in
            guard stub.method == nil || stub.method == request.method else { return false }
            switch stub.matcher {
            case .path(let path): return url.path == path
            case .url(let wanted): return urlWithoutQuery(url) == wanted
            }
        }
        guard let stub else {
            let body = Data("no fake response for \(request.method) \(url.path)".utf8)
            return .failure(RequestError(request: request, reason: .status(404, body: body)))
        }
        return resolve(stub.reply, request: request, url: url)
    }

    private static func resolve(
        _ reply: Reply, request: ServiceRequest, url: URL
    ) -> Result<NetworkResponse, RequestError> {
        switch reply {
        case .dynamic(let make):
            return resolve(make(request), request: request, url: url)
        case .fail(let reason):
            return .failure(RequestError(request: request, reason: reason))
        case .records(let records):
            let page = FakeRecords.page(records, query: request.queryItems)
            let headers = ["Content-Type": "application/json", "X-Total-Count": String(page.total)]
            return finish(status: 200, headers: headers, body: FakeRecords.encode(page.records), request, url)
        case .respond(let status, let headers, let body):
            return finish(status: status, headers: headers, body: body, request, url)
        }
    }

    private static func finish(
        status: Int,
        headers: [String: String],
        body: Data,
        _ request: ServiceRequest,
        _ url: URL
    ) -> Result<NetworkResponse, RequestError> {
        guard body.count <= request.maximumBodySize else {
            return .failure(RequestError(request: request, reason: .bodyTooLarge(limit: request.maximumBodySize)))
        }
        guard request.acceptedStatusCodes.contains(status) else {
            return .failure(RequestError(request: request, reason: .status(status, body: body)))
        }
        return .success(NetworkResponse(request: request, url: url, statusCode: status, headers: headers, body: body))
    }

    private static func urlWithoutQuery(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: true) else { return url.absoluteString }
        components.query = nil
        components.fragment = nil
        return components.string ?? url.absoluteString
    }
}

extension FakeNetworkService {
    /// The `ETag` the fake sends with the shipped sample feed.
    public static let sampleFeedETag = "\"rivulet-sample\""

    /// Serves the feed shipped with the package (``SampleFeed``) at `url`, with an `ETag`, and
    /// answers a request carrying that `ETag` in `If-None-Match` with `304 Not Modified`, as a
    /// real feed server would.
    public func stubSampleFeed(url: String) {
        let body = SampleFeed.data()
        let etag = Self.sampleFeedETag
        stub(
            url: url,
            reply: .dynamic { request in
                if request.header("If-None-Match") == etag {
                    return .respond(status: 304, headers: ["ETag": etag], body: Data())
                }
                return .ok(body, headers: ["Content-Type": "application/rss+xml", "ETag": etag])
            }
        )
    }
}
