/// One subscription of an OPML list: an `<outline>` with an `xmlUrl`.
public struct OPMLFeed: Sendable, Hashable {
    /// The feed's name: the outline's `title`, else its `text`; `nil` when it has neither, or
    /// when the name only repeats the feed's address.
    public var title: String?
    /// The feed's address as the list gives it (`xmlUrl`), trimmed but not otherwise checked:
    /// deciding which addresses to accept is the caller's business.
    public var feedURL: String
    /// The address of the site the feed belongs to (`htmlUrl`), when given.
    public var siteURL: String?
    /// The titles of the outlines the feed is nested in, outermost first; empty at the top level.
    public var categories: [String]

    /// A subscription with these values.
    public init(title: String?, feedURL: String, siteURL: String? = nil, categories: [String] = []) {
        self.title = title
        self.feedURL = feedURL
        self.siteURL = siteURL
        self.categories = categories
    }
}

/// An outline that looks like a subscription but cannot be one, reported rather than dropped.
public struct OPMLRejectedOutline: Sendable, Hashable {
    /// The outline's `title` or `text`, else the value it gave instead of an address.
    public var title: String?
    /// Why it is not a subscription, as a phrase: `it has type="rss" but no xmlUrl`.
    public var reason: String

    /// A rejected outline with these values.
    public init(title: String?, reason: String) {
        self.title = title
        self.reason = reason
    }
}
