public import Domain
public import FeedParsing
import Foundation

extension FeedItemDraft {
    /// The item to store for a parsed one: the parser's stable identifier (so items that share
    /// a GUID stay apart), its date (else its update date), and its content as the feed gave
    /// it: its text when the feed gave text, else its HTML reduced to the safe subset with
    /// links and images resolved against the base the feed declares for it, else the item's
    /// link, else the feed's address, and the links found in it. Nothing is laid out here: the
    /// reader does that when it shows it.
    ///
    /// Every path that stores a downloaded feed (a refresh, `feeds add`, the app's own refresh,
    /// the sample feed) makes its items here, so none of them stores an item differently.
    public init(_ item: ParsedFeedItem, feedURL: String) {
        let content: (text: String, type: FeedContentType, links: [String])
        if let text = item.contentText {
            content = (text, .text, [])
        } else if let html = item.content {
            let base = item.contentBase ?? URL(string: item.link ?? feedURL)
            let sanitized = HTMLSanitizer.sanitize(html, baseURL: base)
            content = (sanitized.html, .html, sanitized.links)
        } else {
            content = ("", .html, [])
        }
        self.init(
            guid: item.id, title: item.title, link: item.link, summary: item.summary,
            publishedAt: item.publishedDate ?? item.updatedDate, content: content.text, contentType: content.type,
            links: content.links, enclosures: item.enclosures.map(FeedEnclosure.init))
    }
}

extension FeedEnclosure {
    /// The enclosure a parser read, to store.
    public init(_ parsed: ParsedEnclosure) {
        self.init(
            url: parsed.url, type: parsed.type, length: parsed.length, medium: parsed.medium,
            kind: Kind(rawValue: parsed.kind.rawValue) ?? .enclosure)
    }
}

extension FeedItemDraft {
    /// The words a search finds the item by: its content as the reader shows it (HTML laid out,
    /// its links listed at the end; text as it is), never its markup.
    var searchText: String {
        contentType == .html ? HTMLRenderer.render(content, baseURL: nil).textWithLinkList : content
    }
}
