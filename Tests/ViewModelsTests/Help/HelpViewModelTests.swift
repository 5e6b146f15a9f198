import StreamsTesting
import Testing
import ViewModels

@Test func helpScreenIsTheSceneItWasOpenedOver() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let output = HelpViewModel(scene: .feeds, scheduler: scheduler).transform(input: .init(actions: .never()))
        let screens = record(output.state, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(screens.elements == [HelpViewModel.State(scene: .feeds)])
    }
}

@Test func helpScrollsWithinTheMaximumTheFrontEndGives() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let actions = scheduler.createHotObservable([
            .next(300, HelpViewModel.Action.scroll(by: 1, maximum: 3)), .next(400, .scroll(by: 5, maximum: 3)),
            .next(500, .scroll(by: -1, maximum: 3)), .next(600, .scroll(by: -9, maximum: 3)),
        ])
        let output = HelpViewModel(scene: .todoList, scheduler: scheduler)
            .transform(input: .init(actions: actions.asObservable()))
        let screens = record(output.state, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(screens.elements.map(\.scroll) == [0, 1, 3, 2, 0])
        #expect(screens.elements.allSatisfy { $0.scene == .todoList })
    }
}

@Test func helpBackAndQuitAreRoutes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let actions = scheduler.createHotObservable([.next(300, HelpViewModel.Action.close), .next(400, .quit)])
        let output = HelpViewModel(scene: .home, scheduler: scheduler)
            .transform(input: .init(actions: actions.asObservable()))
        let state = record(output.state, on: scheduler)
        let route = record(output.route, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(route.events == [.next(300, .back), .next(400, .quit)])
        #expect(state.elements == [HelpViewModel.State(scene: .home)])
    }
}
