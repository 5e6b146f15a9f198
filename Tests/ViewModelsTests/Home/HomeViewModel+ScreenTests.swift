import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

@Test func homeScreenSelectsAPlaceAndOpensIt() {
    let scheduler = TestScheduler()
    let counts = HomeCounts(activeTodos: 3, completedTodos: 1, unreadItems: 4, failedFeeds: 1)
    let service = MockHomeService {
        $0.observeCountsHandler = { _ in observed(counts) }
    }
    let actions = scheduler.createHotObservable([
        .next(100, HomeViewModel.Action.select(.down)), .next(101, .select(.pageDown)), .next(102, .openSelected),
        .next(200, .select(.top)), .next(201, .openSelected), .next(202, .openFeeds), .next(203, .help),
        .next(204, .quit),
    ])
    let output = HomeViewModel(service: service, scheduler: scheduler)
        .transform(input: .init(actions: actions.asObservable()))
    let screens = scheduler.createObserver(HomeViewModel.State.self)
    let routes = scheduler.createObserver(Route.self)
    let subscriptions = [output.state.subscribe(screens.asObserver()), output.route.subscribe(routes.asObserver())]
    scheduler.advance(by: 300)
    for subscription in subscriptions { subscription.dispose() }
    #expect(screens.elements.first?.counts == .zero)
    #expect(screens.elements.last?.todosNote == "3 active, 1 done")
    #expect(screens.elements.last?.feedsNote == "4 unread, 1 failing")
    #expect(screens.elements.map(\.selected).contains(1))
    #expect(routes.elements == [.feeds, .todoList, .feeds, .help(.home), .quit])
}

@Test func helpScreenClosesAndQuits() {
    let scheduler = TestScheduler()
    let actions = scheduler.createHotObservable([
        .next(10, HelpViewModel.Action.close), .next(20, .quit),
    ])
    let output = HelpViewModel(scene: .feeds, scheduler: scheduler)
        .transform(input: .init(actions: actions.asObservable()))
    let scenes = scheduler.createObserver(HelpViewModel.State.self)
    let routes = scheduler.createObserver(Route.self)
    let subscriptions = [output.state.subscribe(scenes.asObserver()), output.route.subscribe(routes.asObserver())]
    scheduler.advance(by: 100)
    for subscription in subscriptions { subscription.dispose() }
    #expect(scenes.elements == [HelpViewModel.State(scene: .feeds)])
    #expect(routes.events == [.next(10, .back), .next(20, .quit)])
}
