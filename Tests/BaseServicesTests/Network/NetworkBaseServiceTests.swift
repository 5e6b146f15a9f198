import Foundation
import HTTPTestServer
import Streams
import Synchronization
import Testing

@testable import BaseServices
@testable import Requests

/// End-to-end tests against a real HTTP server on 127.0.0.1; they use the wall clock, with
/// timeouts of a few hundred milliseconds at most.
@Suite struct NetworkBaseServiceTests {
    @Test func successfulResponseCarriesStatusHeadersAndBody() async throws {
        try await withTestHTTPServer({ _ in
            .respond(status: 200, headers: ["X-Answer": "42"], body: Data("hello".utf8))
        }) { server in
            let response = try await NetworkBaseService.shared.response(for: server.request("greeting"))
            #expect(response.statusCode == 200)
            #expect(response.header("x-answer") == "42")
            #expect(response.body == Data("hello".utf8))
            #expect(server.requests.map(\.target) == ["/greeting"])
        }
    }

    @Test func requestSendsMethodHeadersQueryAndBody() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 201) }) { server in
            var request = server.request("items")
            request.method = .post
            request.headers = ["X-Token": "abc"]
            request.queryItems = [URLQueryItem(name: "q", value: "a b&c")]
            request.body = Data("{\"x\":1}".utf8)
            _ = try await NetworkBaseService.shared.response(for: request)
            let seen = try #require(server.requests.first)
            #expect(seen.method == "POST")
            #expect(seen.target == "/items?q=a%20b%26c")
            #expect(seen.header("x-token") == "abc")
            #expect(seen.body == Data("{\"x\":1}".utf8))
        }
    }

    @Test func nonSuccessStatusFailsWithStatusAndBody() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 404, body: Data("no such thing".utf8)) }) { server in
            let result = await outcome(of: server.request("missing"))
            #expect(result.failureReason == .status(404, body: Data("no such thing".utf8)))
        }
    }

    @Test func serverErrorFailsWithItsStatus() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 500) }) { server in
            let result = await outcome(of: server.request("boom"))
            #expect(result.failureReason == .status(500, body: Data()))
        }
    }

    @Test func errorCarriesTheRequest() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 503) }) { server in
            guard case .failure(let error) = await outcome(of: server.request("busy")) else {
                Issue.record("expected a failure")
                return
            }
            #expect(error.request.pathComponents == ["busy"])
            #expect(error.description.contains("/busy"))
            #expect(error.description.contains("503"))
        }
    }

    @Test func redirectIsFollowed() async throws {
        try await withTestHTTPServer({ request in
            request.target == "/old"
                ? .respond(status: 301, headers: ["Location": "/new"])
                : .respond(status: 200, body: Data("moved here".utf8))
        }) { server in
            let response = try await NetworkBaseService.shared.response(for: server.request("old"))
            #expect(response.body == Data("moved here".utf8))
            #expect(response.url.path == "/new")
        }
    }

    @Test func aResponseNamesItsAddressAsPermanentOnlyWhenEveryRedirectWasPermanent() async throws {
        try await withTestHTTPServer({ request in
            switch request.target {
            case "/moved": .respond(status: 301, headers: ["Location": "/kept"])
            case "/kept": .respond(status: 308, headers: ["Location": "/new"])
            case "/temporary": .respond(status: 302, headers: ["Location": "/new"])
            case "/moved-then-temporary": .respond(status: 301, headers: ["Location": "/temporary"])
            default: .respond(status: 200, body: Data("here".utf8))
            }
        }) { server in
            var found: [String: URL?] = [:]
            for path in ["moved", "kept", "temporary", "moved-then-temporary", "new"] {
                found[path] = try await NetworkBaseService.shared.response(for: server.request(path)).permanentURL
            }
            let moved = server.url("/new")
            #expect(
                found == ["moved": moved, "kept": moved, "temporary": nil, "moved-then-temporary": nil, "new": nil])
        }
    }

    @Test func redirectLoopFailsWithClearError() async throws {
        try await withTestHTTPServer({ request in
            .respond(status: 302, headers: ["Location": request.target == "/a" ? "/b" : "/a"])
        }) { server in
            let result = await outcome(of: server.request("a"))
            #expect(result.failureReason == .redirectLoop(server.url("/a")))
        }
    }

    @Test func endlessDistinctRedirectsStopAtTheLimit() async throws {
        try await withTestHTTPServer({ request in
            let step = Int(request.target.dropFirst(6)) ?? 0
            return .respond(status: 302, headers: ["Location": "/step/\(step + 1)"])
        }) { server in
            var request = server.request("step", "0")
            request.maximumRedirects = 3
            let result = await outcome(of: request)
            #expect(result.failureReason == .tooManyRedirects(limit: 3))
        }
    }

    @Test func serverThatNeverAnswersTimesOut() async throws {
        try await withTestHTTPServer({ _ in .hang }) { server in
            let start = ContinuousClock.now
            let result = await outcome(of: server.request("slow", timeout: .milliseconds(200)))
            let elapsed = ContinuousClock.now - start
            #expect(result.failureReason == .timeout(.milliseconds(200)))
            #expect(elapsed >= .milliseconds(190))
            // The connection stayed open until the client gave up, as the server saw it: the close
            // arrives no earlier than the timeout after the request began. (Timing the hold from
            // when the server's thread started reading made it look short whenever that thread
            // started late.)
            #expect(await server.wait { $0.clientClosedAt.count == 1 })
            let closedAt = try #require(server.clientClosedAt.first)
            let closedAfter = closedAt - start
            #expect(closedAfter >= .milliseconds(190) && closedAfter < .seconds(10), "closed after \(closedAfter)")
        }
    }

    @Test func timeoutClosesTheConnection() async throws {
        try await withTestHTTPServer({ _ in .hang }) { server in
            _ = await outcome(of: server.request("slow", timeout: .milliseconds(100)))
            #expect(await server.wait { $0.connectionsClosedByClient == 1 })
        }
    }

    // The next two give the request an hour's timeout: only the dispose or the cancellation may
    // end it. With a minute, a test task that waited that long for a thread (under the thread
    // sanitizer, beside the rest of the suite) saw the timeout instead. For the same reason they
    // wait up to ten minutes for the request to arrive: under the sanitizer the task that sends it
    // waited more than the default minute for one of the pool's threads.
    @Test func disposingCancelsTheRequestAndClosesTheConnection() async throws {
        try await withTestHTTPServer({ _ in .hang }) { server in
            let events = SanitizerVisibleMutex<[String]>([])
            let subscription = NetworkBaseService.shared.response(for: server.request("slow", timeout: .seconds(3600)))
                .subscribe { event in events.withLock { $0.append("\(event)") } }
            #expect(await server.wait(upTo: .seconds(600)) { $0.requests.count == 1 })
            subscription.dispose()
            #expect(await server.wait { $0.connectionsClosedByClient == 1 })
            #expect(events.withLock { $0 }.isEmpty)
        }
    }

    @Test func cancellingTheAwaitingTaskCancelsTheRequest() async throws {
        try await withTestHTTPServer({ _ in .hang }) { server in
            let request = server.request("slow", timeout: .seconds(3600))
            let task = Task { await outcome(of: request) }
            #expect(await server.wait(upTo: .seconds(600)) { $0.requests.count == 1 })
            task.cancel()
            #expect(await task.value.failureReason == .cancelled)
            #expect(await server.wait { $0.connectionsClosedByClient == 1 })
        }
    }

    @Test func announcedOversizedBodyIsRefusedBeforeDownloading() async throws {
        try await withTestHTTPServer({ _ in
            .headersThenHang(status: 200, headers: ["Content-Length": String(50 * 1024 * 1024)])
        }) { server in
            let result = await outcome(of: server.request("huge"))
            #expect(result.failureReason == .bodyTooLarge(limit: ServiceRequest.defaultMaximumBodySize))
            #expect(await server.wait { $0.connectionsClosedByClient == 1 })
        }
    }

    @Test func streamedBodyOverTheLimitIsRefused() async throws {
        try await withTestHTTPServer({ _ in .stream(status: 200, total: 4 * 1024 * 1024) }) { server in
            var request = server.request("endless")
            request.maximumBodySize = 256 * 1024
            let result = await outcome(of: request)
            #expect(result.failureReason == .bodyTooLarge(limit: 256 * 1024))
        }
    }

    @Test func streamedBodyWithinTheLimitArrivesWhole() async throws {
        try await withTestHTTPServer({ _ in .stream(status: 200, total: 300 * 1024) }) { server in
            let response = try await NetworkBaseService.shared.response(for: server.request("stream"))
            #expect(response.body.count == 300 * 1024)
        }
    }

    @Test func etagConditionalRequestGetsNotModified() async throws {
        try await withTestHTTPServer({ request in
            request.header("if-none-match") == "\"v1\""
                ? .respond(status: 304, headers: ["ETag": "\"v1\""])
                : .respond(status: 200, headers: ["ETag": "\"v1\""], body: Data("feed".utf8))
        }) { server in
            var request = server.request("feed")
            request.acceptedStatusCodes.insert(304)
            let first = try await NetworkBaseService.shared.response(for: request)
            let etag: String = try #require(first.header("etag"))
            request.headers["If-None-Match"] = etag
            let second = try await NetworkBaseService.shared.response(for: request)
            #expect(first.statusCode == 200)
            #expect(second.statusCode == 304)
            #expect(second.body.isEmpty)
        }
    }

    @Test func lastModifiedConditionalRequestGetsNotModified() async throws {
        let stamp = "Tue, 03 Jun 2025 10:00:00 GMT"
        try await withTestHTTPServer({ request in
            request.header("if-modified-since") == stamp
                ? .respond(status: 304)
                : .respond(status: 200, headers: ["Last-Modified": stamp], body: Data("feed".utf8))
        }) { server in
            var request = server.request("feed")
            request.acceptedStatusCodes.insert(304)
            request.headers["If-Modified-Since"] = stamp
            let response = try await NetworkBaseService.shared.response(for: request)
            #expect(response.statusCode == 304)
        }
    }

    @Test func notModifiedIsAnErrorUnlessAccepted() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 304) }) { server in
            let result = await outcome(of: server.request("feed"))
            #expect(result.failureReason == .status(304, body: Data()))
        }
    }

    @Test func refusedConnectionFailsWithTransportError() async throws {
        let refusing = try RefusingPort()
        let service = RemoteService(
            name: "gone",
            baseURL: .fixed(URL(string: "http://127.0.0.1:\(refusing.port)/gone") ?? URL(fileURLWithPath: "/")))
        let result = await outcome(of: ServiceRequest(service: service))
        withExtendedLifetime(refusing) {}
        guard case .transport = result.failureReason else {
            Issue.record("expected a transport error, got \(String(describing: result.failureReason))")
            return
        }
    }

    @Test func observableEmitsOneResponseThenCompletes() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200, body: Data("x".utf8)) }) { server in
            let events = SanitizerVisibleMutex<[String]>([])
            let done = Atomic<Bool>(false)
            let subscription = NetworkBaseService.shared.response(for: server.request("x")).subscribe { event in
                switch event {
                case .next(let response): events.withLock { $0.append("next \(response.statusCode)") }
                case .error(let error): events.withLock { $0.append("error \(error)") }
                case .completed:
                    events.withLock { $0.append("completed") }
                    done.store(true, ordering: .releasing)
                }
            }
            defer { subscription.dispose() }
            #expect(await server.wait { _ in done.load(ordering: .acquiring) })
            #expect(events.withLock { $0 } == ["next 200", "completed"])
        }
    }

    @Test func serviceWithoutBaseURLFailsWithoutNetworking() async {
        let service = RemoteService(name: "api", baseURL: .perEnvironment([:]), environment: .development)
        let result = await outcome(of: ServiceRequest(service: service))
        guard case .invalidURL = result.failureReason else {
            Issue.record("expected invalidURL")
            return
        }
    }
}

@Suite struct NetworkRedirectSafetyTests {
    @Test func redirectToAFileIsRefused() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 302, headers: ["Location": "file:///etc/hostname"]) }) {
            server in
            let result = await outcome(of: server.request("sneaky"))
            #expect(result.value == nil)
            #expect(result.failureReason != nil)
        }
    }
}

@Suite struct NetworkSchemeTests {
    @Test func fileURLIsNeverReadByTheNetworkService() async {
        let service = RemoteService(name: "files", baseURL: .fixed(URL(fileURLWithPath: "/etc")))
        let result = await outcome(of: ServiceRequest(service: service, pathComponents: ["hostname"]))
        #expect(result.failureReason == .invalidURL("not an http(s) URL: file:///etc/hostname"))
    }
}
