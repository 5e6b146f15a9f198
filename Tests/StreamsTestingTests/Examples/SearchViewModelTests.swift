import Streams
import StreamsTesting
import Testing

// The sample view model tested three ways. The story, in every test: the user types "s" at 0
// and "sw" at 100, which settles at 400 and starts a slow request (500 ms); "swift" at 500
// settles at 800, cancels the slow request and starts a fast one (50 ms), answered at 850.

private let swResults = ["Swift", "SwiftUI"]
private let swiftResults = ["Swift"]

@Test func searchViewModelWithRecordedNumbers() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let query = scheduler.createHotObservable([.next(0, "s"), .next(100, "sw"), .next(500, "swift")])
        let slow = scheduler.createColdObservable([.next(500, swResults), .completed(500)])
        let fast = scheduler.createColdObservable([.next(50, swiftResults), .completed(50)])
        let viewModel = SearchViewModel(
            search: { $0 == "sw" ? slow.asObservable() : fast.asObservable() }, scheduler: scheduler)
        let output = viewModel.transform(input: .init(query: query.asObservable()))
        let results = scheduler.record(output.results)
        let isLoading = scheduler.record(output.isLoading)
        scheduler.run()
        #expect(results.events == [.next(850, swiftResults)])
        #expect(isLoading.events == [.next(0, false), .next(400, true), .next(800, true), .next(850, false)])
        #expect(slow.subscriptions == [Subscription(400, 800)])
        #expect(fast.subscriptions == [Subscription(800, 850)])
        results.dispose()
        isLoading.dispose()
    }
}

@Test func searchViewModelWithMarbles() {
    let scheduler = TestScheduler()
    let query = scheduler.hot("{s} +100 {sw} +400 {swift}")
    let slow = scheduler.cold("@500 (r|)", values: ["r": swResults])
    let fast = scheduler.cold("@50 (r|)", values: ["r": swiftResults])
    let vm = SearchViewModel(search: { $0 == "sw" ? slow.asObservable() : fast.asObservable() }, scheduler: scheduler)
    let output = vm.transform(input: .init(query: query.asObservable()))
    let results = scheduler.record(output.results, disposed: 900)
    let isLoading = scheduler.record(output.isLoading, disposed: 900)
    scheduler.run()
    scheduler.expect(results, "@850 r", values: ["r": swiftResults])
    scheduler.expect(isLoading, "f @400 t @800 t @850 f", values: ["t": true, "f": false])
    scheduler.expectSubscriptions(slow, ["@400 ^ @800 !"])
    scheduler.expectSubscriptions(fast, ["@800 ^ @850 !"])
}

@Test func searchViewModelWithTheHarness() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let query = scheduler.hot("{s} +100 {sw} +400 {swift}")
        let slow = scheduler.cold("@500 (r|)", values: ["r": swResults])
        let fast = scheduler.cold("@50 (r|)", values: ["r": swiftResults])
        let viewModel = SearchViewModel(
            search: { $0 == "sw" ? slow.asObservable() : fast.asObservable() }, scheduler: scheduler)
        let output = viewModel.transform(input: .init(query: query.asObservable()))
        let results = harness.record(output.results, "results")
        let isLoading = harness.record(output.isLoading, "isLoading")

        harness.expectNextValues(isLoading, [false])
        scheduler.advance(to: 399)
        harness.expectNoNewEvents(results)
        scheduler.advance(by: 1)
        harness.expectNext(isLoading, [.next(400, true)])
        scheduler.run()
        harness.expect(results, "@850 r", values: ["r": swiftResults])
        harness.expectNext(isLoading, [.next(800, true), .next(850, false)])
        harness.expectSubscriptions(slow, ["@400 ^ @800 !"])
        harness.expectSubscriptions(fast, ["@800 ^ @850 !"])
    }
}

@Test func searchViewModelHarnessCatchesAForgottenOutput() {
    expectFailure(
        "output \"isLoading\" emitted events that no expectation covered:\n"
            + "  .next(0, false)\n  .next(300, true)\n  .next(301, false)"
    ) {
        withViewModelHarness { harness in
            let scheduler = harness.scheduler
            let request = scheduler.cold("-(r|)", values: ["r": swiftResults])
            let viewModel = SearchViewModel(search: { _ in request.asObservable() }, scheduler: scheduler)
            let output = viewModel.transform(input: .init(query: scheduler.hot("{swift}").asObservable()))
            let results = harness.record(output.results, "results")
            _ = harness.record(output.isLoading, "isLoading")
            scheduler.run()
            harness.expect(results, "@301 r", values: ["r": swiftResults])
        }
    }
}

@Test func searchViewModelHarnessNamesThePendingDebounce() {
    expectFailure(
        "scheduled work is still pending at t=100 (run or advance the scheduler to the end of the test):\n"
            + "  debounce(300ms) due at t=300"
    ) {
        withViewModelHarness { harness in
            let scheduler = harness.scheduler
            let viewModel = SearchViewModel(search: { _ in .never() }, scheduler: scheduler)
            let output = viewModel.transform(input: .init(query: scheduler.hot("{swift}").asObservable()))
            let isLoading = harness.record(output.isLoading, "isLoading")
            scheduler.advance(to: 100)
            harness.expect(isLoading, "f", values: ["f": false])
        }
    }
}
