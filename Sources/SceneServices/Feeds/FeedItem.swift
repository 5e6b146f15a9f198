package import Domain
package import Foundation

/// One item of a feed as the scenes see it.
package struct FeedItem: Sendable, Hashable, Identifiable {
    /// The item's identifier.
    package let id: Int64
    /// The feed it belongs to.
    package let feedID: Int64
    /// Its title.
    package let title: String
    /// Its web address, if any.
    package let link: String?
    /// Its summary, as plain text on one line.
    package let text: String
    /// When it was published, if known.
    package let publishedAt: Date?
    /// Whether it was read.
    package let isRead: Bool
    /// Its full content as the feed gave it, for a front end to lay out: sanitised HTML or
    /// plain text, as ``contentType`` says. Empty when the feed gave none.
    package let content: String
    /// How ``content`` is written.
    package let contentType: FeedContentType
    /// The addresses of the links in ``content``, in the order the reader numbers them: the
    /// first is `[1]`.
    package let links: [String]
    /// The files it carries (podcast audio, video, pictures), as the feed listed them.
    package let enclosures: [FeedEnclosure]

    /// Creates an item.
    package init(
        id: Int64, feedID: Int64, title: String, link: String? = nil, text: String = "", publishedAt: Date? = nil,
        isRead: Bool = false, content: String = "", contentType: FeedContentType = .text, links: [String] = [],
        enclosures: [FeedEnclosure] = []
    ) {
        self.id = id
        self.feedID = feedID
        self.title = title
        self.link = link
        self.text = text
        self.publishedAt = publishedAt
        self.isRead = isRead
        self.content = content
        self.contentType = contentType
        self.links = links
        self.enclosures = enclosures
    }
}
