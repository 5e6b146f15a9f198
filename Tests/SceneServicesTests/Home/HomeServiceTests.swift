import Foundation
import Streams
import Testing

@testable import SceneServices

@Test func homeServiceCountsTodosAndUnreadItems() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["Milk", "Eggs", "Tea"], done: ["Tea"])
    try fixture.addFeed("https://a.example/feed", items: ["1", "2", "3"], read: 1)
    try fixture.addFeed("https://b.example/feed", items: ["4"])
    let counts = try first(
        HomeService(todos: fixture.todos, feeds: fixture.feeds).observeCounts(on: ImmediateScheduler()))
    #expect(counts == HomeCounts(activeTodos: 2, completedTodos: 1, unreadItems: 3, failedFeeds: 0))
}

@Test func homeServiceCountsFollowWrites() throws {
    let fixture = try ServicesFixture()
    let recorder = Recorder(
        HomeService(todos: fixture.todos, feeds: fixture.feeds).observeCounts(on: ImmediateScheduler()))
    defer { recorder.dispose() }
    try fixture.addTodos(["Milk"])
    fixture.settle()
    #expect(recorder.last == HomeCounts(activeTodos: 1, completedTodos: 0, unreadItems: 0, failedFeeds: 0))
}

@Test func homeServiceOfAnEmptyDatabaseIsAllZero() throws {
    let fixture = try ServicesFixture()
    let counts = try first(
        HomeService(todos: fixture.todos, feeds: fixture.feeds).observeCounts(on: ImmediateScheduler()))
    #expect(counts == .zero)
}

@Test func homeServiceShowsACountThatCannotBeReadAsZero() throws {
    let fixture = try ServicesFixture()
    try fixture.addTodos(["Milk"])
    fixture.closeDatabase()
    let counts = try first(
        HomeService(todos: fixture.todos, feeds: fixture.feeds).observeCounts(on: ImmediateScheduler()))
    #expect(counts == .zero)
}

@Test func homeServiceFailedFeedCountFollowsStoredRefreshErrors() throws {
    let fixture = try ServicesFixture()
    let first = try fixture.addFeed("https://a.example/feed", items: [])
    let second = try fixture.addFeed("https://b.example/feed", items: [])
    let recorder = Recorder(
        HomeService(todos: fixture.todos, feeds: fixture.feeds).observeCounts(on: ImmediateScheduler()))
    defer { recorder.dispose() }
    _ = try SceneServicesTests.first(fixture.feeds.setLastError(feedID: first, "offline")).get()
    _ = try SceneServicesTests.first(fixture.feeds.setLastError(feedID: second, "malformed")).get()
    fixture.settle()
    #expect(recorder.last?.failedFeeds == 2)
    _ = try SceneServicesTests.first(fixture.feeds.setLastError(feedID: first, nil)).get()
    fixture.settle()
    #expect(recorder.last?.failedFeeds == 1)
}
