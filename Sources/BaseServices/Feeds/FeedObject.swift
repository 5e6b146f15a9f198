public import Domain
public import Foundation

/// A subscribed feed, with counts of its stored items.
public struct FeedObject: Sendable, Hashable, Identifiable {
    /// The feed's identifier.
    public let id: Int64
    /// The feed's address (unique).
    public let url: String
    /// The feed's title.
    public let title: String
    /// The web site the feed belongs to, if known.
    public let siteURL: String?
    /// When the feed was added.
    public let addedAt: Date
    /// When the feed's items were last stored, if ever.
    public let lastFetchedAt: Date?
    /// How many items are stored for the feed.
    public let itemCount: Int
    /// How many stored items are unread.
    public let unreadCount: Int
    /// Why the feed's last refresh failed; `nil` when it succeeded or never ran.
    public let lastError: String?
    /// The feed's tags, in the order they were given (see ``FeedTag``).
    public let tags: [String]

    /// Creates a feed value.
    public init(
        id: Int64, url: String, title: String, siteURL: String?, addedAt: Date, lastFetchedAt: Date?, itemCount: Int,
        unreadCount: Int, lastError: String? = nil, tags: [String] = []
    ) {
        self.id = id
        self.url = url
        self.title = title
        self.siteURL = siteURL
        self.addedAt = addedAt
        self.lastFetchedAt = lastFetchedAt
        self.itemCount = itemCount
        self.unreadCount = unreadCount
        self.lastError = lastError
        self.tags = tags
    }
}

/// One stored item of a feed.
public struct FeedItemObject: Sendable, Hashable, Identifiable {
    /// The item's identifier.
    public let id: Int64
    /// The feed it belongs to.
    public let feedID: Int64
    /// The feed's own identifier for the item, unique within the feed.
    public let guid: String
    /// The item's title.
    public let title: String
    /// The item's web address, if any.
    public let link: String?
    /// A short text of the item.
    public let summary: String
    /// When the feed says the item was published, if it says.
    public let publishedAt: Date?
    /// When the item was stored.
    public let fetchedAt: Date
    /// Whether the item has been read.
    public let isRead: Bool
    /// The item's full content as stored (see ``FeedItemDraft/content``); empty when the feed
    /// gave none or the item was stored before contents were kept.
    public let content: String
    /// How ``content`` is written: sanitised HTML, or plain text (also the text an item stored
    /// before schema 13 kept, laid out for a terminal then).
    public let contentType: FeedContentType
    /// The addresses of the links in ``content``, in the order the reader numbers them: the
    /// first is `[1]`.
    public let links: [String]
    /// The files the item carries, as the feed listed them; empty for an item stored before
    /// enclosures were kept, until its feed is refreshed.
    public let enclosures: [FeedEnclosure]

    /// Creates an item value.
    public init(
        id: Int64, feedID: Int64, guid: String, title: String, link: String?, summary: String, publishedAt: Date?,
        fetchedAt: Date, isRead: Bool, content: String = "", contentType: FeedContentType = .text,
        links: [String] = [], enclosures: [FeedEnclosure] = []
    ) {
        self.id = id
        self.feedID = feedID
        self.guid = guid
        self.title = title
        self.link = link
        self.summary = summary
        self.publishedAt = publishedAt
        self.fetchedAt = fetchedAt
        self.isRead = isRead
        self.content = content
        self.contentType = contentType
        self.links = links
        self.enclosures = enclosures
    }
}

/// An item to store, as a feed parser produces it.
public struct FeedItemDraft: Sendable, Hashable {
    /// The feed's identifier for the item (its GUID, `id`, or link).
    public var guid: String
    /// The item's title.
    public var title: String
    /// The item's web address, if any.
    public var link: String?
    /// A short text of the item.
    public var summary: String
    /// When the feed says the item was published, if it says.
    public var publishedAt: Date?
    /// The item's full content as the feed gave it, never laid out: HTML reduced to a safe
    /// subset (as `HTMLSanitizer` makes it), or plain text. Empty when none.
    public var content: String
    /// How ``content`` is written.
    public var contentType: FeedContentType
    /// The addresses of the links in ``content``, in the order the reader numbers them: the
    /// first is `[1]`.
    public var links: [String]
    /// The files the item carries (podcast audio, video, pictures).
    public var enclosures: [FeedEnclosure]

    /// Creates an item to store.
    public init(
        guid: String, title: String, link: String? = nil, summary: String = "", publishedAt: Date? = nil,
        content: String = "", contentType: FeedContentType = .text, links: [String] = [],
        enclosures: [FeedEnclosure] = []
    ) {
        self.guid = guid
        self.title = title
        self.link = link
        self.summary = summary
        self.publishedAt = publishedAt
        self.content = content
        self.contentType = contentType
        self.links = links
        self.enclosures = enclosures
    }
}
