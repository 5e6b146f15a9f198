/// What importing a subscription list did, as the feeds scene shows it.
package struct FeedImportSummary: Sendable, Hashable {
    /// The feeds subscribed to, in the list's order; none is fetched yet.
    package let addedFeedIDs: [Int64]
    /// How many entries were already subscribed or listed twice.
    package let skippedCount: Int
    /// One line per entry that could not be subscribed to: its name and why.
    package let failures: [String]

    /// A summary with these values.
    package init(addedFeedIDs: [Int64], skippedCount: Int, failures: [String]) {
        self.addedFeedIDs = addedFeedIDs
        self.skippedCount = skippedCount
        self.failures = failures
    }

    /// `Imported 3 feeds: 1 skipped, 0 failed.`
    package var text: String {
        let added = addedFeedIDs.count
        return "Imported \(added) feed\(added == 1 ? "" : "s"): \(skippedCount) skipped, \(failures.count) failed."
    }
}
