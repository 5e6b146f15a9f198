import Domain
import FeedParsing
import Foundation

/// The OPML reader's and writer's promises for one document.
public enum OPMLCheck {
    /// The document either fails with an ``OPMLError`` that says why, or parses into feeds with
    /// an address, no control characters and bounded titles; written back as OPML 2.0 and read
    /// again, those feeds come back the same (in any order: the writer groups categories).
    public static func check(_ input: [UInt8]) {
        let list: OPMLDocument
        do {
            list = try OPMLDocument.parse(Data(input))
        } catch {
            guard !error.description.isEmpty, !error.description.contains("\n") else {
                violation("an OPML error without a one-line message: \(error)")
            }
            return
        }
        for feed in list.feeds {
            guard !feed.feedURL.isEmpty else { violation("a feed without an address: \(feed)") }
            let texts = [feed.title, feed.feedURL, feed.siteURL].compactMap { $0 } + feed.categories
            for text in texts where text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                violation("a control character in \(text.debugDescription)")
            }
            if let title = feed.title, title.count > OPMLDocument.maximumTitleLength {
                violation("a title of \(title.count) characters")
            }
            // The folders become the feed's tag on import, and the tag folders again on export:
            // the tag is a valid one, and the folders it is written as give it back.
            if let tag = FeedTag.ofFolders(feed.categories) {
                guard FeedTag.normalized(tag) == tag, FeedTag.ofFolders(FeedTag.folders(of: tag)) == tag else {
                    violation(
                        "the folders \(feed.categories) give the tag \(tag.debugDescription), which does not round-trip"
                    )
                }
            }
        }
        let written = list.xml()
        let again: OPMLDocument
        do {
            again = try OPMLDocument.parse(Data(written.utf8))
        } catch {
            violation("the writer's output does not read back: \(error)\n\(written)")
        }
        func key(_ feed: OPMLFeed) -> String {
            ([feed.title ?? "", feed.feedURL, feed.siteURL ?? ""] + feed.categories).joined(separator: "\u{0}")
        }
        guard list.feeds.map(key).sorted() == again.feeds.map(key).sorted() else {
            violation("the feeds changed on the way through the writer:\n\(list.feeds)\n\(again.feeds)")
        }
    }
}
