public import Foundation

/// An OPML subscription list: the feeds a reader exports and another imports.
///
/// Reading is a pure function of the bytes and as forgiving as the lists real readers write:
/// OPML 1.0 and 2.0 alike (a missing or unknown `version` is not checked), `type="rss"` or no
/// type at all, attribute and element names in any case (`xmlUrl`, `xmlurl`, `XMLURL`), HTML
/// entities, any encoding the feed parser reads, a byte order mark and blank lines before the
/// XML declaration, even markup that is not well-formed. A list that ends before its `</opml>`
/// is refused, though: a file cut off would otherwise subscribe to part of the list as if it
/// were all of it.
///
/// Nested outlines are **flattened**: every outline with an `xmlUrl`, however deep, becomes one
/// ``OPMLFeed`` in document order, and the titles of the outlines around it are kept in
/// ``OPMLFeed/categories``. A flat list is what a reader without folders can subscribe to, and
/// the categories keep the grouping for one that has them; ``xml(dateCreated:)`` writes them back
/// as nested outlines, so nothing is lost on the way through.
///
/// ```swift
/// let list = try OPMLDocument.parse(data)
/// for feed in list.feeds { print(feed.title ?? feed.feedURL, feed.feedURL) }
/// let exported = OPMLDocument(title: "My feeds", feeds: list.feeds).xml()
/// ```
///
/// Hostile input is bounded: a document over ``maximumDocumentSize`` bytes is refused before it
/// is read, nesting deeper than 256 elements or more than 400,000 elements is refused, and
/// entities declared in a document type are never expanded (so a "billion laughs" document stays
/// as small as it was written).
public struct OPMLDocument: Sendable, Hashable {
    /// The largest document read, in bytes; a larger one is refused with ``OPMLError/tooLarge(bytes:)``.
    public static let maximumDocumentSize = 16 * 1024 * 1024
    /// Titles longer than this many characters are cut, with `…` at the end.
    public static let maximumTitleLength = 1_000

    /// The list's own title (`<head><title>`), when it has one.
    public var title: String?
    /// Every subscription, in document order, nested ones included.
    public var feeds: [OPMLFeed]
    /// Outlines that claim to be feeds but have no address, in document order.
    public var rejectedOutlines: [OPMLRejectedOutline]

    /// A list with these feeds, for writing.
    public init(title: String? = nil, feeds: [OPMLFeed], rejectedOutlines: [OPMLRejectedOutline] = []) {
        self.title = title
        self.feeds = feeds
        self.rejectedOutlines = rejectedOutlines
    }

    /// Reads an OPML document.
    ///
    /// - Throws: ``OPMLError``: ``OPMLError/empty`` for an empty document,
    ///   ``OPMLError/notOPML(_:)`` for anything whose root element is not `<opml>` (a feed, an
    ///   HTML page, JSON, text), ``OPMLError/tooLarge(bytes:)`` and ``OPMLError/malformed(_:)``
    ///   for documents past the limits or cut off before `</opml>`. Never traps, whatever the
    ///   bytes.
    public static func parse(_ data: Data) throws(OPMLError) -> OPMLDocument {
        guard data.count <= maximumDocumentSize else { throw .tooLarge(bytes: data.count) }
        guard hasContent(data) else { throw .empty }
        let parsed: (root: _XMLElement?, endsEarly: Bool)
        do throws(FeedParsingError) {
            parsed = try _TolerantXMLParser.parseTellingEnd(_XMLPreflight.prepare(data).data)
        } catch {
            throw translated(error)
        }
        guard let root = parsed.root else { throw .notOPML("it holds no XML element") }
        guard root.name.lowercased() == "opml" else { throw .notOPML(describe(root)) }
        guard !parsed.endsEarly else { throw .malformed("it ends before </opml>, so the file may be cut off") }
        var document = OPMLDocument(feeds: [])
        let head = root.children.first { $0.name.lowercased() == "head" }
        document.title = head?.children.first { $0.name.lowercased() == "title" }.flatMap { cleaned($0.allText) }
        let body = root.children.first { $0.name.lowercased() == "body" } ?? root
        collect(body, categories: [], into: &document)
        return document
    }

    /// Adds the feeds and rejected outlines among `element`'s outlines, and those nested in them.
    private static func collect(_ element: _XMLElement, categories: [String], into document: inout OPMLDocument) {
        for outline in element.children where outline.name.lowercased() == "outline" {
            var attributes: [String: String] = [:]
            for (name, value) in outline.attributes { attributes[name.lowercased()] = value }
            let title = cleaned(attributes["title"]) ?? cleaned(attributes["text"])
            let type = attributes["type"]?.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            let claimsFeed = type == "rss" || type == "atom" || type == "feed"
            let address = trimmed(attributes["xmlurl"]) ?? (claimsFeed ? trimmed(attributes["url"]) : nil)
            let nested = outline.children.contains { $0.name.lowercased() == "outline" }
            if let address {
                // A title that only repeats the address (as lists write for untitled feeds, this
                // writer included) is no title: the feed's own title is better.
                let title = title == cleaned(address) ? nil : title
                document.feeds.append(
                    OPMLFeed(
                        title: title, feedURL: address, siteURL: trimmed(attributes["htmlurl"]),
                        categories: categories))
            } else if attributes["xmlurl"] != nil {
                document.rejectedOutlines.append(OPMLRejectedOutline(title: title, reason: "its xmlUrl is empty"))
            } else if claimsFeed, !nested {
                document.rejectedOutlines.append(
                    OPMLRejectedOutline(title: title, reason: "it has type=\"\(type ?? "")\" but no xmlUrl"))
            }
            if nested {
                collect(outline, categories: categories + (title.map { [$0] } ?? []), into: &document)
            }
        }
    }

    /// Whether `data` holds anything but a byte order mark and whitespace.
    private static func hasContent(_ data: Data) -> Bool {
        var bytes = data[...]
        for mark: [UInt8] in [[0xEF, 0xBB, 0xBF], [0xFE, 0xFF], [0xFF, 0xFE]] where bytes.starts(with: mark) {
            bytes = bytes.dropFirst(mark.count)
            break
        }
        return bytes.contains { ![0x00, 0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    private static func translated(_ error: FeedParsingError) -> OPMLError {
        switch error {
        case .empty: .empty
        case .tooLarge(let what): .malformed(what)
        case .notAFeed(let what): .notOPML(what)
        case .malformed(_, let detail): .malformed(detail)
        }
    }

    /// What a document with another root element is, in words.
    private static func describe(_ root: _XMLElement) -> String {
        switch root.name.lowercased() {
        case "rss", "rdf", "feed", "channel":
            return "it is a feed, not a list of feeds"
        case "html":
            return "it is an HTML page"
        default:
            let name = _FeedAssembler.identifier(String(root.name.prefix(40)))
            return "its root element is <\(name)>, not <opml>"
        }
    }

    /// Whether XML cannot hold `scalar` or a terminal must not receive it: control characters
    /// and the noncharacters U+FFFE and U+FFFF.
    private static func isUnwritable(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.value == 0xFFFE || scalar.value == 0xFFFF
    }

    /// `text` trimmed and without control characters, or `nil` when blank.
    private static func trimmed(_ text: String?) -> String? {
        guard var text else { return nil }
        if text.unicodeScalars.contains(where: isUnwritable) { text.unicodeScalars.removeAll(where: isUnwritable) }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// `text` on one line (runs of whitespace become one space, control characters are dropped),
    /// trimmed and cut to
    /// ``maximumTitleLength``; `nil` when blank.
    private static func cleaned(_ text: String?) -> String? {
        guard let text else { return nil }
        // Whitespace controls (tab, line breaks) separate words; the other controls are dropped.
        var visible = text
        visible.unicodeScalars.removeAll { isUnwritable($0) && !$0.properties.isWhitespace }
        let words = visible.split { $0.isWhitespace || $0.isNewline }
        guard !words.isEmpty else { return nil }
        let line = words.joined(separator: " ")
        guard line.count > maximumTitleLength else { return line }
        return String(line.prefix(maximumTitleLength - 1)) + "…"
    }
}
