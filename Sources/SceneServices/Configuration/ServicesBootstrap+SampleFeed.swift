internal import BaseServices
import Foundation

extension ServicesBootstrap {
    /// Subscribes a new database to the sample feed built into the app, so the first run has
    /// something to read offline. The feed is written next to the database and subscribed
    /// there, as a file feed that refreshes like any other (a file of that name already there
    /// is kept). A failure leaves the feeds empty.
    static func addSampleFeed(besideDatabaseAt databasePath: String, feeds: any FeedsBaseServiceType) {
        guard let parsed = try? SampleFeed.load() else { return }
        let path = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
            .appendingPathComponent(SampleFeed.fileName).path
        if !FileManager.default.fileExists(atPath: path) {
            try? SampleFeed.data().write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        }
        guard FileManager.default.fileExists(atPath: path),
            let feed = try? outcome(feeds.addFeed(url: path, title: parsed.title, siteURL: parsed.siteLink))
        else { return }
        let drafts = parsed.items.map { FeedItemDraft($0, feedURL: path) }
        _ = try? outcome(feeds.storeItems(drafts, feedID: feed.id, fetchedAt: Date()))
    }
}
