import SceneServices
import Testing
import ViewModels

private typealias VM = FeedListViewModel

@Test func feedsStateIsLoadingUntilTheFeedsArrive() {
    #expect(VM.State().isLoading)
    #expect(!VM.reduce(VM.State(), .feedsLoaded(.success([]))).isLoading)
}

@Test func feedsStateRowsShowUnreadCountsAndLastRefresh() {
    let feeds = [
        Fixtures.feed(1, "A", unread: 3, last: .succeeded(at: Fixtures.day)),
        Fixtures.feed(2, "B", last: .never),
        Fixtures.feed(3, "C", last: .failed(message: "not a feed")),
    ]
    let rows = VM.reduce(VM.State(), .feedsLoaded(.success(feeds))).rows
    #expect(rows.map(\.unreadCount) == [3, 0, 0])
    #expect(rows.map(\.statusText) == ["updated 2026-12-31", "never refreshed", "failed: not a feed"])
    #expect(rows.map(\.errorMessage) == [nil, nil, "not a feed"])
}

@Test func feedsStateRowsCarryTheTotalNextToTheUnreadCount() {
    let feeds = [
        Feed(id: 1, url: "https://example.com/1.xml", title: "A", itemCount: 12, unreadCount: 3),
        Feed(id: 2, url: "https://example.com/2.xml", title: "B"),
    ]
    let rows = VM.reduce(VM.State(), .feedsLoaded(.success(feeds))).rows
    #expect(rows.map(\.itemCount) == [12, 0])
    #expect(rows.map(\.countText) == ["3 of 12 unread", "no items"])
}

@Test func feedsStateRowsNeverShowThePasswordOfAnAddress() {
    let url = "https://ann:secret@example.com/feed.xml"
    let feed = Feed(
        id: 1, url: url, title: url, lastRefresh: .failed(message: "\(url): the server answered 401"))
    let row = VM.reduce(VM.State(), .feedsLoaded(.success([feed]))).rows[0]
    let shown = "https://ann:***@example.com/feed.xml"
    #expect([row.title, row.url] == [shown, shown])
    #expect(row.errorMessage == "\(shown): the server answered 401")
    #expect(!row.statusText.contains("secret"))
}

@Test func feedsStateIsBusySubscribingWhileAnAddressIsDownloaded() {
    var state = VM.reduce(VM.State(), .feedsLoaded(.success([])))
    state = VM.reduce(state, .addStarted("https://example.com/feed"))
    #expect(state.addingURL == "https://example.com/feed")
    var screen = VM.Screen()
    screen.feeds = state
    #expect(screen.isBusy)
    #expect(screen.busyText == "Subscribing")
    state = VM.reduce(state, .added(.failure(SceneError.feed("GET https://example.com/feed: 404"))))
    #expect(state.addingURL == nil)
    #expect(state.addError == "GET https://example.com/feed: 404")
}

@Test func feedsStateLoadFailureShowsTheError() {
    let state = VM.reduce(VM.State(), .feedsLoaded(.failure(SceneError.storage("locked"))))
    #expect(state.errorMessage == "Could not load the feeds: locked")
    #expect(!state.isLoading)
}

@Test func feedsStateRefreshStartShowsProgressAndMarksTheFeeds() {
    var state = VM.reduce(VM.State(), .feedsLoaded(.success([Fixtures.feed(1), Fixtures.feed(2)])))
    state = VM.reduce(state, .refresh(.started(feedIDs: [1, 2])))
    #expect(state.progress == RefreshProgress(done: 0, total: 2))
    #expect(state.rows.map(\.isRefreshing) == [true, true])
    #expect(state.rows.map(\.statusText) == ["refreshing…", "refreshing…"])
}

@Test func feedsStateRefreshFinishAdvancesProgressAndRecordsFailures() {
    var state = VM.reduce(VM.State(), .feedsLoaded(.success([Fixtures.feed(1), Fixtures.feed(2)])))
    state = VM.reduce(state, .refresh(.started(feedIDs: [1, 2])))
    state = VM.reduce(state, .refresh(.finished(feedID: 1, .failure(SceneError.storage("timed out")))))
    #expect(state.progress == RefreshProgress(done: 1, total: 2))
    #expect(state.rows[0].errorMessage == "timed out")
    state = VM.reduce(state, .refresh(.finished(feedID: 2, .success(4))))
    #expect(state.progress == nil)
    #expect(state.rows.map(\.errorMessage) == ["timed out", nil])
}

@Test func feedsStateFinishOfAFeedNotRefreshingIsIgnored() {
    let before = VM.reduce(VM.State(), .refresh(.started(feedIDs: [1])))
    #expect(VM.reduce(before, .refresh(.finished(feedID: 9, .success(1)))) == before)
}

@Test func feedsStateNewRefreshClearsThePreviousErrorOfItsFeeds() {
    var state = VM.reduce(VM.State(), .refresh(.started(feedIDs: [1])))
    state = VM.reduce(state, .refresh(.finished(feedID: 1, .failure(SceneError.storage("timed out")))))
    state = VM.reduce(state, .refresh(.started(feedIDs: [1])))
    #expect(state.refreshErrors.isEmpty)
}

@Test func feedsStateProgressTextCountsFromOne() {
    #expect(RefreshProgress(done: 0, total: 3).text == "Refreshing: 0 of 3 done")
    #expect(RefreshProgress(done: 2, total: 3).text == "Refreshing: 2 of 3 done")
    #expect(RefreshProgress(done: 3, total: 3).text == "Refreshing: 3 of 3 done")
    #expect(RefreshProgress(done: 0, total: 1).text == "Refreshing")
}

@Test func feedsStateRejectedAddressShowsWhy() {
    #expect(VM.reduce(VM.State(), .addRejected("Type the feed's address.")).addError == "Type the feed's address.")
}

@Test func feedsStateAddFailureShowsWhyAndSuccessClearsIt() {
    let failed = VM.reduce(VM.State(), .added(.failure(SceneError.storage("already subscribed"))))
    #expect(failed.addError == "already subscribed")
    #expect(VM.reduce(failed, .added(.success(Fixtures.feed(1)))).addError == nil)
}

@Test func feedsStateRemovalSaysWhatWasRemovedAndHowToUndoIt() {
    let state = VM.reduce(VM.State(), .removed(.success(Fixtures.feed(1, "Example"))))
    #expect(state.notice == "Removed the feed “Example”. u undoes it.")
    #expect(state.errorMessage == nil)
}

@Test func feedsStateRemoveFailureShowsTheError() {
    let state = VM.reduce(VM.State(), .removed(.failure(SceneError.storage("locked"))))
    #expect(state.errorMessage == "Could not remove the feed: locked")
}

@Test func feedsStateForgetsErrorsOfRemovedFeeds() {
    var state = VM.reduce(VM.State(), .refresh(.started(feedIDs: [1])))
    state = VM.reduce(state, .refresh(.finished(feedID: 1, .failure(SceneError.storage("timed out")))))
    state = VM.reduce(state, .feedsLoaded(.success([])))
    #expect(state.refreshErrors.isEmpty)
}

@Test func feedsStateRefreshEndStopsShowingUnfinishedFeedsAsRefreshing() {
    var state = VM.reduce(VM.State(), .feedsLoaded(.success([Fixtures.feed(1), Fixtures.feed(2)])))
    state = VM.reduce(state, .refresh(.started(feedIDs: [1, 2])))
    state = VM.reduce(state, .refreshEnded(failure: nil))
    #expect(state.progress == nil)
    #expect(state.rows.map(\.isRefreshing) == [false, false])
    #expect(state.errorMessage == nil)
}

@Test func feedsStateRefreshStreamFailureIsShown() {
    var state = VM.reduce(VM.State(), .feedsLoaded(.success([Fixtures.feed(1)])))
    state = VM.reduce(state, .refresh(.started(feedIDs: [1])))
    state = VM.reduce(state, .refreshEnded(failure: "database is locked"))
    #expect(state.progress == nil)
    #expect(state.errorMessage == "Could not refresh: database is locked")
}
