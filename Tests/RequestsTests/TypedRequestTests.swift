import Foundation
import HTTPTestServer
import Streams
import Testing

@testable import Requests

/// The body the tests' server sends for `/quote`.
private struct Quote: Decodable, Sendable, Equatable {
    var text: String
}

private let quoteBody = Data(#"{"text": "Small steps."}"#.utf8)

/// Waits, off the calling task's thread, for the first element or failure of `observable`.
private func firstEvent<T: Sendable>(of observable: Observable<T>) async -> Event<T>? {
    await observable.firstResolved(cancelled: nil) { event in event }
}

@Suite struct TypedRequestTests {
    @Test func valueDecodesTheJSONBody() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200, body: quoteBody) }) { server in
            let quote = try await server.request("quote").expecting(Quote.self).value()
            #expect(quote == Quote(text: "Small steps."))
        }
    }

    @Test func aBodyThatDoesNotDecodeIsAnUndecodableError() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200, body: Data("[1, 2]".utf8)) }) { server in
            do throws(RequestError) {
                _ = try await server.request("quote").expecting(Quote.self).value()
                Issue.record("an array decoded as a quote")
            } catch {
                guard case .undecodable = error.reason else {
                    Issue.record("unexpected reason \(error.reason)")
                    return
                }
            }
        }
    }

    @Test func expectingTextReadsUTF8AndRefusesOtherBytes() async throws {
        try await withTestHTTPServer({ request in
            request.target == "/good"
                ? .respond(status: 200, body: Data("héllo".utf8)) : .respond(status: 200, body: Data([0xFF, 0xFE]))
        }) { server in
            let text = try await server.request("good").expectingText().value()
            #expect(text == "héllo")
            await #expect(throws: RequestError.self) { try await server.request("bad").expectingText().value() }
        }
    }

    @Test func valuesEmitsTheDecodedValueThenCompletes() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200, body: quoteBody) }) { server in
            let tracker = SubscriptionTracker()
            let events = await LiveSubscriptions.withTracker(tracker) {
                await server.request("quote").expecting(Quote.self).values().materialize().toArray()
                    .firstResolved(cancelled: [Event<Quote>]()) { event in
                        if case .next(let all) = event { return all }
                        return nil
                    }
            }
            #expect(events == [.next(Quote(text: "Small steps.")), .completed])
            #expect(await server.wait { _ in tracker.live == 0 })
        }
    }

    @Test func resultsSendsAFailedRequestAsAValueAndCompletes() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 404) }) { server in
            let first = await firstEvent(of: server.request("quote").expecting(Quote.self).results())
            guard case .next(.failure(let error)) = first else {
                Issue.record("expected a failure as a value, got \(String(describing: first))")
                return
            }
            #expect(error.statusCode == 404)
        }
    }

    @Test func sendCallsTheCompletionOnceWithTheDecodedValue() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 200, body: quoteBody) }) { server in
            let result = await withCheckedContinuation { continuation in
                server.request("quote").expecting(Quote.self).send { continuation.resume(returning: $0) }
            }
            #expect(result.value == Quote(text: "Small steps."))
        }
    }
}

@Suite struct ServiceRequestResponseTests {
    @Test func theObservableFormEmitsTheResponseThenCompletes() async throws {
        try await withTestHTTPServer({ _ in .respond(status: 201, body: Data("ok".utf8)) }) { server in
            let first = await firstEvent(of: server.request("a").response())
            guard case .next(let response) = first else {
                Issue.record("no response: \(String(describing: first))")
                return
            }
            #expect(response.statusCode == 201)
            #expect(response.body == Data("ok".utf8))
        }
    }

    @Test func disposingTheObservableCancelsTheTransfer() async throws {
        try await withTestHTTPServer({ _ in .hang }) { server in
            let subscription = server.request("slow").response().subscribe { _ in }
            #expect(await server.wait { $0.requests.count == 1 })
            subscription.dispose()
            #expect(await server.wait { $0.connectionsClosedByClient == 1 })
        }
    }

    @Test func firstResponseReportsAnotherErrorAsTransportOfTheRequest() async throws {
        struct Broken: Error {}
        let request = ServiceRequest(service: RemoteService(name: "none", baseURL: .runtime { nil }))
        do throws(RequestError) {
            _ = try await Observable<NetworkResponse>.error(Broken()).firstResponse(for: request)
            Issue.record("an error was not reported")
        } catch {
            guard case .transport = error.reason else {
                Issue.record("unexpected reason \(error.reason)")
                return
            }
        }
    }

    @Test func firstResponseOfAnEmptyObservableIsCancelled() async throws {
        let request = ServiceRequest(service: RemoteService(name: "none", baseURL: .runtime { nil }))
        do throws(RequestError) {
            _ = try await Observable<NetworkResponse>.empty().firstResponse(for: request)
            Issue.record("no error for an empty observable")
        } catch {
            #expect(error.reason == .cancelled)
        }
    }
}
