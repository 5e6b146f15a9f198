import StreamsTesting
import Testing
import ViewModels

@Test func helpHarnessCloses() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let output = HelpViewModel(scene: .todoList, scheduler: scheduler)
            .transform(input: .init(actions: scheduler.createHotObservable([.next(40, .close)]).asObservable()))
        let state = harness.record(output.state, "state")
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(state, [.next(0, HelpViewModel.State(scene: .todoList))])
        harness.expect(route, [.next(40, .back)])
    }
}
