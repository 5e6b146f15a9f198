import Streams
import Testing

@testable import SceneServices

private func counts(_ fixture: ServicesFixture) throws -> HomeCounts {
    try first(HomeService(todos: fixture.todos, feeds: fixture.feeds).observeCounts(on: ImmediateScheduler()))
}

private func feedCount(_ fixture: ServicesFixture) throws -> Int {
    try first(fixture.feeds.fetchFeeds()).get().count
}

@Test func contentAsStoredChangesNothing() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["Milk"])
    try ServicesBootstrap.prepare(.asStored, todos: fixture.todos, feeds: fixture.feeds, history: fixture.history)
    #expect(try counts(fixture).activeTodos == 1)
}

@Test func contentEmptyRemovesEveryTodoAndFeed() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["Milk", "Eggs", "Tea"], done: ["Eggs"])
    try fixture.addFeed("https://a.example/feed", items: ["1"])
    try ServicesBootstrap.prepare(.empty, todos: fixture.todos, feeds: fixture.feeds, history: fixture.history)
    #expect(try counts(fixture) == .zero)
    #expect(try feedCount(fixture) == 0)
}

@Test func contentEmptyAlsoRemovesTodosThatAreAllDone() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["Milk"], done: ["Milk"])
    try ServicesBootstrap.prepare(.empty, todos: fixture.todos, feeds: fixture.feeds, history: fixture.history)
    #expect(try counts(fixture) == .zero)
}

@Test func contentManyTodosStartsWithExactlyThatMany() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["Welcome"])
    try ServicesBootstrap.prepare(.manyTodos(300), todos: fixture.todos, feeds: fixture.feeds, history: fixture.history)
    #expect(try counts(fixture) == HomeCounts(activeTodos: 300, completedTodos: 0, unreadItems: 0, failedFeeds: 0))
}

@Test func contentBrokenFeedAddsTheBrokenFeed() throws {
    let fixture = try ServicesFixture()
    try ServicesBootstrap.prepare(.brokenFeed, todos: fixture.todos, feeds: fixture.feeds, history: fixture.history)
    #expect(try first(fixture.feeds.fetchFeeds()).get().map(\.url) == [ServicesBootstrap.brokenFeedURL])
}
