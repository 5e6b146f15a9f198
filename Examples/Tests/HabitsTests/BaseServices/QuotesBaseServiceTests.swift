import Foundation
import Habits
import Requests
import Streams
import Testing

/// The first result `quoteOfTheDay()` sends.
private func firstQuote(_ quotes: QuotesBaseService) async -> Result<QuoteObject, RequestError>? {
    await quotes.quoteOfTheDay().firstResolved(cancelled: nil) { event in
        if case .next(let result) = event { return result }
        return nil
    }
}

@Test func quoteOfTheDayIsFetchedFromTheConfiguredServer() async throws {
    let server = try #require(
        LoopbackServer { path in
            path == "/quotes/today"
                ? .init(status: 200, body: #"{"text": "Small steps, every day.", "author": "A. Walker"}"#)
                : .init(status: 404, body: "{}")
        })
    defer { server.stop() }
    let tracker = SubscriptionTracker()
    let result = await LiveSubscriptions.withTracker(tracker) {
        await firstQuote(QuotesBaseService.makeIsolated(baseURL: server.baseURL))
    }
    #expect(try result?.get() == QuoteObject(text: "Small steps, every day.", author: "A. Walker"))
    #expect(server.requestedPaths == ["/quotes/today"])
    #expect(tracker.live == 0)
}

@Test func aServerErrorIsAFailedResultNamingTheStatus() async throws {
    let server = try #require(LoopbackServer { _ in .init(status: 503, body: #"{"error": "busy"}"#) })
    defer { server.stop() }
    let tracker = SubscriptionTracker()
    let result = await LiveSubscriptions.withTracker(tracker) {
        await firstQuote(QuotesBaseService.makeIsolated(baseURL: server.baseURL))
    }
    guard case .failure(let error) = result else {
        Issue.record("expected a failure, got \(String(describing: result))")
        return
    }
    #expect(error.statusCode == 503)
    #expect(HabitsError(error).message == "the quotes server answered 503")
    #expect(tracker.live == 0)
}

@Test func withoutABaseURLTheRequestFailsAsInvalid() async {
    let result = await firstQuote(QuotesBaseService.shared)
    guard case .failure(let error) = result, case .invalidURL = error.reason else {
        Issue.record("expected an invalid URL, got \(String(describing: result))")
        return
    }
}
