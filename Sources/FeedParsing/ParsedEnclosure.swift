/// A file a feed item carries for its reader to fetch: a podcast episode's audio, a video, an
/// image.
///
/// Read from RSS `<enclosure url type length>`, Atom `<link rel="enclosure" href type length>`,
/// Media RSS (`media:content url type fileSize medium` and `media:thumbnail url`, on the item
/// or inside `media:group`) and JSON Feed `attachments`. The address is absolute when the
/// document's address was known and holds no control characters; an address that leads
/// nowhere to open (`javascript:`, `data:`) is not an enclosure.
///
/// ```swift
/// let feed = try FeedDocument.parse(podcast, sourceURL: URL(string: "https://example.com/feed"))
/// let episode = feed.items[0].enclosures[0]
/// episode.url     // "https://example.com/episodes/2.mp3"
/// episode.type    // "audio/mpeg"
/// episode.length  // 24_986_239
/// ```
public struct ParsedEnclosure: Sendable, Hashable {
    /// Where an enclosure was read from, which says what it is to the item.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The item's file: an RSS `enclosure`, an Atom `rel="enclosure"` link, a JSON Feed
        /// attachment.
        case enclosure
        /// A Media RSS `media:content`.
        case media
        /// A Media RSS `media:thumbnail`: a picture of the item.
        case thumbnail
    }

    /// The file's address.
    public var url: String
    /// The file's media type as the feed gave it (`audio/mpeg`), if it did.
    public var type: String?
    /// The file's size in bytes, if the feed gave one above zero.
    public var length: Int64?
    /// Media RSS's kind of object (`image`, `audio`, `video`, `document`, `executable`), if given.
    public var medium: String?
    /// Where it was read from.
    public var kind: Kind

    /// An enclosure with the given parts.
    public init(url: String, type: String? = nil, length: Int64? = nil, medium: String? = nil, kind: Kind = .enclosure)
    {
        self.url = url
        self.type = type
        self.length = length
        self.medium = medium
        self.kind = kind
    }
}
