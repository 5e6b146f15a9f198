import SceneServices
import Testing

@testable import ViewModels

private typealias VM = FeedListViewModel

/// The state after `events`, folded one at a time from `state`.
private func after(_ events: VM.Event..., from state: VM.State = VM.State()) -> VM.State {
    var state = state
    for event in events { _ = VM.reduce(&state, event) }
    return state
}

/// The actions that type `text` on the input line for a new feed and submit it.
private func adding(_ text: String) -> [VM.Event] {
    [.action(.startAdding), .action(.edit(PromptText(text))), .action(.submit)]
}

@Test func feedsStateIsLoadingUntilTheFeedsArrive() {
    #expect(VM.State().isLoading)
    #expect(!after(.feedsLoaded(.success([]))).isLoading)
}

@Test func feedsStateRowsShowUnreadCountsAndLastRefresh() {
    let feeds = [
        Fixtures.feed(1, "A", unread: 3, last: .succeeded(at: Fixtures.day)),
        Fixtures.feed(2, "B", last: .never),
        Fixtures.feed(3, "C", last: .failed(message: "not a feed")),
    ]
    let rows = after(.feedsLoaded(.success(feeds))).rows
    #expect(rows.map(\.unreadCount) == [3, 0, 0])
    #expect(rows.map(\.statusText) == ["updated 2026-12-31", "never refreshed", "failed: not a feed"])
    #expect(rows.map(\.errorMessage) == [nil, nil, "not a feed"])
}

@Test func feedsStateRowsCarryTheTotalNextToTheUnreadCount() {
    let feeds = [
        Feed(id: 1, url: "https://example.com/1.xml", title: "A", itemCount: 12, unreadCount: 3),
        Feed(id: 2, url: "https://example.com/2.xml", title: "B"),
    ]
    let rows = after(.feedsLoaded(.success(feeds))).rows
    #expect(rows.map(\.itemCount) == [12, 0])
    #expect(rows.map(\.countText) == ["3 of 12 unread", "no items"])
}

@Test func feedsStateRowsNeverShowThePasswordOfAnAddress() {
    let url = "https://ann:secret@example.com/feed.xml"
    let feed = Feed(
        id: 1, url: url, title: url, lastRefresh: .failed(message: "\(url): the server answered 401"))
    let row = after(.feedsLoaded(.success([feed]))).rows[0]
    let shown = "https://ann:***@example.com/feed.xml"
    #expect([row.title, row.url] == [shown, shown])
    #expect(row.errorMessage == "\(shown): the server answered 401")
    #expect(!row.statusText.contains("secret"))
}

@Test func feedsStateIsBusySubscribingWhileAnAddressIsDownloaded() {
    var state = after(.feedsLoaded(.success([])))
    var effects: [VM.Effect] = []
    for event in adding("https://example.com/feed") { effects = VM.reduce(&state, event) }
    #expect(effects == [.add(url: "https://example.com/feed")])
    #expect(state.addingURL == "https://example.com/feed")
    #expect(state.isBusy)
    #expect(state.busyText == "Subscribing")
    state = after(.added(.failure(SceneError.feed("GET https://example.com/feed: 404"))), from: state)
    #expect(state.addingURL == nil)
    // A reason that names the address is not preceded by it again.
    #expect(state.errorMessage == "Could not subscribe: GET https://example.com/feed: 404")
}

@Test func feedsStateLoadFailureShowsTheError() {
    let state = after(.feedsLoaded(.failure(SceneError.storage("locked"))))
    #expect(state.errorMessage == "Could not load the feeds: locked")
    #expect(!state.isLoading)
}

@Test func feedsStateRefreshStartShowsProgressAndMarksTheFeeds() {
    let state = after(
        .feedsLoaded(.success([Fixtures.feed(1), Fixtures.feed(2)])), .refresh(.started(feedIDs: [1, 2])))
    #expect(state.progress == RefreshProgress(done: 0, total: 2))
    #expect(state.rows.map(\.isRefreshing) == [true, true])
    #expect(state.rows.map(\.statusText) == ["refreshing…", "refreshing…"])
}

@Test func feedsStateRefreshFinishAdvancesProgressAndRecordsFailures() {
    var state = after(
        .feedsLoaded(.success([Fixtures.feed(1), Fixtures.feed(2)])), .refresh(.started(feedIDs: [1, 2])),
        .refresh(.finished(feedID: 1, .failure(SceneError.storage("timed out")))))
    #expect(state.progress == RefreshProgress(done: 1, total: 2))
    #expect(state.rows[0].errorMessage == "timed out")
    state = after(.refresh(.finished(feedID: 2, .success(FeedRefreshCount(newItemCount: 4)))), from: state)
    #expect(state.progress == nil)
    #expect(state.rows.map(\.errorMessage) == ["timed out", nil])
}

@Test func feedsStateFinishOfAFeedNotRefreshingIsIgnored() {
    let before = after(.refresh(.started(feedIDs: [1])))
    #expect(after(.refresh(.finished(feedID: 9, .success(FeedRefreshCount(newItemCount: 1)))), from: before) == before)
}

@Test func feedsStateNewRefreshClearsThePreviousErrorOfItsFeeds() {
    let state = after(
        .refresh(.started(feedIDs: [1])), .refresh(.finished(feedID: 1, .failure(SceneError.storage("timed out")))),
        .refresh(.started(feedIDs: [1])))
    #expect(state.refreshErrors.isEmpty)
}

@Test func feedsStateProgressTextCountsFromOne() {
    #expect(RefreshProgress(done: 0, total: 3).text == "Refreshing: 0 of 3 done")
    #expect(RefreshProgress(done: 2, total: 3).text == "Refreshing: 2 of 3 done")
    #expect(RefreshProgress(done: 3, total: 3).text == "Refreshing: 3 of 3 done")
    #expect(RefreshProgress(done: 0, total: 1).text == "Refreshing")
}

@Test func feedsStateRejectedAddressShowsWhy() {
    var state = VM.State()
    var effects: [VM.Effect] = []
    for event in adding("") { effects = VM.reduce(&state, event) }
    #expect(effects.isEmpty)
    #expect(state.errorMessage == "Type the feed's address.")
    #expect(state.mode == .adding(PromptText()))
}

@Test func feedsStateAnAddressThatIsNoneKeepsItsLineOpenWithTheReasonAndEscCancels() {
    var state = VM.State()
    var effects: [VM.Effect] = []
    for event in adding("htp//example.com") { effects = VM.reduce(&state, event) }
    #expect(effects.isEmpty)
    #expect(state.mode == .adding(PromptText("htp//example.com")))
    #expect(state.errorMessage?.description.hasPrefix("“htp//example.com” is not a feed address") == true)
    state = after(.action(.cancel), .action(.startAdding), from: state)
    #expect(state.mode == .adding(PromptText()))
}

@Test func feedsStateAFailedSubscriptionOpensItsLineAgainAndNamesTheAddress() {
    let url = "http://127.0.0.1:8765/notafeed.xml"
    var state = after(.feedsLoaded(.success([])))
    for event in adding(url) { _ = VM.reduce(&state, event) }
    #expect(state.mode == .browsing)
    state = after(.added(.failure(SceneError.feed("not a feed: an HTML page"))), from: state)
    #expect(state.errorMessage == "Could not subscribe to “\(url)”: not a feed: an HTML page")
    // The keys type on the line again, not commands: `/` is text.
    #expect(state.mode == .adding(PromptText(url)))
    #expect(after(.action(.edit(PromptText(url + "/"))), from: state).mode == .adding(PromptText(url + "/")))
    // Esc leaves it as ever, and the next add starts empty.
    #expect(after(.action(.cancel), .action(.startAdding), from: state).mode == .adding(PromptText()))
}

@Test func feedsStateAFailedSubscriptionWhoseReasonNamesTheStartOfALongAddressNamesItOnce() {
    let url = "http://127.0.0.1:8765/" + String(repeating: "very-long-path-", count: 12) + "feed.xml"
    var state = after(.feedsLoaded(.success([])))
    for event in adding(url) { _ = VM.reduce(&state, event) }
    // As the network layer cuts a long address: its start and its end around an ellipsis.
    let reason = "GET \(url.prefix(40))…\(url.suffix(40)): 404 Not Found"
    state = after(.added(.failure(SceneError.feed(reason))), from: state)
    #expect(state.errorMessage == "Could not subscribe: \(reason)")
}

@Test func feedsStateASubscriptionFailedWhileAnotherLineIsOpenIsOfferedAtTheNextAdd() {
    var state = VM.State()
    for event in adding("https://example.com/feed") { _ = VM.reduce(&state, event) }
    state = after(.action(.startSearching), .added(.failure(SceneError.offline)), from: state)
    #expect(state.mode == .searching(PromptText()))
    #expect(state.errorMessage?.description.hasPrefix("Could not subscribe to “https://example.com/feed”") == true)
    state = after(.action(.cancel), .action(.startAdding), from: state)
    #expect(state.mode == .adding(PromptText("https://example.com/feed")))
}

@Test func feedsStateAFailedSubscriptionNeverShowsThePasswordOfItsAddress() {
    var state = VM.State()
    for event in adding("https://ann:secret@example.com/feed") { _ = VM.reduce(&state, event) }
    state = after(.added(.failure(SceneError.feed("not a feed: an HTML page"))), from: state)
    #expect(state.errorMessage?.description.contains("“https://ann:***@example.com/feed”") == true)
    #expect(state.errorMessage?.description.contains("secret") == false)
}

@Test func feedsStateAFailedImportOpensItsLineAgainAndABlankPathKeepsItOpen() {
    var state = after(.action(.startImporting), .action(.submit))
    #expect(state.mode == .importing(PromptText()))
    #expect(state.errorMessage == "Could not import: type the path of an OPML file.")
    state = after(.action(.edit(PromptText(" /tmp/none.opml"))), .action(.submit), from: state)
    #expect(state.mode == .browsing)
    let missing = SceneError.feed("/tmp/none.opml: no such file")
    state = after(.imported(path: "/tmp/none.opml", .failure(missing)), from: state)
    #expect(state.mode == .importing(PromptText("/tmp/none.opml")))
    #expect(state.errorMessage == "Could not import: /tmp/none.opml: no such file")
}

@Test func feedsStateAddFailureShowsWhyAndSuccessClearsIt() {
    let failed = after(.added(.failure(SceneError.storage("already subscribed"))))
    #expect(failed.errorMessage == "Could not subscribe: already subscribed")
    #expect(after(.added(.success(Fixtures.feed(1))), from: failed).errorMessage == nil)
}

@Test func feedsStateRemovalSaysWhatWasRemovedAndHowToUndoIt() {
    let state = after(.removed(.success("Example"), isQuery: false))
    #expect(state.message == "Removed the feed “Example”. \(.undo) undoes it.")
    #expect(state.errorMessage == nil)
}

@Test func feedsStateRemoveFailureShowsTheError() {
    let state = after(.removed(.failure(SceneError.storage("locked")), isQuery: false))
    #expect(state.errorMessage == "Could not remove the feed: locked")
}

@Test func feedsStateForgetsErrorsOfRemovedFeeds() {
    let state = after(
        .refresh(.started(feedIDs: [1])), .refresh(.finished(feedID: 1, .failure(SceneError.storage("timed out")))),
        .feedsLoaded(.success([])))
    #expect(state.refreshErrors.isEmpty)
}

@Test func feedsStateRefreshEndStopsShowingUnfinishedFeedsAsRefreshing() {
    let state = after(
        .feedsLoaded(.success([Fixtures.feed(1), Fixtures.feed(2)])), .refresh(.started(feedIDs: [1, 2])),
        .refreshEnded(failure: nil))
    #expect(state.progress == nil)
    #expect(state.rows.map(\.isRefreshing) == [false, false])
    #expect(state.errorMessage == nil)
}

@Test func feedsStateRefreshStreamFailureIsShown() {
    let state = after(
        .feedsLoaded(.success([Fixtures.feed(1)])), .refresh(.started(feedIDs: [1])),
        .refreshEnded(failure: "database is locked"))
    #expect(state.progress == nil)
    #expect(state.errorMessage == "Could not refresh: database is locked")
}
