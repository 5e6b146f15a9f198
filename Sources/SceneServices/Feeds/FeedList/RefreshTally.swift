import Domain

/// What a refresh brought, counted as its feeds finish, and said in one line when it ends.
package struct RefreshTally: Sendable, Hashable {
    /// The feeds not finished yet; none once the refresh has ended.
    package private(set) var running: Set<Int64> = []
    /// Feeds in this refresh.
    package private(set) var total = 0
    /// Feeds finished so far.
    package private(set) var done = 0
    /// New items in all.
    package private(set) var newItems = 0
    /// Feeds that had new items.
    package private(set) var feedsWithNewItems = 0
    /// Feeds whose download or reading failed.
    package private(set) var failedFeeds = 0
    /// For each feed that listed more items than a feed keeps: "“Title” kept 50,000 items (…)",
    /// or that had its oldest removed to keep them: "“Title” had its oldest 300 items removed to
    /// keep 50,000".
    private var cutFeeds: [String] = []

    /// The tally of a refresh of the feeds `feedIDs` just started (by default, of none).
    package init(feedIDs: [Int64] = []) {
        running = Set(feedIDs)
        total = feedIDs.count
    }

    /// Counts the outcome of the feed `feedID` (titled `title`): what it brought, or that it
    /// failed; `false`, counting nothing, when that feed is not one still running.
    package mutating func finish(
        _ feedID: Int64, _ result: Result<FeedRefreshCount, SceneError>, title: String = ""
    ) -> Bool {
        guard running.remove(feedID) != nil else { return false }
        done += 1
        guard case .success(let count) = result else {
            failedFeeds += 1
            return true
        }
        newItems += count.newItemCount
        feedsWithNewItems += count.newItemCount > 0 ? 1 : 0
        let name = "“\(FeedURLRule.hidingPasswords(in: title))”"
        if count.omittedItemCount > 0 {
            cutFeeds.append("\(name) kept \(CountText.kept(count.keptItemCount, omitted: count.omittedItemCount))")
        } else if let removal = count.removal {
            cutFeeds.append("\(name) had \(removal)")
        }
        return true
    }

    /// The refresh ended, however: no feed is running any more.
    package mutating func end() {
        running = []
    }

    /// "12 new items in 3 feeds; 1 failed.", "No new items.", "1 new item; 2 failed.", and the
    /// feeds read up to the newest items a feed keeps.
    package var summary: String {
        var text =
            switch (newItems, feedsWithNewItems) {
            case (0, _): "No new items"
            case (_, 1): CountText.counted(newItems, "new item", "new items")
            default:
                CountText.counted(newItems, "new item", "new items") + " in "
                    + CountText.counted(feedsWithNewItems, "feed", "feeds")
            }
        if failedFeeds > 0 { text += "; \(failedFeeds) failed (the feed list shows why)" }
        if let cut = cutFeeds.first { text += "; " + cut }
        if cutFeeds.count > 1 {
            text += ", and " + CountText.counted(cutFeeds.count - 1, "more feed", "more feeds") + " likewise"
        }
        return text + "."
    }
}
