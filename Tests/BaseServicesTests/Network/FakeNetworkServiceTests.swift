import Foundation
import RequestsTesting
import Streams
import StreamsTesting
import Testing

@testable import BaseServices
@testable import Requests

@Suite struct FakeNetworkServiceTests {
    private let api = RemoteService(
        name: "api",
        baseURL: .fixed(URL(string: "https://api.example") ?? URL(fileURLWithPath: "/")),
        defaultTimeout: .seconds(1)
    )

    private func request(_ path: String..., query: [URLQueryItem] = []) -> ServiceRequest {
        ServiceRequest(service: api, pathComponents: path, queryItems: query)
    }

    @Test func replyArrivesAfterTheDelayInVirtualTime() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(300))
            network.stubs.stub(path: "/hello", with: .ok("hi"))
            let res = scheduler.start { network.response(for: request("hello")).map(\.statusCode) }
            #expect(res.events == [.next(500, 200), .completed(500)])
        }
    }

    @Test func zeroDelayRepliesAtTheSubscriptionTick() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let network = FakeNetworkService(scheduler: scheduler)
            network.stubs.stub(path: "/hello", with: .ok("hi"))
            let res = scheduler.start {
                network.response(for: request("hello")).map { String(decoding: $0.body, as: UTF8.self) }
            }
            #expect(res.events == [.next(200, "hi"), .completed(200)])
        }
    }

    @Test func disposingBeforeTheDelayCancelsTheReply() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let network = FakeNetworkService(scheduler: scheduler, delay: .seconds(2))
            network.stubs.stub(path: "/slow", with: .ok("late"))
            var slowRequest = request("slow")
            slowRequest.timeout = .seconds(5)
            let slow = slowRequest
            let res = scheduler.start(disposed: 1_000) { network.response(for: slow).map(\.statusCode) }
            #expect(res.events.isEmpty)
            #expect(network.stubs.recordedRequests.map(\.path) == ["/slow"])
        }
    }

    @Test func delayLongerThanTheTimeoutFailsAtTheTimeout() {
        withSubscriptionTracking {
            let scheduler = TestScheduler()
            let network = FakeNetworkService(scheduler: scheduler, delay: .seconds(3))
            network.stubs.stub(path: "/slow", with: .ok("late"))
            let res = scheduler.start(disposed: 10_000) { network.response(for: request("slow")).map(\.statusCode) }
            #expect(
                res.events == [.error(1_200, RequestError(request: request("slow"), reason: .timeout(.seconds(1))))])
        }
    }

    @Test func unmatchedRequestGets404() async {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        do {
            _ = try await network.response(for: request("nothing"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.statusCode == 404)
        }
    }

    @Test func statusOutsideTheAcceptedSetFails() async {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        network.stubs.stub(path: "/broken", with: .respond(status: 500, headers: [:], body: Data("oops".utf8)))
        do {
            _ = try await network.response(for: request("broken"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.reason == .status(500, body: Data("oops".utf8)))
        }
    }

    @Test func cannedFailureIsReportedWithTheRequest() async {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        network.stubs.stub(path: "/down", with: .fail(.transport("connection refused")))
        do {
            _ = try await network.response(for: request("down"))
            Issue.record("expected a failure")
        } catch {
            #expect(error.reason == .transport("connection refused"))
            #expect(error.request.pathComponents == ["down"])
        }
    }

    @Test func bodyOverTheLimitFails() async {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        network.stubs.stub(path: "/big", with: .ok(Data(count: 2_000)))
        var big = request("big")
        big.maximumBodySize = 1_000
        do {
            _ = try await network.response(for: big)
            Issue.record("expected a failure")
        } catch {
            #expect(error.reason == .bodyTooLarge(limit: 1_000))
        }
    }

    @Test func urlStubMatchesTheFullURLWhateverTheQuery() async throws {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        network.stubs.stub(url: "https://api.example/feed.xml", with: .ok("feed"))
        let response = try await network.response(
            for: request("feed.xml", query: [URLQueryItem(name: "x", value: "1")]))
        #expect(response.body == Data("feed".utf8))
    }

    @Test func laterStubWinsAndMethodsAreDistinguished() async throws {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        network.stubs.stub(path: "/a", with: .ok("first"))
        network.stubs.stub(path: "/a", with: .ok("second"))
        network.stubs.stub(.post, path: "/a", with: .respond(status: 201, headers: [:], body: Data()))
        #expect(try await network.response(for: request("a")).body == Data("second".utf8))
        var post = request("a")
        post.method = .post
        #expect(try await network.response(for: post).statusCode == 201)
    }

    @Test func dynamicReplySeesTheRequest() async throws {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        network.stubs.stub(path: "/echo", with: .dynamic { .ok($0.header("X-Name") ?? "nobody") })
        var echo = request("echo")
        echo.headers["x-name"] = "Ada"
        #expect(try await network.response(for: echo).body == Data("Ada".utf8))
    }
}

@Suite struct FakeNetworkSampleFeedTests {
    private static let url = "https://feeds.example/rivulet.xml"

    @Test func sampleFeedIsServedThenNotModified() async throws {
        let network = FakeNetworkService(scheduler: ImmediateScheduler())
        network.stubSampleFeed(url: Self.url)
        let fetcher = FeedFetcher(network: network)
        guard case .fetched(let feed, let validators) = try await fetcher.fetch(Self.url) else {
            Issue.record("expected the feed")
            return
        }
        #expect(feed == (try SampleFeed.load()))
        #expect(validators.etag == FakeNetworkService.sampleFeedETag)
        #expect(try await fetcher.fetch(Self.url, validators: validators) == .notModified())
    }
}
