import Foundation
import Requests
import RequestsTesting
import Streams
import StreamsTesting
import Synchronization
import Testing

/// A service whose requests go through `stubs`.
func stubbedService(_ stubs: StubTransport, timeout: SchedulerDuration = .seconds(1)) -> RemoteService {
    RemoteService(
        name: "api",
        baseURL: .fixed(URL(string: "https://api.example") ?? URL(fileURLWithPath: "/")),
        session: NetworkSession(transport: stubs),
        defaultTimeout: timeout
    )
}

@Suite struct StubTransportTests {
    private func text(_ response: NetworkResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test func anAnswerArrivesAfterTheDelayInVirtualTime() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(300))
            stubs.stub(.get, path: "/v1/hello", with: .ok("hi"))
            let request = Endpoint(service: stubbedService(stubs), path: "v1", "hello").request()
            let res = scheduler.start { request.response().map(text) }
            #expect(res.events == [.next(500, "hi"), .completed(500)])
            #expect(scheduler.pendingWork.isEmpty)
        }
    }

    @Test func aStubsOwnDelayReplacesTheTransportDelay() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(300))
            stubs.stub(path: "/fast", delay: .milliseconds(20), with: .ok("quick"))
            let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["fast"])
            let res = scheduler.start { request.response().map(\.statusCode) }
            #expect(res.events == [.next(220, 200), .completed(220)])
        }
    }

    @Test func aDelayChangeAppliesToLaterRequests() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler)
            stubs.stub(path: "/a", with: .ok())
            stubs.delay = .milliseconds(50)
            let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["a"])
            let res = scheduler.start { request.response().map(\.statusCode) }
            #expect(res.events == [.next(250, 200), .completed(250)])
        }
    }

    @Test func theLatestMatchingStubAnswersAndMethodsAreDistinguished() async throws {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/a", with: .ok("first"))
        stubs.stub(path: "/a", with: .ok("second"))
        stubs.stub(.post, path: "/a", with: .status(201))
        let service = stubbedService(stubs)
        let get = ServiceRequest(service: service, pathComponents: ["a"])
        let post = ServiceRequest(service: service, method: .post, pathComponents: ["a"])
        #expect(text(try await get.response()) == "second")
        #expect(try await post.response().statusCode == 201)
    }

    @Test func everyRequestIsRecordedWithMethodURLHeadersBodyAndTime() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(10))
            stubs.stub(.put, path: "/v1/notes/7", with: .status(204))
            let request = Endpoint(service: stubbedService(stubs), path: "v1", "notes").request(
                .put, path: ["7"], query: [URLQueryItem(name: "force", value: "yes")],
                headers: ["Content-Type": "text/plain"], body: Data("hello".utf8))
            _ = scheduler.start { request.response().map(\.statusCode) }
            let recorded = stubs.recordedRequests
            #expect(recorded.count == 1)
            #expect(recorded.first?.method == .put)
            #expect(recorded.first?.url.absoluteString == "https://api.example/v1/notes/7?force=yes")
            #expect(recorded.first?.path == "/v1/notes/7")
            #expect(recorded.first?.header("content-type") == "text/plain")
            #expect(recorded.first?.body == Data("hello".utf8))
            #expect(recorded.first?.time == 200)
        }
    }

    @Test func aDynamicAnswerSeesTheRequest() async throws {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/echo", with: .dynamic { .ok($0.header("X-Name") ?? "nobody") })
        let request = ServiceRequest(
            service: stubbedService(stubs), pathComponents: ["echo"], headers: ["x-name": "Ada"])
        #expect(text(try await request.response()) == "Ada")
    }

    @Test func anInjectedTransportFailureCarriesTheRequest() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/down", with: .connectionRefused)
        let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["down"])
        let result = await outcome(request)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == StubResponse.connectionRefusedReason)
        #expect(error.request.pathComponents == ["down"])
        #expect(error.description.hasPrefix("GET https://api.example/down: the server refused the connection"))
    }

    @Test func anInjectedStatusFailsUnlessTheRequestAcceptsIt() async throws {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/busy", with: .status(503, body: Data("later".utf8)))
        var request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["busy"])
        await #expect(throws: RequestError.self) { try await request.response() }
        do {
            _ = try await request.response()
        } catch {
            #expect(error.reason == .status(503, body: Data("later".utf8)))
        }
        request.acceptedStatusCodes.insert(503)
        #expect(try await request.response().statusCode == 503)
    }

    @Test func noAnswerEndsAtTheRequestsTimeoutInVirtualTime() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler)
            stubs.stub(path: "/hang", with: .noAnswer)
            let request = ServiceRequest(
                service: stubbedService(stubs), pathComponents: ["hang"], timeout: .milliseconds(700))
            let res = scheduler.start(disposed: 5_000) { request.response().map(\.statusCode) }
            #expect(res.events == [.error(900, RequestError(request: request, reason: .timeout(.milliseconds(700))))])
            #expect(scheduler.pendingWork.isEmpty)
        }
    }

    @Test func aDelayLongerThanTheTimeoutFailsAtTheTimeout() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler, delay: .seconds(3))
            stubs.stub(path: "/slow", with: .ok("late"))
            let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["slow"])
            let res = scheduler.start(disposed: 10_000) { request.response().map(\.statusCode) }
            #expect(res.events == [.error(1_200, RequestError(request: request, reason: .timeout(.seconds(1))))])
            #expect(scheduler.pendingWork.isEmpty)
        }
    }

    @Test func anAnswerDueAtTheTimeoutIsInTime() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler, delay: .seconds(1))
            stubs.stub(path: "/edge", with: .ok())
            let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["edge"])
            let res = scheduler.start(disposed: 5_000) { request.response().map(\.statusCode) }
            #expect(res.events == [.next(1_200, 200), .completed(1_200)])
        }
    }

    @Test func anUnmatchedRequestFailsNamingItAndTheStubbedRoutes() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/v1/quotes", with: .ok())
        stubs.stub(.post, url: "https://api.example/v1/notes", with: .ok())
        let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["v1", "nothing"])
        let result = await outcome(request)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(
            error.description
                == "GET https://api.example/v1/nothing: no stub answers this request; the stubbed routes are "
                + "POST https://api.example/v1/notes, GET /v1/quotes")
        #expect(stubs.recordedRequests.map(\.path) == ["/v1/nothing"])
    }

    @Test func aTransportWithoutStubsSaysSo() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["x"])
        let result = await outcome(request)
        #expect(result.failureReason == .transport("no stub answers this request: the stub transport has no stubs"))
    }

    @Test func anyRequestAddedFirstIsAFallback() async throws {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(.anyRequest, with: .status(404))
        stubs.stub(path: "/known", with: .ok("here"))
        let service = stubbedService(stubs)
        var unknown = ServiceRequest(service: service, pathComponents: ["unknown"])
        unknown.acceptedStatusCodes = [200, 404]
        #expect(try await unknown.response().statusCode == 404)
        #expect(text(try await ServiceRequest(service: service, pathComponents: ["known"]).response()) == "here")
    }

    @Test func removingAllStubsLeavesTheRecordings() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/a", with: .ok())
        let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["a"])
        _ = try? await request.response()
        stubs.removeAllStubs()
        let result = await outcome(request)
        #expect(result.failureReason == .transport("no stub answers this request: the stub transport has no stubs"))
        #expect(stubs.recordedRequests.count == 2)
    }

    @Test func disposingBeforeTheAnswerCancelsItAndLeavesNoWork() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler, delay: .seconds(2))
            stubs.stub(path: "/slow", with: .ok("late"))
            let request = ServiceRequest(service: stubbedService(stubs, timeout: .seconds(5)), pathComponents: ["slow"])
            let res = scheduler.start(disposed: 1_000) { request.response().map(\.statusCode) }
            #expect(res.events.isEmpty)
            #expect(scheduler.pendingWork.isEmpty)
            #expect(stubs.recordedRequests.count == 1)
        }
    }

    @Test func aCancelledTaskNeverCallsItsCompletion() {
        let scheduler = TestScheduler()
        let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(100))
        stubs.stub(path: "/a", with: .ok())
        let calls = SanitizedCounter()
        let task = ServiceRequest(service: stubbedService(stubs), pathComponents: ["a"]).send { _ in calls.increment() }
        scheduler.advance(by: .milliseconds(50))
        task.cancel()
        scheduler.run()
        #expect(calls.value == 0)
        #expect(scheduler.pendingWork.isEmpty)
    }

    @Test func aBodyOverTheRequestsLimitFailsAsOnTheNetwork() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/big", with: .ok(Data(count: 2_000)))
        let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["big"], maximumBodySize: 1_000)
        let result = await outcome(request)
        #expect(result.failureReason == .bodyTooLarge(limit: 1_000))
    }

    @Test func anAnnouncedLengthOverTheLimitFailsBeforeTheBody() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/big", with: .ok(Data(), headers: ["Content-Length": "5000"]))
        let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["big"], maximumBodySize: 1_000)
        let result = await outcome(request)
        #expect(result.failureReason == .bodyTooLarge(limit: 1_000))
    }

    @Test func aRequestThatCannotBeSentNeverReachesTheTransport() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(.anyRequest, with: .ok())
        let request = ServiceRequest(
            service: stubbedService(stubs), pathComponents: ["a"], headers: ["X-Evil": "a\r\nHost: elsewhere"])
        let result = await outcome(request)
        guard case .transport(let sentence) = result.failureReason else {
            Issue.record("expected a transport failure, got \(result)")
            return
        }
        #expect(sentence.contains("holds a line break"))
        #expect(stubs.recordedRequests.isEmpty)
    }

    @Test func onlyWebAddressesReachTheTransport() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(.anyRequest, with: .ok())
        let service = RemoteService(
            name: "files", baseURL: .fixed(URL(fileURLWithPath: "/tmp")), session: NetworkSession(transport: stubs))
        let result = await outcome(ServiceRequest(service: service, pathComponents: ["x"]))
        guard case .invalidURL = result.failureReason else {
            Issue.record("expected an invalid URL, got \(result)")
            return
        }
        #expect(stubs.recordedRequests.isEmpty)
    }

    @Test func cancellingTheAwaitingTaskCancelsTheRequest() async {
        let stubs = StubTransport(scheduler: TestScheduler())
        stubs.stub(path: "/never", with: .noAnswer)
        let request = ServiceRequest(service: stubbedService(stubs), pathComponents: ["never"])
        let task = Task { () async -> Result<NetworkResponse, RequestError> in
            await outcome(request)
        }
        task.cancel()
        #expect(await task.value.failureReason == .cancelled)
    }
}

extension StubResponse {
    /// The reason ``StubResponse/connectionRefused`` fails with.
    static var connectionRefusedReason: RequestError.Reason {
        guard case .fail(let reason) = StubResponse.connectionRefused else { return .cancelled }
        return reason
    }
}

/// What `request` ends with.
func outcome(_ request: ServiceRequest) async -> Result<NetworkResponse, RequestError> {
    do {
        return .success(try await request.response())
    } catch {
        return .failure(error)
    }
}

extension Result where Failure == RequestError {
    /// The reason of the failure, or `nil` for a success.
    var failureReason: RequestError.Reason? {
        if case .failure(let error) = self { return error.reason }
        return nil
    }
}

/// A count that several threads may raise.
final class SanitizedCounter: Sendable {
    private let count = Mutex(0)
    func increment() { count.withLock { $0 += 1 } }
    var value: Int { count.withLock { $0 } }
}

@Suite struct StubbedServiceTests {
    private struct Quote: Codable, Equatable, Sendable {
        var text: String
    }

    private func today(_ stubs: StubTransport) -> TypedRequest<Quote> {
        Endpoint(service: stubbedService(stubs), path: "v1", "quotes").request(path: ["today"]).expecting(Quote.self)
    }

    @Test func aTypedRequestDecodesTheStubbedAnswerInVirtualTime() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(300))
            stubs.stub(.get, path: "/v1/quotes/today", with: .json(Quote(text: "Hello")))
            let res = scheduler.start { today(stubs).values().map(\.text) }
            #expect(res.events == [.next(500, "Hello"), .completed(500)])
            #expect(stubs.recordedRequests.map(\.path) == ["/v1/quotes/today"])
        }
    }

    @Test func aTypedRequestReportsAnUndecodableAnswer() async {
        let stubs = StubTransport(scheduler: ImmediateScheduler())
        stubs.stub(path: "/v1/quotes/today", with: .ok("not json"))
        do {
            _ = try await today(stubs).value()
            Issue.record("expected a failure")
        } catch {
            guard case .undecodable = error.reason else {
                Issue.record("expected undecodable, got \(error)")
                return
            }
        }
    }

    @Test func resultsKeepALongLivedStreamGoingAfterAFailure() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(10))
            stubs.stub(path: "/v1/quotes/today", with: .status(500))
            let taps = scheduler.hot("-a-----------b|", values: ["a": 1, "b": 2])
            let request = today(stubs)
            let res = scheduler.record(
                taps.flatMapLatest { _ in request.results() }.map { result in
                    (try? result.get().text) ?? "failed \(result.failureStatus ?? 0)"
                })
            scheduler.run()
            #expect(res.events == [.next(11, "failed 500"), .next(23, "failed 500"), .completed(23)])
        }
    }
}

extension Result where Failure == RequestError {
    /// The unaccepted status of the failure, if that is what it is.
    fileprivate var failureStatus: Int? {
        if case .failure(let error) = self { return error.statusCode }
        return nil
    }
}
