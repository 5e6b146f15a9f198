/// A file a feed item carries: a podcast episode's audio, a video, a picture of the item.
///
/// Every layer of the app uses this one type: storage keeps it as the feed gave it, the
/// reader lists it with its type and size, the command line prints it in `--json`.
///
/// ```swift
/// let episode = FeedEnclosure(url: "https://example.com/2.mp3", type: "audio/mpeg", length: 24_986_239)
/// episode.description  // "audio/mpeg, 23.8 MB"
/// ```
public struct FeedEnclosure: Sendable, Hashable {
    /// What the enclosure is to its item, from where the feed put it.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The item's file (RSS `enclosure`, Atom `rel="enclosure"`, a JSON Feed attachment).
        case enclosure
        /// A Media RSS `media:content`.
        case media
        /// A Media RSS `media:thumbnail`: a picture of the item.
        case thumbnail
    }

    /// The file's address.
    public let url: String
    /// Its media type as the feed gave it (`audio/mpeg`), if it did.
    public let type: String?
    /// Its size in bytes, if the feed gave one.
    public let length: Int64?
    /// Media RSS's kind of object (`audio`, `video`, `image`, …), if given.
    public let medium: String?
    /// What it is to its item.
    public let kind: Kind

    /// Creates an enclosure.
    public init(url: String, type: String? = nil, length: Int64? = nil, medium: String? = nil, kind: Kind = .enclosure)
    {
        self.url = url
        self.type = type
        self.length = length
        self.medium = medium
        self.kind = kind
    }

    /// What a person reads about it beside its address: its type (else its medium, else its
    /// kind) and its size, as `audio/mpeg, 23.8 MB`, `image, thumbnail` or `file`.
    public var description: String {
        var parts = [type ?? medium ?? (kind == .enclosure ? "file" : kind == .media ? "media" : "image")]
        if kind == .thumbnail { parts.append("thumbnail") }
        if let length { parts.append(Self.sizeText(length)) }
        return parts.joined(separator: ", ")
    }

    /// A size in bytes as a person reads it: `512 bytes`, `1.5 KB`, `23.8 MB`, `1.2 GB`
    /// (units of 1,024).
    public static func sizeText(_ bytes: Int64) -> String {
        if bytes < 1024 { return bytes == 1 ? "1 byte" : "\(max(bytes, 0)) bytes" }
        var value = Double(bytes) / 1024
        var units = ["KB", "MB", "GB"][...]
        var unit = "KB"
        while let next = units.popFirst() {
            unit = next
            if (value * 10).rounded() < 10240 || units.isEmpty { break }
            value /= 1024
        }
        let tenths = (value * 10).rounded() / 10
        let number = tenths == tenths.rounded() ? String(Int64(tenths)) : String(tenths)
        return "\(number) \(unit)"
    }
}
