public import Foundation

/// Reads a feed document of any supported format into a ``ParsedFeed``.
///
/// The format is recognized from the content, not from a file name or a content type: JSON
/// Feed from a JSON object with a JSON Feed `version`, RSS from an `<rss>` or `<rdf:RDF>`
/// root, Atom from a `<feed>` root.
///
/// ```swift
/// let feed = try FeedDocument.parse(data, sourceURL: URL(string: "https://example.com/feed.xml"))
/// for item in feed.items { print(item.title) }
/// ```
public enum FeedDocument {
    /// The format `data` appears to be in, from its first characters, or `nil` when it looks
    /// like neither JSON nor XML.
    public static func sniffFormat(_ data: Data) -> FeedFormat? {
        switch firstSignificantByte(data) {
        case UInt8(ascii: "{"): .jsonFeed
        case UInt8(ascii: "<"): rootElementName(data) == "feed" ? .atom : .rss
        default: nil
        }
    }

    /// The largest document read, in bytes; a larger one is refused before it is parsed.
    public static let maximumDocumentSize = 64 * 1024 * 1024

    /// The most items ``parse(_:sourceURL:contentType:maximumItems:)`` keeps by default.
    public static let defaultMaximumItems = 50_000

    /// Parses `data`, recovering what it can from malformed XML.
    ///
    /// - Parameters:
    ///   - sourceURL: the address the document was read from. When it is an `http` or
    ///     `https` address, relative links are resolved against it (and against any
    ///     `xml:base` inside the document); otherwise against the address the feed gives
    ///     itself (`atom:link rel="self"`, JSON Feed's `feed_url`), else the site's link.
    ///   - contentType: the `Content-Type` the document was served with; its `charset` is
    ///     used when the document has neither a byte order mark nor an encoding declaration.
    ///   - maximumItems: the most items kept. A document that lists more keeps its newest (by
    ///     publication date, else update date; dated before undated; earlier in the document
    ///     first among equals), in document order, and says how many it left out in
    ///     ``ParsedFeed/omittedItemCount``. XML is read in memory bounded by this number: the
    ///     oldest items are dropped while the document is read.
    /// - Throws: ``FeedParsingError``: never traps, whatever the bytes.
    public static func parse(
        _ data: Data,
        sourceURL: URL? = nil,
        contentType: String? = nil,
        maximumItems: Int = defaultMaximumItems
    ) throws(FeedParsingError) -> ParsedFeed {
        guard data.count <= maximumDocumentSize else {
            throw .tooLarge("a document larger than \(maximumDocumentSize / 1024 / 1024) MB")
        }
        guard let first = firstSignificantByte(data) else { throw .empty }
        switch first {
        case UInt8(ascii: "{"):
            return try JSONFeedParser.parse(data, baseURL: sourceURL).keepingNewest(maximumItems)
        case UInt8(ascii: "["):
            throw .notAFeed("a JSON array")
        case _ where first == UInt8(ascii: "<") || isWideOrMarked(data):
            let isHTML = looksLikeHTML(data)
            if isHTML, !mentionsFeedElement(data) { throw .notAFeed("an HTML page") }
            var window = _ItemWindow(maximumItems: maximumItems)
            var root = try _XMLTreeBuilder.parse(data, charset: contentType.flatMap(charset(in:)), window: &window)
            if root.name.lowercased() == "html" {
                // A feed served inside an XHTML page: read the feed, ignore the page.
                guard let embedded = root.firstDescendant(named: ["feed", "rss", "RDF"]) else {
                    throw .notAFeed("an HTML page")
                }
                root = embedded
            }
            var feed: ParsedFeed
            switch root.name {
            case "rss", "RDF", "channel": feed = try RSSParser.parse(root, baseURL: sourceURL)
            case "feed": feed = try AtomParser.parse(root, baseURL: sourceURL)
            case "html": throw .notAFeed("an HTML page")
            default:
                let name = _FeedAssembler.identifier(String(root.name.prefix(40)))
                throw .notAFeed("an XML document with root element <\(name)>")
            }
            feed.omittedItemCount = window.omittedItemCount
            return feed.keepingNewest(maximumItems)
        default:
            throw .notAFeed("neither XML nor JSON")
        }
    }

    /// True for UTF-16 or UTF-32 text and for text behind a UTF-16 or UTF-32 byte order mark.
    private static func isWideOrMarked(_ data: Data) -> Bool {
        let head = [UInt8](data.prefix(4))
        guard head.count >= 2 else { return false }
        return head.starts(with: [0xFE, 0xFF]) || head.starts(with: [0xFF, 0xFE]) || head.contains(0x00)
    }

    /// The `charset` parameter of a `Content-Type` header value.
    private static func charset(in contentType: String) -> String? {
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else {
                continue
            }
            let value = parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"'"))
            return value.isEmpty ? nil : value
        }
        return nil
    }

    private static func firstSignificantByte(_ data: Data) -> UInt8? {
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    private static func mentionsFeedElement(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(65_536), as: UTF8.self).lowercased()
        return head.contains("<feed") || head.contains("<rss") || head.contains("<rdf:rdf")
    }

    private static func looksLikeHTML(_ data: Data) -> Bool {
        let head = String(decoding: data.prefix(1024), as: UTF8.self).lowercased()
        return head.contains("<!doctype html") || rootElementName(data) == "html"
    }

    /// The name of the first element (skipping the XML declaration, comments, doctype and
    /// processing instructions), without a namespace prefix.
    private static func rootElementName(_ data: Data) -> String? {
        let bytes = [UInt8](data.prefix(8192))
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "<") else {
                index += 1
                continue
            }
            let next = index + 1
            guard next < bytes.count else { return nil }
            if bytes[next] == UInt8(ascii: "?") || bytes[next] == UInt8(ascii: "!") {
                index = next
                continue
            }
            var end = next
            while end < bytes.count,
                ![0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(bytes[end])
            {
                end += 1
            }
            let qualified = String(decoding: bytes[next..<end], as: UTF8.self)
            return qualified.split(separator: ":").last.map { String($0).lowercased() }
        }
        return nil
    }
}
