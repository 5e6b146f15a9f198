import SceneServices
import Testing
import ViewModels

private typealias VM = FeedItemsViewModel

/// A page of `items` at `offset`; unread counted among them unless given.
private func page(_ items: [FeedItem], offset: Int = 0, total: Int? = nil, unread: Int? = nil) -> FeedItemPage {
    FeedItemPage(
        items: items, totalCount: total ?? offset + items.count, unreadCount: unread ?? items.count { !$0.isRead },
        offset: offset)
}

private func loaded(_ items: [FeedItem], offset: Int = 0, total: Int? = nil, unread: Int? = nil) -> VM.State {
    VM.reduce(VM.State(), .pageLoaded(VM.Window(), .success(page(items, offset: offset, total: total, unread: unread))))
}

@Test func itemsStateShowsTheFeedTitle() {
    #expect(VM.reduce(VM.State(), .feedLoaded(.success(Fixtures.feed(1, "Swift")))).feedTitle == "Swift")
}

@Test func itemsStateSaysWhyTheFeedsLastRefreshFailedUntilOneSucceeds() {
    let failed = VM.reduce(
        VM.State(), .feedLoaded(.success(Fixtures.feed(1, "Swift", last: .failed(message: "HTTP 404 Not Found")))))
    #expect(failed.refreshFailure == "HTTP 404 Not Found")
    var screen = VM.Screen()
    screen.items = failed
    #expect(screen.listHeader == "Last refresh failed: HTTP 404 Not Found (r on the feeds list tries again)")
    let fixed = VM.reduce(failed, .feedLoaded(.success(Fixtures.feed(1, "Swift", last: .succeeded(at: .now)))))
    #expect(fixed.refreshFailure == nil)
    screen.items = fixed
    #expect(screen.listHeader == nil)
}

@Test func itemsStateIsLoadingUntilThePageOfTheAskedWindowArrives() {
    #expect(VM.State().isLoading)
    #expect(!loaded([Fixtures.item(1)]).isLoading)
}

@Test func itemsStateNewWindowIsLoadingUntilItsPageArrives() {
    let asked = VM.reduce(loaded([Fixtures.item(1)]), .windowChanged(VM.Window(offset: 40, limit: 20)))
    #expect(asked.isLoading)
    let answered = VM.reduce(asked, .pageLoaded(VM.Window(offset: 40, limit: 20), .success(page([], offset: 40))))
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

@Test func itemsStateWindowForAVisibleRangeIsClamped() {
    #expect(VM.window(for: VisibleRange(offset: 99_990, limit: 10)) == VM.Window(offset: 99_990, limit: 10))
    #expect(VM.window(for: VisibleRange(offset: -3, limit: 0)) == VM.Window(offset: 0, limit: 1))
    #expect(VM.window(for: VisibleRange(offset: 0, limit: 10_000)).limit == VM.maximumWindow)
}

@Test func itemsStateOpenShowsTheItemsTextAndLink() {
    let state = VM.reduce(loaded([Fixtures.item(5, "Hello")]), .open(5))
    #expect(
        state.detail
            == FeedItemDetail(
                id: 5, title: "Hello", text: "Text of 5", link: "https://example.com/items/5",
                dateText: "2026-12-31"))
}

@Test func itemsStateOpenOfAnItemOutsideTheWindowDoesNothing() {
    let state = loaded([Fixtures.item(5)])
    #expect(VM.reduce(state, .open(6)) == state)
}

@Test func itemsStateCloseHidesTheItem() {
    let state = VM.reduce(VM.reduce(loaded([Fixtures.item(5)]), .open(5)), .close)
    #expect(state.detail == nil)
}

@Test func itemsStateOpenedItemFollowsItsReadStateInANewPage() {
    var state = VM.reduce(loaded([Fixtures.item(5)]), .open(5))
    state = VM.reduce(state, .pageLoaded(VM.Window(), .success(page([Fixtures.item(5, read: true)]))))
    #expect(state.openedItem?.isRead == true)
}

@Test func itemsStateOpenedItemStaysReadableWhenTheWindowMovesPastIt() {
    var state = VM.reduce(loaded([Fixtures.item(5, "Hello")]), .open(5))
    state = VM.reduce(state, .pageLoaded(VM.Window(), .success(page([Fixtures.item(9)], offset: 1))))
    #expect(state.detail?.title == "Hello")
}

@Test func itemsStateRemovedFeedSaysSo() {
    let state = VM.reduce(VM.State(), .feedLoaded(.success(nil)))
    #expect(state.isFeedGone)
    #expect(state.errorMessage == "This feed was removed.")
}

@Test func itemsStateFeedFailureIsShown() {
    let state = VM.reduce(VM.State(), .feedLoaded(.failure(SceneError.storage("locked"))))
    #expect(state.errorMessage == "Could not load the feed: locked")
}

@Test func itemsStateLoadFailureShowsTheErrorAndStopsLoading() {
    let state = VM.reduce(VM.State(), .pageLoaded(VM.Window(), .failure(SceneError.storage("locked"))))
    #expect(!state.isLoading)
    #expect(state.errorMessage == "Could not load the items: locked")
}

@Test func itemsStateCommandFailureShowsItsMessageAndSuccessClearsIt() {
    let failed = VM.reduce(VM.State(), .commandFailed("Could not mark the item read: locked"))
    #expect(failed.errorMessage == "Could not mark the item read: locked")
    #expect(VM.reduce(failed, .commandSucceeded).errorMessage == nil)
}

@Test func itemsStateSuccessKeepsTheRemovedFeedMessage() {
    let gone = VM.reduce(VM.State(), .feedLoaded(.success(nil)))
    #expect(VM.reduce(gone, .commandSucceeded).errorMessage == "This feed was removed.")
}

@Test func itemsStateOpenShowsTheFullContentAndItsLinksOverTheSummary() {
    let item = FeedItem(
        id: 1, feedID: 1, title: "Long", text: "Short summary", content: "Para[1]\n\n  • one\n\nLinks:\n[1]: https://x",
        links: ["https://x"])
    let detail = VM.reduce(loaded([item]), .open(1)).detail
    #expect(detail?.text == "Para[1]\n\n  • one\n\nLinks:\n[1]: https://x")
    #expect(detail?.links == ["https://x"])
}

@Test func itemsStateOpenOfAnItemWithoutContentShowsItsSummary() {
    let detail = VM.reduce(loaded([Fixtures.item(1)]), .open(1)).detail
    #expect(detail?.text == "Text of 1")
    #expect(detail?.links == [])
}
