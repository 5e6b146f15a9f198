import Foundation
import HTTPTestServer
import Streams
import Testing

@testable import Requests

/// Transfers that go wrong on a real server on 127.0.0.1, on the wall clock: what the person is
/// told, and that the limits hold.
@Suite struct ExchangeTests {
    private func message(of reply: TestHTTPServer.Reply, timeout: SchedulerDuration? = nil) async throws -> String {
        try await withTestHTTPServer({ _ in reply }) { server in
            guard case .failure(let error) = await outcome(of: server.request("feed", timeout: timeout)) else {
                Issue.record("expected a failure")
                return ""
            }
            return error.description
        }
    }

    @Test func anEmptyReplyIsASentenceNotACode() async throws {
        let text = try await message(of: .raw(Data()))
        #expect(text.contains("closed the connection without answering"), "\(text)")
        #expect(!text.contains("-1011") && !text.contains("URL error"), "\(text)")
    }

    @Test func aBadStatusLineIsASentenceNotACode() async throws {
        let text = try await message(of: .raw(Data("HTTQ/9 what\r\n\r\nhello".utf8)))
        #expect(text.contains("not valid HTTP"), "\(text)")
        #expect(!text.contains("-1002") && !text.contains("URL error"), "\(text)")
    }

    @Test func aBodyShorterThanAnnouncedIsASentenceNotACode() async throws {
        let text = try await message(
            of: .raw(Data("HTTP/1.1 200 OK\r\nContent-Length: 100\r\nConnection: close\r\n\r\nonly this".utf8)))
        #expect(text.contains("before the whole answer arrived"), "\(text)")
        #expect(!text.contains("-1)") && !text.contains("URL error"), "\(text)")
    }

    @Test func aNotFoundPageIsNamedByItsStatusWithoutItsHTML() async throws {
        let page = Data(("<!DOCTYPE html><html><body>" + String(repeating: "<p>Not here</p>", count: 50)).utf8)
        let text = try await message(of: .respond(status: 404, body: page))
        #expect(text.hasSuffix("the server answered 404 Not Found; check the address"), "\(text)")
        #expect(!text.contains("<"), "\(text)")
    }

    /// The drip never ends and never pauses long enough for Foundation's inactivity timer, so
    /// any end at all is the exchange's own wall-clock limit. The time is taken where the result
    /// is delivered: beside the whole suite on two cores, the awaiting test itself can wait tens
    /// of seconds for a thread of Swift's cooperative pool, which says nothing of the exchange.
    @Test func aServerThatDripsCannotStretchTheTimeout() async throws {
        try await withTestHTTPServer({ _ in .drip(status: 200, interval: .milliseconds(20)) }) { server in
            let started = ContinuousClock.now
            let (result, took) = await withCheckedContinuation { continuation in
                _ = server.request("drip", timeout: .milliseconds(600)).send { result in
                    continuation.resume(returning: (result, ContinuousClock.now - started))
                }
            }
            #expect(result.failureReason == .timeout(.milliseconds(600)))
            #expect(took < .seconds(5), "took \(took)")
            #expect(await server.wait { $0.connectionsClosedByClient == 1 })
        }
    }

    @Test func aFailedTransferLetsGoOfWhatItReceivedAtOnce() async throws {
        try await withTestHTTPServer({ _ in .stream(status: 200, total: 4 * 1024 * 1024) }) { server in
            var request = server.request("big")
            request.maximumBodySize = 1_000_000
            let (exchange, result) = await start(request)
            #expect(result.failureReason == .bodyTooLarge(limit: 1_000_000))
            // Still referenced (a subscriber keeps its task until it disposes), yet empty.
            #expect(exchange?.heldBodyByteCount == 0)
        }
    }

    @Test func aFinishedTransferLeavesTheBodyToTheResponse() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200, body: Data(count: 300_000)) }) { server in
            let (exchange, result) = await start(server.request("page"))
            #expect(result.value?.body.count == 300_000)
            #expect(exchange?.heldBodyByteCount == 0)
        }
    }

    @Test func aGzipBodyIsCountedAsItInflates() async throws {
        // 100 KB of gzip that inflates to far more than the 1 MB limit.
        try await withTestHTTPServer({ _ in
            .respond(status: 200, headers: ["Content-Encoding": "gzip"], body: gzipOfZeros)
        }) { server in
            // What is measured is the limit, not the time: under the thread sanitizer, with every
            // suite running at once on two cores, inflating took longer than the test server's
            // default 5 s timeout, and the request failed by timing out first.
            var request = server.request("bomb", timeout: .seconds(120))
            request.maximumBodySize = 1_000_000
            let result = await outcome(of: request)
            #expect(result.failureReason == .bodyTooLarge(limit: 1_000_000))
        }
    }
}

/// Starts `request` on its session and waits for its result, keeping the exchange.
private func start(_ request: ServiceRequest) async -> (_Exchange?, Result<NetworkResponse, RequestError>) {
    let box = SanitizerVisibleMutex<_Exchange?>(nil)
    let result = await withCheckedContinuation { continuation in
        let exchange = request.effectiveSession.start(request) { continuation.resume(returning: $0) }
        box.withLock { $0 = exchange }
    }
    return (box.withLock { $0 }, result)
}

/// A gzip member of about 100 KB of deflate blocks that copy a zero byte again and again, so
/// it inflates to about 16 MB; it ends without a trailer, as a cut-off transfer would.
private let gzipOfZeros: Data = GzipBomb.head + Data(Array(repeating: GzipBomb.block, count: 60).joined())
