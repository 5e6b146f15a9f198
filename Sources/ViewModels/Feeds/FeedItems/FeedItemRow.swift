package import Domain

/// One row of a feed's items.
package struct FeedItemRow: Sendable, Hashable, Identifiable {
    /// The item's identifier.
    package let id: Int64
    /// Its title.
    package let title: String
    /// The day it was published as `YYYY-MM-DD`, or `nil` when unknown.
    package let dateText: String?
    /// Whether it was read.
    package let isRead: Bool
    /// Its position in the whole feed (not the window), from 0 (the newest).
    package let position: Int
}

/// One item opened for reading: its text and link.
package struct FeedItemDetail: Sendable, Hashable {
    /// The item's identifier.
    package let id: Int64
    /// Its title.
    package let title: String
    /// Its text to read: the full content as stored, else the summary. A front end lays it out
    /// as ``textType`` says (the terminal reader numbers the links of HTML and lists them at
    /// the end).
    package let text: String
    /// How ``text`` is written: HTML, or plain text shown as it is written.
    package let textType: FeedContentType
    /// Its web address, if any.
    package let link: String?
    /// The day it was published as `YYYY-MM-DD`, or `nil` when unknown.
    package let dateText: String?
    /// The addresses of the numbered links, the first is `[1]`: the links in ``text`` in the
    /// order they are numbered there, then each enclosure's address that is not among them.
    package let links: [String]
    /// The files the item carries, each opened by its number among ``links``.
    package let enclosures: [FeedEnclosure]

    /// Creates a detail.
    package init(
        id: Int64, title: String, text: String, textType: FeedContentType = .text, link: String?, dateText: String?,
        links: [String] = [], enclosures: [FeedEnclosure] = []
    ) {
        self.id = id
        self.title = title
        self.text = text
        self.textType = textType
        self.link = link
        self.dateText = dateText
        self.links = links
        self.enclosures = enclosures
    }

    /// The enclosures as the reader lists them below the text, each under the number that
    /// opens it, with what it is: `[3]: https://example.com/2.mp3 (audio/mpeg, 23.8 MB)`.
    /// An enclosure whose address is not among ``links`` has no number to show.
    package var enclosureLines: [String] {
        enclosures.map { enclosure in
            let number = links.firstIndex(of: enclosure.url).map { "[\($0 + 1)]: " } ?? ""
            return "\(number)\(enclosure.url) (\(enclosure.description))"
        }
    }
}
