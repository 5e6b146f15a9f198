/// What importing a subscription list did: the feeds added, and every entry it did not add,
/// with the reason.
public struct FeedImportReport: Sendable, Hashable {
    /// One entry of the list that was not added.
    public struct Entry: Sendable, Hashable {
        /// The entry's title, when the list gives one.
        public let title: String?
        /// The address as the list gives it; `nil` when it gives none.
        public let address: String?
        /// Why it was not added, as a phrase: `already subscribed`.
        public let reason: String

        /// An entry with these values.
        public init(title: String?, address: String?, reason: String) {
            self.title = title
            self.address = address
            self.reason = reason
        }
    }

    /// The feeds subscribed to, in the list's order; none is fetched yet.
    public let added: [FeedObject]
    /// Entries left out on purpose: already subscribed, or listed twice.
    public let skipped: [Entry]
    /// Entries that cannot be subscribed to: no address, or an address that is not one.
    public let failed: [Entry]

    /// A report with these values.
    public init(added: [FeedObject], skipped: [Entry], failed: [Entry]) {
        self.added = added
        self.skipped = skipped
        self.failed = failed
    }
}
