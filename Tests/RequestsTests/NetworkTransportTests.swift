import Foundation
import Streams
import StreamsTesting
import Synchronization
import Testing

@testable import Requests

/// A transport of the test's own: it reports whatever `answer` does, at once.
private struct ScriptedTransport: NetworkTransport {
    let answer: @Sendable (TransportExchange) -> Void

    func send(_ request: TransportRequest, to exchange: TransportExchange) -> any Disposable {
        answer(exchange)
        return Disposables.empty
    }
}

/// A transport that never answers and counts how often its work is stopped.
private final class SilentTransport: NetworkTransport {
    let scheduler: any Scheduler
    let stops = Mutex(0)

    init(scheduler: any Scheduler) { self.scheduler = scheduler }

    func send(_ request: TransportRequest, to exchange: TransportExchange) -> any Disposable {
        Disposables.create { [self] in stops.withLock { $0 += 1 } }
    }
}

@Suite struct NetworkTransportTests {
    private func request(over transport: any NetworkTransport, maximumBodySize: Int = 1_000) -> ServiceRequest {
        let service = RemoteService(
            name: "api", baseURL: .fixed(URL(string: "https://api.example") ?? URL(fileURLWithPath: "/")),
            session: NetworkSession(transport: transport))
        return ServiceRequest(service: service, pathComponents: ["a"], maximumBodySize: maximumBodySize)
    }

    private func outcome(_ request: ServiceRequest) async -> Result<NetworkResponse, RequestError> {
        await withCheckedContinuation { continuation in
            _ = request.send { continuation.resume(returning: $0) }
        }
    }

    @Test func aBodyReportedInChunksArrivesWhole() async throws {
        let transport = ScriptedTransport { exchange in
            exchange.receive(status: 200, headers: ["X-Part": "1"])
            exchange.receive(Data("hel".utf8))
            exchange.receive(Data("lo".utf8))
            exchange.finish()
        }
        let response = try await outcome(request(over: transport)).get()
        #expect(response.body == Data("hello".utf8))
        #expect(response.header("x-part") == "1")
        #expect(response.url.absoluteString == "https://api.example/a")
    }

    @Test func chunksPastTheLimitFailAndTellTheTransportToStop() async {
        let verdicts = Mutex<[Bool]>([])
        let transport = ScriptedTransport { exchange in
            exchange.receive(status: 200)
            let first = exchange.receive(Data(count: 600))
            let second = exchange.receive(Data(count: 600))
            verdicts.withLock { $0 = [first, second, exchange.isFinished] }
            exchange.finish()
        }
        let result = await outcome(request(over: transport))
        #expect(verdicts.withLock { $0 } == [true, false, true])
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == .bodyTooLarge(limit: 1_000))
    }

    @Test func anEndWithoutAHeadIsATransportFailure() async {
        let result = await outcome(request(over: ScriptedTransport { $0.finish() }))
        guard case .failure(let error) = result, case .transport = error.reason else {
            Issue.record("expected a transport failure, got \(result)")
            return
        }
    }

    @Test func reportsAfterTheEndAreIgnored() async throws {
        let transport = ScriptedTransport { exchange in
            exchange.respond(status: 200, body: Data("one".utf8))
            exchange.fail(.transport("too late"))
            exchange.respond(status: 500)
        }
        #expect(try await outcome(request(over: transport)).get().body == Data("one".utf8))
    }

    @Test func theTimeoutRunsOnTheTransportsSchedulerAndStopsItsWork() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let transport = SilentTransport(scheduler: scheduler)
            var timed = request(over: transport)
            timed.timeout = .milliseconds(400)
            let expected = timed
            let res = scheduler.start { expected.response().map(\.statusCode) }
            #expect(res.events == [.error(600, RequestError(request: expected, reason: .timeout(.milliseconds(400))))])
            #expect(transport.stops.withLock { $0 } == 1)
        }
    }

    @Test func disposingStopsTheTransportsWork() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let transport = SilentTransport(scheduler: scheduler)
            let res = scheduler.start(disposed: 300) { request(over: transport).response().map(\.statusCode) }
            #expect(res.events.isEmpty)
            #expect(transport.stops.withLock { $0 } == 1)
            #expect(scheduler.pendingWork.isEmpty)
        }
    }

    @Test func aTransportWithoutAClockOfItsOwnTimesOutOnTheWallClock() async {
        let transport = ScriptedTransport { _ in }
        var timed = request(over: transport)
        timed.timeout = .milliseconds(50)
        let result = await outcome(timed)
        guard case .failure(let error) = result else {
            Issue.record("expected a failure")
            return
        }
        #expect(error.reason == .timeout(.milliseconds(50)))
    }

    @Test func aSessionOverATransportChecksNoAddresses() {
        #expect(NetworkSession(transport: ScriptedTransport { _ in }).addressPolicy == .unrestricted)
    }
}
