public import FeedParsing
import Foundation

extension FeedItemDraft {
    /// The item to store for a parsed one: the parser's stable identifier (so items that share
    /// a GUID stay apart), its date (else its update date), and its content laid out for the
    /// reader with links resolved against the item's link, else the feed's address.
    ///
    /// Every path that stores a downloaded feed (a refresh, `feeds add`, the app's own refresh,
    /// the sample feed) makes its items here, so none of them stores an item differently.
    public init(_ item: ParsedFeedItem, feedURL: String) {
        let rendered = item.content.map { content in
            HTMLRenderer.render(content, baseURL: URL(string: item.link ?? feedURL))
        }
        self.init(
            guid: item.id, title: item.title, link: item.link, summary: item.summary,
            publishedAt: item.publishedDate ?? item.updatedDate, content: rendered?.textWithLinkList ?? "",
            links: rendered?.links ?? [])
    }
}
