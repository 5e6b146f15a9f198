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

    /// Parses `data`; relative links are resolved against the feed's site link, else against
    /// `sourceURL`.
    ///
    /// - Throws: ``FeedParsingError``: never traps, whatever the bytes.
    public static func parse(_ data: Data, sourceURL: URL? = nil) throws(FeedParsingError) -> ParsedFeed {
        guard let first = firstSignificantByte(data) else { throw .empty }
        switch first {
        case UInt8(ascii: "{"):
            return try JSONFeedParser.parse(data, baseURL: sourceURL)
        case UInt8(ascii: "["):
            throw .notAFeed("a JSON array")
        case UInt8(ascii: "<"):
            if looksLikeHTML(data) { throw .notAFeed("an HTML page") }
            let root = try _XMLTreeBuilder.parse(data)
            switch root.name {
            case "rss", "RDF": return try RSSParser.parse(root, baseURL: sourceURL)
            case "feed": return try AtomParser.parse(root, baseURL: sourceURL)
            case "html": throw .notAFeed("an HTML page")
            default: throw .notAFeed("an XML document with root element <\(String(root.name.prefix(40)))>")
            }
        default:
            throw .notAFeed("neither XML nor JSON")
        }
    }

    private static func firstSignificantByte(_ data: Data) -> UInt8? {
        var bytes = data.prefix(4096)[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
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
