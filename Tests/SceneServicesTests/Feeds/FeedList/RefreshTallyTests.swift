import Domain
import SceneServices
import Testing

@Test func aRefreshSummaryCountsNewItemsFeedsAndFailures() {
    var tally = RefreshTally(feedIDs: [1, 2, 3, 4])
    #expect(tally.summary == "No new items.")
    _ = tally.finish(1, .success(FeedRefreshCount(newItemCount: 0)))
    _ = tally.finish(2, .failure(SceneError.feed("x")))
    #expect(tally.summary == "No new items; 1 failed (the feed list shows why).")
    _ = tally.finish(3, .success(FeedRefreshCount(newItemCount: 1_200)))
    #expect(tally.summary == "1,200 new items; 1 failed (the feed list shows why).")
    _ = tally.finish(4, .success(FeedRefreshCount(newItemCount: 1)))
    #expect(tally.summary == "1,201 new items in 2 feeds; 1 failed (the feed list shows why).")
}

@Test func aRefreshTallyCountsEachRunningFeedOnceAndNoneAfterItEnds() {
    var tally = RefreshTally(feedIDs: [1, 2, 3])
    #expect(tally.running == [1, 2, 3] && tally.total == 3 && tally.done == 0)
    let counted = [
        tally.finish(1, .success(FeedRefreshCount(newItemCount: 2))),
        tally.finish(1, .success(FeedRefreshCount(newItemCount: 2))),
        tally.finish(9, .success(FeedRefreshCount(newItemCount: 5))),
    ]
    #expect(counted == [true, false, false])
    #expect(tally.running == [2, 3] && tally.done == 1 && tally.newItems == 2)
    tally.end()
    let afterEnd = tally.finish(2, .success(FeedRefreshCount(newItemCount: 1)))
    #expect(!afterEnd && tally.running.isEmpty && tally.done == 1 && tally.total == 3)
}

@Test func aRefreshSummarySaysHowManyItemsWereKeptOfHowManyTheFeedLists() {
    var tally = RefreshTally(feedIDs: [1, 2, 3])
    let big = FeedRefreshCount(newItemCount: 0, keptItemCount: 50_000, omittedItemCount: 236_000)
    _ = tally.finish(1, .success(big), title: "Big")
    #expect(tally.summary == "No new items; “Big” kept 50,000 items (the newest of 286,000 the feed lists).")
    _ = tally.finish(2, .success(FeedRefreshCount(newItemCount: 3, keptItemCount: 3)), title: "Small")
    _ = tally.finish(
        3, .success(FeedRefreshCount(newItemCount: 2, keptItemCount: 9, omittedItemCount: 1)), title: "Cut")
    #expect(
        tally.summary
            == "5 new items in 2 feeds; “Big” kept 50,000 items (the newest of 286,000 the feed lists), "
            + "and 1 more feed likewise.")
}

@Test func aRefreshSummarySaysWhenAFeedHadItsOldestItemsRemovedToKeepItsMaximum() {
    var tally = RefreshTally(feedIDs: [1])
    let grown = FeedRefreshCount(newItemCount: 30_000, keptItemCount: 30_000, removedItemCount: 10_000)
    _ = tally.finish(1, .success(grown), title: "Big")
    let kept = CountText.grouped(FeedRefreshCount.maximumStoredItems)
    #expect(tally.summary == "30,000 new items; “Big” had its oldest 10,000 items removed to keep \(kept).")
    #expect(FeedRefreshCount(newItemCount: 1).removal == nil)
}
