import SceneServices
import Testing
import ViewModels

private typealias VM = FeedItemsViewModel

@Test func itemsStateShowsTheFeedTitle() {
    #expect(VM.reduce(VM.State(), .feedLoaded(.success(Fixtures.feed(1, "Swift")))).feedTitle == "Swift")
}

@Test func itemsStateRowsShowTitleDateAndReadState() {
    let state = VM.reduce(VM.State(), .itemsLoaded(.success([Fixtures.item(2, "New"), Fixtures.item(1, read: true)])))
    #expect(!state.isLoading)
    #expect(
        state.rows == [
            FeedItemRow(id: 2, title: "New", dateText: "2026-12-31", isRead: false),
            FeedItemRow(id: 1, title: "Item", dateText: "2026-12-31", isRead: true),
        ])
    #expect(state.unreadCount == 1)
}

@Test func itemsStateOpenShowsTheItemsTextAndLink() {
    var state = VM.reduce(VM.State(), .itemsLoaded(.success([Fixtures.item(5, "Hello")])))
    state = VM.reduce(state, .open(5))
    #expect(
        state.detail
            == FeedItemDetail(
                id: 5, title: "Hello", text: "Text of 5", link: "https://example.com/items/5",
                dateText: "2026-12-31"))
}

@Test func itemsStateCloseHidesTheItem() {
    var state = VM.reduce(VM.State(), .itemsLoaded(.success([Fixtures.item(5)])))
    state = VM.reduce(VM.reduce(state, .open(5)), .close)
    #expect(state.detail == nil)
}

@Test func itemsStateOpenedItemThatDisappearsHasNoDetail() {
    var state = VM.reduce(VM.reduce(VM.State(), .itemsLoaded(.success([Fixtures.item(5)]))), .open(5))
    state = VM.reduce(state, .itemsLoaded(.success([])))
    #expect(state.detail == nil)
}

@Test func itemsStateRemovedFeedSaysSo() {
    let state = VM.reduce(VM.State(), .feedLoaded(.success(nil)))
    #expect(state.isFeedGone)
    #expect(state.errorMessage == "This feed was removed.")
}

@Test func itemsStateLoadFailureShowsTheErrorAndStopsLoading() {
    let state = VM.reduce(VM.State(), .itemsLoaded(.failure(SceneError("locked"))))
    #expect(!state.isLoading)
    #expect(state.errorMessage == "Could not load the items: locked")
}

@Test func itemsStateCommandFailureShowsItsMessageAndSuccessClearsIt() {
    let failed = VM.reduce(VM.State(), .commandFailed("Could not mark the item read: locked"))
    #expect(failed.errorMessage == "Could not mark the item read: locked")
    #expect(VM.reduce(failed, .commandSucceeded).errorMessage == nil)
}
