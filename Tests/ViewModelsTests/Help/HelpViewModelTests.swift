import StreamsTesting
import Testing
import ViewModels

@Test func helpScreenIsTheSceneItWasOpenedOver() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let output = HelpViewModel(scene: .feeds, scheduler: scheduler).transform(screen: .init(actions: .never()))
        let screens = record(output.screen, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(screens.elements == [.feeds])
    }
}

@Test func helpBackAndQuitAreRoutes() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let output = HelpViewModel(scene: .home, scheduler: scheduler).transform(
            input: .init(
                back: scheduler.createHotObservable([.next(300, ())]).asObservable(),
                quit: scheduler.createHotObservable([.next(400, ())]).asObservable()))
        let route = record(output.route, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(route.events == [.next(300, .back), .next(400, .quit)])
    }
}
