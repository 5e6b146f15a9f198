import SceneServices
import Testing

@Test func aWindowAskedForRowsIsClampedToSaneBounds() {
    var window = FeedItemWindow(feedID: 3, keptItemIDs: [7])
    window.ask(for: 99_990..<100_000)
    #expect(window == FeedItemWindow(offset: 99_990, limit: 10, feedID: 3, keptItemIDs: [7]))
    window.ask(for: -3..<(-3))
    #expect(window.offset == 0 && window.limit == 1)
    window.ask(for: 0..<10_000)
    #expect(window.limit == FeedItemWindow.maximumLimit)
}
