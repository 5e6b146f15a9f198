import FeedParsing
import Foundation

/// The feed parsers' promises for one document.
public enum FeedCheck {
    /// The document either parses into a feed that keeps the DTO's promises (a title, items
    /// with a title and a unique id) or fails with a ``FeedParsingError`` that says why.
    public static func check(_ input: [UInt8]) {
        do {
            let feed = try FeedDocument.parse(Data(input), sourceURL: URL(string: "https://example.com/feed"))
            guard !feed.title.isEmpty else { violation("a feed without a title from \(input.count) bytes") }
            guard Set(feed.items.map(\.id)).count == feed.items.count else {
                violation("two items share an id: \(feed.items.map(\.id))")
            }
            for item in feed.items where item.id.isEmpty || item.title.isEmpty {
                violation("an item without an id or a title: \(item)")
            }
        } catch {
            guard !error.description.isEmpty else { violation("a parsing error without a message") }
        }
    }
}
