import Domain
import SceneServices

/// What a refresh brought, counted as its feeds finish, and said in one line when it ends.
struct RefreshTally: Sendable, Hashable {
    /// New items in all.
    private(set) var newItems = 0
    /// Feeds that had new items.
    private(set) var feedsWithNewItems = 0
    /// Feeds whose download or reading failed.
    private(set) var failedFeeds = 0
    /// For each feed that listed more items than a feed keeps: "“Title” kept 50,000 items (…)".
    private var cutFeeds: [String] = []

    /// Counts the outcome of the feed titled `title`: what it brought, or that it failed.
    mutating func count(_ result: Result<FeedRefreshCount, SceneError>, title: String) {
        guard case .success(let count) = result else { return failedFeeds += 1 }
        newItems += count.newItemCount
        feedsWithNewItems += count.newItemCount > 0 ? 1 : 0
        guard count.omittedItemCount > 0 else { return }
        let kept = CountText.kept(count.keptItemCount, omitted: count.omittedItemCount)
        cutFeeds.append("“\(FeedURLRule.hidingPasswords(in: title))” kept \(kept)")
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
        if failedFeeds > 0 { text += "; \(failedFeeds) failed (the feed list shows why)" }
        if let cut = cutFeeds.first { text += "; " + cut }
        if cutFeeds.count > 1 {
            text += ", and " + CountText.counted(cutFeeds.count - 1, "more feed", "more feeds") + " likewise"
        }
        return text + "."
    }
}
