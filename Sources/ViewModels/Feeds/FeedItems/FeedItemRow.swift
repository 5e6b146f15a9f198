public import Domain

/// One row of a feed's items.
public struct FeedItemRow: Sendable, Hashable, Identifiable {
    /// The item's identifier.
    public let id: Int64
    /// Its title.
    public let title: String
    /// The day it was published as `YYYY-MM-DD`, or `nil` when unknown.
    public let dateText: String?
    /// Whether it was read.
    public let isRead: Bool
    /// Its position in the whole feed (not the window), from 0 (the newest).
    public let position: Int

    /// Creates a row.
    public init(id: Int64, title: String, dateText: String?, isRead: Bool, position: Int) {
        self.id = id
        self.title = title
        self.dateText = dateText
        self.isRead = isRead
        self.position = position
    }
}

/// One item opened for reading: its text and link.
public struct FeedItemDetail: Sendable, Hashable {
    /// The item's identifier.
    public let id: Int64
    /// Its title.
    public let title: String
    /// Its text to read: the full content as stored, else the summary. A front end lays it out
    /// as ``textType`` says (the terminal reader numbers the links of HTML and lists them at
    /// the end).
    public let text: String
    /// How ``text`` is written: HTML, or plain text shown as it is written.
    public let textType: FeedContentType
    /// Its web address, if any.
    public let link: String?
    /// The day it was published as `YYYY-MM-DD`, or `nil` when unknown.
    public let dateText: String?
    /// The addresses of the links in ``text``, in the order they are numbered: the first is `[1]`.
    public let links: [String]

    /// Creates a detail.
    public init(
        id: Int64, title: String, text: String, textType: FeedContentType = .text, link: String?, dateText: String?,
        links: [String] = []
    ) {
        self.id = id
        self.title = title
        self.text = text
        self.textType = textType
        self.link = link
        self.dateText = dateText
        self.links = links
    }
}
