public import Foundation

/// The syndication format a feed document is written in.
public enum FeedFormat: String, Sendable, Equatable, CaseIterable {
    /// JSON Feed 1.0 or 1.1.
    case jsonFeed = "json-feed"
    /// RSS 2.0 (and its RSS 0.9x and RDF-based 1.0 relatives).
    case rss
    /// Atom 1.0 (and Atom 0.3).
    case atom
}

/// A feed document reduced to what Rivulet stores: the DTO-shaped result of parsing.
///
/// Text is plain (HTML reduced by ``HTMLText``, control characters kept as data for the screen
/// that shows it to sanitise), links are absolute when the document's address was known and
/// hold no control characters, dates are Unix milliseconds (see ``FeedDate``).
public struct ParsedFeed: Sendable, Equatable {
    /// The format the document was written in.
    public var format: FeedFormat
    /// The feed's title; never empty (falls back to the site's host, then `Untitled feed`).
    public var title: String
    /// The address of the web site the feed belongs to, if given.
    public var siteLink: String?
    /// The feed's own description, as plain text, if given.
    public var summary: String?
    /// The items in document order, each with an id of its own (see ``ParsedFeedItem/id``).
    public var items: [ParsedFeedItem]
    /// How many items the document listed beyond the most the parser was asked to keep: the
    /// oldest, left out of ``items``. Zero for a document read whole.
    public var omittedItemCount = 0

    /// A parsed feed with the given parts.
    public init(format: FeedFormat, title: String, siteLink: String?, summary: String?, items: [ParsedFeedItem]) {
        self.format = format
        self.title = title
        self.siteLink = siteLink
        self.summary = summary
        self.items = items
    }
}

extension ParsedFeed {
    /// The feed with only its newest `count` items (dated ones newest first, then undated ones
    /// earlier in the document first), kept in document order, and the rest counted in
    /// ``omittedItemCount``.
    func keepingNewest(_ count: Int) -> ParsedFeed {
        guard items.count > count else { return self }
        let newestFirst = items.indices.sorted {
            Self.isNewer(items[$0].sortDate, at: $0, than: items[$1].sortDate, at: $1)
        }
        var kept = self
        kept.items = newestFirst.prefix(max(0, count)).sorted().map { items[$0] }
        kept.omittedItemCount += items.count - kept.items.count
        return kept
    }

    /// The order items are kept in when there are too many: dated ones newest first, then
    /// undated ones; among equals the one at the earlier `position` in the document first.
    static func isNewer(_ date: Int64?, at position: Int, than otherDate: Int64?, at otherPosition: Int) -> Bool {
        switch (date, otherDate) {
        case (let date?, let otherDate?) where date != otherDate: date > otherDate
        case (.some, nil): true
        case (nil, .some): false
        default: position < otherPosition
        }
    }
}

/// One entry of a parsed feed.
public struct ParsedFeedItem: Sendable, Equatable {
    /// The identity used to match this item across refreshes: the document's own id (`guid`,
    /// Atom `id`, JSON Feed `id`), else the link, else a stable hash of title, date and summary
    /// prefixed with `urn:rivulet:`. Unique within a ``ParsedFeed``: an item that repeats an
    /// earlier item's id gets that id followed by `#` and a hash of its title, link and summary.
    public var id: String
    /// The id the document gave, if any.
    public var guid: String?
    /// The item's web address, if any.
    public var link: String?
    /// The title as plain text; never empty (falls back to the start of the summary, then
    /// `Untitled`).
    public var title: String
    /// The summary or content as plain text; may be empty.
    public var summary: String
    /// The author's name, if given.
    public var author: String?
    /// When the item was published, in Unix milliseconds, if a valid date was given.
    public var publishedAt: Int64?
    /// When the item was last updated, in Unix milliseconds, if a valid date was given.
    public var updatedAt: Int64?
    /// The item's full content as HTML, as the document gives it (RSS `content:encoded`, else
    /// `description`; Atom `content`, else `summary`; JSON Feed `content_html`, else
    /// `content_text` escaped), for ``HTMLSanitizer`` and ``HTMLRenderer``; `nil` when there
    /// is none.
    public var content: String?
    /// The item's full content as plain text, when the document gave text rather than HTML
    /// (JSON Feed's `content_text` without `content_html`); ``content`` then holds it escaped.
    public var contentText: String?
    /// The address the document says the relative links of ``content`` are relative to (an
    /// `xml:base` in scope, in Atom), if it says one; otherwise they are relative to the item's
    /// link, else the feed's address.
    public var contentBase: URL?
    /// The files the item carries (podcast audio, video, pictures), in document order, each
    /// address once (see ``ParsedEnclosure``).
    public var enclosures: [ParsedEnclosure]

    /// An item with the given parts.
    public init(
        id: String,
        guid: String? = nil,
        link: String? = nil,
        title: String,
        summary: String = "",
        author: String? = nil,
        publishedAt: Int64? = nil,
        updatedAt: Int64? = nil,
        content: String? = nil,
        contentText: String? = nil,
        contentBase: URL? = nil,
        enclosures: [ParsedEnclosure] = []
    ) {
        self.id = id
        self.guid = guid
        self.link = link
        self.title = title
        self.summary = summary
        self.author = author
        self.publishedAt = publishedAt
        self.updatedAt = updatedAt
        self.content = content
        self.contentText = contentText
        self.contentBase = contentBase
        self.enclosures = enclosures
    }

    /// The date to sort by: publication, else last update.
    public var sortDate: Int64? { publishedAt ?? updatedAt }

    /// ``publishedAt`` as a `Date`.
    public var publishedDate: Date? { publishedAt.map { Date(timeIntervalSince1970: Double($0) / 1000) } }

    /// ``updatedAt`` as a `Date`.
    public var updatedDate: Date? { updatedAt.map { Date(timeIntervalSince1970: Double($0) / 1000) } }
}
