import Foundation
import Habits
import Requests
import RequestsTesting
import Streams
import StreamsTesting
import Testing

/// A server base service whose requests `stubs` answers, on `stubs`' scheduler.
private func server(over stubs: StubTransport) -> ServerBaseService {
    ServerBaseService.makeIsolated(baseURL: Fixtures.serverURL, session: NetworkSession(transport: stubs))
}

/// A result in a word: the names of what arrived, or the failure as the person reads it.
private func summary<Value>(
    _ result: Result<Value, RequestError>, _ describe: (Value) -> String
) -> String {
    switch result {
    case .success(let value): describe(value)
    case .failure(let error): HabitsError(error).message
    }
}

@Test func todaysQuoteArrivesAfterTheServersDelayInVirtualTime() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(300))
        stubs.stub(.get, path: "/quotes/today", with: .json(QuoteObject(text: "Small steps.", author: "A. Walker")))
        let quotes = scheduler.start { server(over: stubs).quoteOfTheDay().map { summary($0) { $0.text } } }
        #expect(quotes.events == [.next(500, "Small steps."), .completed(500)])
        #expect(stubs.recordedRequests.map(\.path) == ["/quotes/today"])
        #expect(stubs.recordedRequests.map(\.time) == [200])
    }
}

@Test func ideasAreAskedForByKeywordInTheQuery() throws {
    let scheduler = TestScheduler()
    let stubs = StubTransport(scheduler: scheduler)
    stubs.stub(
        path: "/ideas",
        with: .json([IdeaObject(name: "Read 20 pages", category: "mind"), IdeaObject(name: "Read aloud")]))
    let ideas = scheduler.start { server(over: stubs).ideas(matching: "read & write").map { summary($0) { "\($0)" } } }
    #expect(ideas.events.count == 2)
    let request = try #require(stubs.recordedRequests.first)
    let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems
    #expect(query == [URLQueryItem(name: "q", value: "read & write")])  // encoded, never spliced
    #expect(request.method == .get)
}

@Test(arguments: [
    (StubResponse.status(503), "the habits server answered 503 (service unavailable)"),
    (.connectionRefused, "the habits server cannot be reached; check the address and your connection"),
    (.ok("<html>maintenance</html>"), "the habits server sent something this app cannot read"),
    (.noAnswer, "the habits server did not answer in time; try again later"),
])
func aFailedLookupIsOneResultWordedForPeople(answer: StubResponse, message: String) {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let stubs = StubTransport(scheduler: scheduler, delay: .milliseconds(50))
        stubs.stub(path: "/ideas", with: answer)
        let ideas = scheduler.start(disposed: 20_000) {
            server(over: stubs).ideas(matching: "walk").map { summary($0) { "\($0)" } }
        }
        // Without an answer, the request's own timeout (10 s) ends it.
        let end = answer.isNoAnswer ? 10_200 : 250
        #expect(ideas.events == [.next(end, message), .completed(end)])
    }
}

@Test func leavingBeforeTheAnswerCancelsTheRequest() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let stubs = StubTransport(scheduler: scheduler, delay: .seconds(2))
        stubs.stub(path: "/ideas", with: .json([IdeaObject(name: "Walk")]))
        let ideas = scheduler.start(disposed: 900) { server(over: stubs).ideas(matching: "walk").map { _ in 1 } }
        #expect(ideas.events.isEmpty)
        #expect(stubs.recordedRequests.count == 1)
        #expect(scheduler.pendingWork.isEmpty)  // the answer due at 2,200 was cancelled
    }
}

@Test func withoutABaseURLTheRequestFailsSayingSo() async {
    let result = await ServerBaseService.shared.quoteOfTheDay().firstResolved(cancelled: "cancelled") { event in
        if case .next(let result) = event { return summary(result) { $0.text } }
        return nil
    }
    #expect(result == "no habits server is set (start with --server URL)")
}

extension StubResponse {
    fileprivate var isNoAnswer: Bool {
        if case .noAnswer = self { return true }
        return false
    }
}
