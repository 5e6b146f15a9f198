import Foundation
import HTTPTestServer
import Streams
import Synchronization
import Testing

@testable import Requests

/// A transport of the test's own: it reports whatever `answer` does, at once.
private struct ChunkTransport: NetworkTransport {
    let answer: @Sendable (TransportExchange) -> Void

    func send(_ request: TransportRequest, to exchange: TransportExchange) -> any Disposable {
        answer(exchange)
        return Disposables.empty
    }
}

/// A sink that keeps what it is given, and refuses a chunk when told to.
private final class KeepingSink: ResponseBodySink {
    struct Refusal: Error, CustomStringConvertible {
        var description: String { "the disk is full" }
    }

    let opened = Mutex<[Int]>([])
    let chunks = Mutex<[Data]>([])
    let refusesChunks: Bool

    init(refusesChunks: Bool = false) { self.refusesChunks = refusesChunks }

    func open(statusCode: Int, headers: [String: String]) throws { opened.withLock { $0.append(statusCode) } }

    func write(_ chunk: Data) throws {
        if refusesChunks { throw Refusal() }
        chunks.withLock { $0.append(chunk) }
    }
}

@Suite struct ResponseBodySinkTests {
    private func outcome(
        sink: KeepingSink, limit: Int = 1_000, _ answer: @escaping @Sendable (TransportExchange) -> Void
    ) async -> Result<NetworkResponse, RequestError> {
        let service = RemoteService(
            name: "files", baseURL: .fixed(URL(string: "https://files.example") ?? URL(fileURLWithPath: "/")),
            session: NetworkSession(transport: ChunkTransport(answer: answer)))
        var request = ServiceRequest(service: service, pathComponents: ["ep.mp3"], maximumBodySize: limit)
        request.bodySink = sink
        return await withCheckedContinuation { continuation in
            _ = request.send { continuation.resume(returning: $0) }
        }
    }

    @Test func acceptedBodyGoesToTheSinkChunkByChunkNotToTheResponse() async throws {
        let sink = KeepingSink()
        let response = try await outcome(sink: sink) { exchange in
            exchange.receive(status: 200)
            exchange.receive(Data("hel".utf8))
            exchange.receive(Data("lo".utf8))
            exchange.finish()
        }.get()
        #expect(response.body.isEmpty)
        #expect(sink.opened.withLock { $0 } == [200])
        #expect(sink.chunks.withLock { $0 } == [Data("hel".utf8), Data("lo".utf8)])
    }

    @Test func bodyOfAnUnacceptedStatusIsKeptForTheErrorAndTheSinkNeverOpens() async {
        let sink = KeepingSink()
        let result = await outcome(sink: sink) { exchange in
            exchange.respond(status: 404, body: Data("gone".utf8))
        }
        #expect(result.failureReason == .status(404, body: Data("gone".utf8)))
        #expect(sink.opened.withLock { $0 }.isEmpty)
    }

    @Test func streamedBodyIsStillHeldToTheLimit() async {
        let sink = KeepingSink()
        let result = await outcome(sink: sink, limit: 4) { exchange in
            exchange.receive(status: 200)
            exchange.receive(Data("hel".utf8))
            exchange.receive(Data("lo".utf8))
            exchange.finish()
        }
        #expect(result.failureReason == .bodyTooLarge(limit: 4))
        #expect(sink.chunks.withLock { $0 } == [Data("hel".utf8)])
    }

    @Test func sinkThatThrowsStopsTheTransferWithItsSentence() async {
        let sink = KeepingSink(refusesChunks: true)
        let stopped = Mutex(false)
        let result = await outcome(sink: sink) { exchange in
            exchange.receive(status: 200)
            stopped.withLock { $0 = !exchange.receive(Data("hello".utf8)) }
            exchange.finish()
        }
        #expect(result.failureReason == .transport("the disk is full"))
        #expect(stopped.withLock { $0 })
    }
}
