import StreamsTesting
import Testing
import ViewModels

@Test func helpHarnessCloses() {
    withViewModelHarness { harness in
        let scheduler = harness.scheduler
        let output = HelpViewModel(scene: .todoList, scheduler: scheduler)
            .transform(input: .init(back: scheduler.createHotObservable([.next(40, ())]).asObservable()))
        let route = harness.record(output.route, "route")
        scheduler.advance(to: 1000)
        harness.expect(route, [.next(40, .back)])
    }
}
