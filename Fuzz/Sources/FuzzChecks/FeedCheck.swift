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
            for item in feed.items { checkEnclosures(of: item) }
            try checkItemLimit(input, whole: feed)
            // Attributes written back into markup (Atom xhtml) come out in one order: the same
            // document parses to the same feed every time.
            let again = try FeedDocument.parse(Data(input), sourceURL: URL(string: "https://example.com/feed"))
            guard again == feed else { violation("the same document parsed to two different feeds") }
        } catch {
            guard !error.description.isEmpty else { violation("a parsing error without a message") }
        }
    }

    /// The document read keeping at most two items: no more than two kept, each once, and those
    /// left out counted, so that kept and left out together are at least the items read whole.
    static func checkItemLimit(_ input: [UInt8], whole: ParsedFeed) throws(FeedParsingError) {
        let limited = try FeedDocument.parse(
            Data(input), sourceURL: URL(string: "https://example.com/feed"), maximumItems: 2)
        guard limited.items.count <= 2, limited.omittedItemCount >= 0 else {
            violation("\(limited.items.count) items kept, \(limited.omittedItemCount) left out, with a limit of 2")
        }
        guard limited.items.count + limited.omittedItemCount >= whole.items.count else {
            violation(
                "\(limited.items.count) kept and \(limited.omittedItemCount) left out of \(whole.items.count) items")
        }
        guard Set(limited.items.map(\.id)).count == limited.items.count else {
            violation("two kept items share an id: \(limited.items.map(\.id))")
        }
    }

    /// An item's enclosures: at most the maximum, each address once, without control
    /// characters and leading somewhere to open; a length above zero; a type and medium of one
    /// short line.
    static func checkEnclosures(of item: ParsedFeedItem) {
        guard item.enclosures.count <= 64 else { violation("\(item.enclosures.count) enclosures on one item") }
        guard Set(item.enclosures.map(\.url)).count == item.enclosures.count else {
            violation("an enclosure address listed twice: \(item.enclosures.map(\.url))")
        }
        for enclosure in item.enclosures {
            let url = enclosure.url.lowercased()
            guard !enclosure.url.isEmpty, !hasControl(enclosure.url),
                !["javascript:", "data:", "vbscript:"].contains(where: url.hasPrefix)
            else { violation("an enclosure address that is empty, holds a control or runs code: \(enclosure)") }
            guard (enclosure.length ?? 1) > 0 else { violation("an enclosure of no length: \(enclosure)") }
            for word in [enclosure.type, enclosure.medium].compactMap({ $0 })
            where word.isEmpty || word.count > 200 || hasControl(word) {
                violation("an enclosure's type or medium is blank, long or holds a control: \(enclosure)")
            }
        }
    }

    private static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }
}
