import Domain
import SceneServices
import Testing

@testable import ViewModels

private typealias VM = FeedItemsViewModel

/// A page of `items` at `offset`; unread counted among them unless given.
private func page(_ items: [FeedItem], offset: Int = 0, total: Int? = nil, unread: Int? = nil) -> FeedItemPage {
    FeedItemPage(
        items: items, totalCount: total ?? offset + items.count, unreadCount: unread ?? items.count { !$0.isRead },
        offset: offset)
}

/// The state after `events`, folded one at a time from `state`.
private func after(_ events: VM.Event..., from state: VM.State = VM.State()) -> VM.State {
    var state = state
    for event in events { _ = VM.reduce(&state, event) }
    return state
}

private func loaded(_ items: [FeedItem], offset: Int = 0, total: Int? = nil, unread: Int? = nil) -> VM.State {
    after(.pageLoaded(FeedItemWindow(), .success(page(items, offset: offset, total: total, unread: unread))))
}

@Test func itemsStateShowsTheFeedTitle() {
    #expect(after(.feedLoaded(.success(Fixtures.feed(1, "Swift")))).feedTitle == "Swift")
}

@Test func itemsStateSaysWhyTheFeedsLastRefreshFailedUntilOneSucceeds() {
    let failed = after(.feedLoaded(.success(Fixtures.feed(1, "Swift", last: .failed(message: "HTTP 404 Not Found")))))
    #expect(failed.refreshFailure == "HTTP 404 Not Found")
    #expect(failed.listHeader == "Last refresh failed: HTTP 404 Not Found (\(.refresh) on the feeds list tries again)")
    let fixed = after(.feedLoaded(.success(Fixtures.feed(1, "Swift", last: .succeeded(at: .now)))), from: failed)
    #expect(fixed.refreshFailure == nil)
    #expect(fixed.listHeader == nil)
}

@Test func itemsStateIsLoadingUntilThePageOfTheAskedWindowArrives() {
    #expect(VM.State().isLoading)
    #expect(!loaded([Fixtures.item(1)]).isLoading)
}

@Test func itemsStateNewWindowIsLoadingUntilItsPageArrives() {
    // The viewport says how many rows fit: a window of 20 rows is asked for.
    let asked = after(.action(.viewport(height: 20)), from: loaded([Fixtures.item(1)]))
    #expect(asked.window == FeedItemWindow(offset: 0, limit: 20))
    #expect(asked.isLoading)
    let answered = after(
        .pageLoaded(FeedItemWindow(offset: 0, limit: 20), .success(page([Fixtures.item(1)]))), from: asked)
    #expect(!answered.isLoading)
}

@Test func itemsStateRowsShowTitleDateReadStateAndPositionInTheFeed() {
    let state = loaded([Fixtures.item(2, "New"), Fixtures.item(1, read: true)], offset: 70, total: 100)
    #expect(
        state.rows == [
            FeedItemRow(id: 2, title: "New", dateText: "2026-12-31", isRead: false, position: 70),
            FeedItemRow(id: 1, title: "Item", dateText: "2026-12-31", isRead: true, position: 71),
        ])
    #expect(state.totalCount == 100)
}

@Test func itemsStateUnreadCountIsTheFeedsNotTheWindows() {
    #expect(loaded([Fixtures.item(1)], total: 5000, unread: 4200).unreadCount == 4200)
}

@Test func itemsStateOpenShowsTheItemsTextAndLink() {
    let state = after(.action(.open), from: loaded([Fixtures.item(5, "Hello")]))
    #expect(
        state.detail
            == FeedItemDetail(
                id: 5, title: "Hello", text: "Text of 5", link: "https://example.com/items/5",
                dateText: "2026-12-31"))
}

@Test func itemsStateOpenOfAnItemOutsideTheWindowDoesNothing() {
    // The last of 100 items is selected; the window holds only the first.
    var state = after(.action(.select(.bottom)), from: loaded([Fixtures.item(5)], total: 100))
    let before = state
    #expect(VM.reduce(&state, .action(.open)).isEmpty)
    #expect(state == before)
}

@Test func itemsStateCloseHidesTheItem() {
    let state = after(.action(.open), .action(.close), from: loaded([Fixtures.item(5)]))
    #expect(state.detail == nil)
}

@Test func itemsStateOpenedItemFollowsItsReadStateInANewPage() {
    let state = after(
        .action(.open), .pageLoaded(FeedItemWindow(), .success(page([Fixtures.item(5, read: true)]))),
        from: loaded([Fixtures.item(5)]))
    #expect(state.openedItem?.isRead == true)
}

@Test func itemsStateOpenedItemStaysReadableWhenTheWindowMovesPastIt() {
    let state = after(
        .action(.open), .pageLoaded(FeedItemWindow(), .success(page([Fixtures.item(9)], offset: 1))),
        from: loaded([Fixtures.item(5, "Hello")]))
    #expect(state.detail?.title == "Hello")
}

@Test func itemsStateRemovedFeedSaysSo() {
    let state = after(.feedLoaded(.success(nil)))
    #expect(state.isFeedGone)
    #expect(state.errorMessage == "This feed was removed.")
}

@Test func itemsStateOfARemovedFeedSaysOnlyThatItWasRemoved() {
    let failing = after(.feedLoaded(.success(Fixtures.feed(1, "Swift", last: .failed(message: "HTTP 404 Not Found")))))
    let empty = after(.pageLoaded(FeedItemWindow(), .success(page([]))), from: failing)
    #expect(empty.emptyListText == VM.State.emptyText)
    let gone = after(.feedLoaded(.success(nil)), from: empty)
    // No advice to refresh a feed that no longer exists: not in the list, not in its header.
    #expect(gone.emptyListText == "This feed was removed.")
    #expect(gone.listHeader == nil)
    #expect(after(.action(.toggleUnreadOnly), from: gone).emptyListText == "This feed was removed.")
}

@Test func itemsStateFeedFailureIsShown() {
    let state = after(.feedLoaded(.failure(SceneError.storage("locked"))))
    #expect(state.errorMessage == "Could not load the feed: locked")
}

@Test func itemsStateLoadFailureShowsTheErrorAndStopsLoading() {
    let state = after(.pageLoaded(FeedItemWindow(), .failure(SceneError.storage("locked"))))
    #expect(!state.isLoading)
    #expect(state.errorMessage == "Could not load the items: locked")
}

@Test func itemsStateCommandFailureShowsItsMessageAndSuccessClearsIt() {
    let failed = after(.commandFailed("Could not mark the item read: locked"))
    #expect(failed.errorMessage == "Could not mark the item read: locked")
    #expect(after(.commandSucceeded, from: failed).errorMessage == nil)
}

@Test func itemsStateSuccessKeepsTheRemovedFeedMessage() {
    let gone = after(.feedLoaded(.success(nil)))
    #expect(after(.commandSucceeded, from: gone).errorMessage == "This feed was removed.")
}

@Test func itemsStateOpenShowsTheFullContentAndItsLinksOverTheSummary() {
    let item = FeedItem(
        id: 1, feedID: 1, title: "Long", text: "Short summary", content: "Para[1]\n\n  • one\n\nLinks:\n[1]: https://x",
        links: ["https://x"])
    let detail = after(.action(.open), from: loaded([item])).detail
    #expect(detail?.text == "Para[1]\n\n  • one\n\nLinks:\n[1]: https://x")
    #expect(detail?.links == ["https://x"])
}

@Test func itemsStateOpenGivesTheStoredHTMLAndSaysItIsHTMLForTheFrontEndToLayOut() {
    let item = FeedItem(
        id: 1, feedID: 1, title: "Long", text: "Short summary", content: "<p><a href=\"https://x\">Para</a></p>",
        contentType: .html, links: ["https://x"])
    let detail = after(.action(.open), from: loaded([item])).detail
    #expect(detail?.text == "<p><a href=\"https://x\">Para</a></p>")
    #expect(detail?.textType == .html)
    #expect(detail?.links == ["https://x"])
}

@Test func itemsStateOpenOfAnItemWithoutContentShowsItsSummary() {
    let detail = after(.action(.open), from: loaded([Fixtures.item(1)])).detail
    #expect(detail?.text == "Text of 1")
    #expect(detail?.textType == .text)
    #expect(detail?.links == [])
}

@Test func itemsStateOpenNumbersEachEnclosureAfterTheContentsLinks() throws {
    let enclosures = [
        FeedEnclosure(url: "https://x/ep.mp3", type: "audio/mpeg", length: 2_048),
        FeedEnclosure(url: "https://x", kind: .media),
        FeedEnclosure(url: "https://x/ep.jpg", kind: .thumbnail),
    ]
    let item = FeedItem(
        id: 1, feedID: 1, title: "Episode", content: "<p><a href=\"https://x\">Notes</a></p>", contentType: .html,
        links: ["https://x"], enclosures: enclosures)
    let detail = after(.action(.open), from: loaded([item])).detail
    #expect(detail?.links == ["https://x", "https://x/ep.mp3", "https://x/ep.jpg"])
    #expect(
        detail?.enclosureLines == [
            "[2]: https://x/ep.mp3 (audio/mpeg, 2 KB)", "[1]: https://x (media)",
            "[3]: https://x/ep.jpg (image, thumbnail)",
        ])
    // `2o` opens the first enclosure, `4o` is past the last number.
    #expect(try item.linkAddress(number: 2).get() == "https://x/ep.mp3")
    #expect(throws: SceneError.self) { try item.linkAddress(number: 4).get() }
}
