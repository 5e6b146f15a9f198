import StreamsTesting
import Testing
import ViewModels

@Test func helpHarnessShowsTheKeysAndCloses() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let output = HelpViewModel(scene: .todoList, scheduler: scheduler)
            .transform(input: .init(back: scheduler.createHotObservable([.next(40, ())]).asObservable()))
        let bindings = harness.record(output.bindings, "bindings")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(bindings, [.next(0, KeyMap.bindings(for: .todoList)), .completed(0)])
        harness.expect(route, [.next(40, .back)])
    }
}
