import Domain

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
        "Imported \(CountText.counted(addedFeedIDs.count, "feed", "feeds")): \(skippedCount) skipped, \(failures.count) failed."
    }

    /// What the feeds scene says of the import: ``text``, then the first failure, if any, and
    /// how many more there were.
    package var report: String {
        guard let first = failures.first else { return text }
        let more = failures.count > 1 ? " (and \(failures.count - 1) more)" : ""
        return "\(text) Not imported: \(first)\(more)"
    }
}
