import SceneServices

/// What a refresh brought, counted as its feeds finish, and said in one line when it ends.
struct RefreshTally: Sendable, Hashable {
    /// New items in all.
    private(set) var newItems = 0
    /// Feeds that had new items.
    private(set) var feedsWithNewItems = 0
    /// Feeds whose download or reading failed.
    private(set) var failedFeeds = 0

    /// Counts one feed's outcome: how many items were new, or that it failed.
    mutating func count(_ result: Result<Int, SceneError>) {
        switch result {
        case .success(let new) where new > 0:
            newItems += new
            feedsWithNewItems += 1
        case .success: break
        case .failure: failedFeeds += 1
        }
    }

    /// "12 new items in 3 feeds; 1 failed.", "No new items.", "1 new item; 2 failed."
    var summary: String {
        var text =
            switch (newItems, feedsWithNewItems) {
            case (0, _): "No new items"
            case (_, 1): CountText.counted(newItems, "new item", "new items")
            default:
                CountText.counted(newItems, "new item", "new items") + " in "
                    + CountText.counted(feedsWithNewItems, "feed", "feeds")
            }
        if failedFeeds > 0 {
            text += "; \(failedFeeds) failed (the feed list shows why)"
        }
        return text + "."
    }
}
