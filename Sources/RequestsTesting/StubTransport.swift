import Foundation
public import Requests
public import Streams

/// A ``NetworkTransport`` that answers from stubbed routes instead of the network, after a delay
/// on a scheduler, and records every request it receives.
///
/// Make a ``NetworkSession`` over it and give that to the service under test. With a
/// `TestScheduler` the delays and the requests' timeouts run in virtual time; with a real
/// scheduler the transport stands in for a slow network.
///
/// ```swift
/// let scheduler = TestScheduler()
/// let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(300))
/// stubs.stub(.get, path: "/v1/quotes/today", with: .json(Quote(text: "Hello")))
/// let api = RemoteService(name: "quotes", baseURL: .fixed(apiURL), session: NetworkSession(transport: stubs))
///
/// let today = Endpoint(service: api, path: "v1", "quotes").request(path: ["today"]).expecting(Quote.self)
/// let res = scheduler.start { today.values().map(\.text) }
/// #expect(res.events == [.next(500, "Hello"), .completed(500)])
/// #expect(stubs.recordedRequests.map(\.path) == ["/v1/quotes/today"])
/// ```
///
/// The latest stub whose route matches answers, so a stub added later overrides an earlier one,
/// and ``StubRoute/anyRequest`` added first is a fallback. A request no stub matches fails with
/// a ``RequestError/Reason/transport(_:)`` that names it and the routes there are. Every answer,
/// matched or not, arrives after the delay; disposing the subscription (or cancelling the task)
/// before then cancels it.
public final class StubTransport: NetworkTransport {
    private struct Stub {
        var route: StubRoute
        var delay: SchedulerDuration?
        var response: StubResponse
    }

    private struct State {
        var stubs: [Stub] = []
        var delay: SchedulerDuration
        var recorded: [RecordedRequest] = []
    }

    /// Where the answers are delayed and the requests' timeouts measured.
    public let scheduler: any Scheduler
    private let state: SanitizerVisibleMutex<State>

    /// A transport that answers on `scheduler` after `delay`, unless a stub says otherwise.
    public init(scheduler: any Scheduler, delay: SchedulerDuration = .zero) {
        self.scheduler = scheduler
        self.state = SanitizerVisibleMutex(State(delay: delay))
    }

    /// How long an answer takes when its stub names no delay; a change applies to requests
    /// received afterwards.
    public var delay: SchedulerDuration {
        get { state.withLock { $0.delay } }
        set { state.withLock { $0.delay = newValue } }
    }

    /// The requests received so far, in order.
    public var recordedRequests: [RecordedRequest] { state.withLock { $0.recorded } }

    /// Answers requests on `route` with `response`, after `delay` (the transport's when `nil`).
    public func stub(_ route: StubRoute, delay: SchedulerDuration? = nil, with response: StubResponse) {
        state.withLock { $0.stubs.append(Stub(route: route, delay: delay, response: response)) }
    }

    /// Answers requests with `method` (any when `nil`) whose URL's path is `path` with `response`,
    /// after `delay` (the transport's when `nil`).
    public func stub(
        _ method: HTTPMethod? = .get, path: String, delay: SchedulerDuration? = nil, with response: StubResponse
    ) {
        stub(StubRoute(method, path: path), delay: delay, with: response)
    }

    /// Answers requests with `method` (any when `nil`) for `url` (query ignored) with `response`,
    /// after `delay` (the transport's when `nil`).
    public func stub(
        _ method: HTTPMethod? = .get, url: String, delay: SchedulerDuration? = nil, with response: StubResponse
    ) {
        stub(StubRoute(method, url: url), delay: delay, with: response)
    }

    /// Removes every stub; recorded requests stay.
    public func removeAllStubs() {
        state.withLock { $0.stubs.removeAll() }
    }

    /// Records `request` and schedules its answer.
    public func send(_ request: TransportRequest, to exchange: TransportExchange) -> any Disposable {
        let record = RecordedRequest(request, time: scheduler.now)
        let (stub, delay, routes) = state.withLock { state in
            state.recorded.append(record)
            let stub = state.stubs.last { $0.route.matches(request) }
            return (stub, stub?.delay ?? state.delay, stub == nil ? state.stubs.map(\.route.description) : [])
        }
        let response = stub?.response ?? .fail(.transport(Self.unmatchedSentence(routes: routes)))
        return scheduler.schedule(after: delay, label: "stubbed answer to \(request)") {
            Self.answer(record, with: response, to: exchange)
        }
    }

    private static func answer(_ record: RecordedRequest, with response: StubResponse, to exchange: TransportExchange) {
        switch response {
        case .respond(let status, let headers, let body):
            exchange.respond(status: status, headers: headers, body: body)
        case .fail(let reason):
            exchange.fail(reason)
        case .noAnswer:
            break
        case .dynamic(let make):
            answer(record, with: make(record), to: exchange)
        }
    }

    /// The failure of a request no stub answers: the request itself is named by the error.
    private static func unmatchedSentence(routes: [String]) -> String {
        guard !routes.isEmpty else { return "no stub answers this request: the stub transport has no stubs" }
        let shown = routes.reversed().prefix(8).joined(separator: ", ")
        let more = routes.count > 8 ? " and \(routes.count - 8) more" : ""
        return "no stub answers this request; the stubbed routes are \(shown)\(more)"
    }
}
