package import Domain

extension CountText {
    /// "12 items", or "50,000 items (the newest of 286,000 the feed lists)" when the feed listed
    /// `omitted` more than a feed keeps: the items of a feed just subscribed to or refreshed.
    package static func kept(_ count: Int, omitted: Int = 0) -> String {
        counted(count, "item", "items")
            + (omitted > 0 ? " (the newest of \(grouped(count + omitted)) the feed lists)" : "")
    }
}
