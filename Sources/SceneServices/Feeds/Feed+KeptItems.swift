package import Domain

extension CountText {
    /// "12 items", or "50,000 items (the newest of 286,000 the feed lists)" when the feed listed
    /// more than a feed keeps: the items of a feed just subscribed to.
    package static func kept(_ feed: Feed) -> String {
        let kept = counted(feed.itemCount, "item", "items")
        guard feed.omittedItemCount > 0 else { return kept }
        return kept + " (the newest of \(grouped(feed.itemCount + feed.omittedItemCount)) the feed lists)"
    }
}
