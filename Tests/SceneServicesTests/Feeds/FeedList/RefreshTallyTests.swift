import SceneServices
import Testing

@Test func aRefreshSummaryCountsNewItemsFeedsAndFailures() {
    var tally = RefreshTally(feedIDs: [1, 2, 3, 4])
    #expect(tally.summary == "No new items.")
    _ = tally.finish(1, .success(0))
    _ = tally.finish(2, .failure(SceneError.feed("x")))
    #expect(tally.summary == "No new items; 1 failed (the feed list shows why).")
    _ = tally.finish(3, .success(1_200))
    #expect(tally.summary == "1,200 new items; 1 failed (the feed list shows why).")
    _ = tally.finish(4, .success(1))
    #expect(tally.summary == "1,201 new items in 2 feeds; 1 failed (the feed list shows why).")
}

@Test func aRefreshTallyCountsEachRunningFeedOnceAndNoneAfterItEnds() {
    var tally = RefreshTally(feedIDs: [1, 2, 3])
    #expect(tally.running == [1, 2, 3] && tally.total == 3 && tally.done == 0)
    let counted = [tally.finish(1, .success(2)), tally.finish(1, .success(2)), tally.finish(9, .success(5))]
    #expect(counted == [true, false, false])
    #expect(tally.running == [2, 3] && tally.done == 1 && tally.newItems == 2)
    tally.end()
    let afterEnd = tally.finish(2, .success(1))
    #expect(!afterEnd && tally.running.isEmpty && tally.done == 1 && tally.total == 3)
}
