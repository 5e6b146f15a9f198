import StreamsTesting
import Testing
import ViewModels

@Test func helpShowsTheKeysOfItsScene() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let output = HelpViewModel(scene: .feeds, scheduler: scheduler).transform(input: .init())
        let bindings = record(output.bindings, on: scheduler)
        scheduler.advance(to: 1000)
        #expect(bindings.events == [.next(200, KeyMap.bindings(for: .feeds)), .completed(200)])
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
