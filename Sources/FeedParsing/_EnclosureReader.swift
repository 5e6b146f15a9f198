import Foundation

/// Reads the enclosures of an RSS item or an Atom entry, as written: RSS `enclosure`, Atom
/// `link rel="enclosure"`, Media RSS `content` and `thumbnail` (on the item, inside
/// `media:group`, and a thumbnail inside `media:content`). Addresses are resolved against the
/// `xml:base` in scope; ``_FeedAssembler`` cleans, merges and bounds the list.
enum _EnclosureReader {
    private static let mediaNamespace = RSSParser.mediaNamespace

    /// The enclosures of `item`: its RSS `enclosure` elements in `rssNamespace` (none for an
    /// Atom entry), its `link rel="enclosure"` elements in `atomNamespace`, then its Media RSS
    /// contents and thumbnails, in that order.
    static func enclosures(
        of item: _XMLElement, rssNamespace: String?, atomNamespace: String, base: URL?
    ) -> [ParsedEnclosure] {
        var found: [ParsedEnclosure] = []
        if let rssNamespace {
            for element in item.children("enclosure", in: rssNamespace) {
                found.appendIfAddressed(element, url: "url", type: "type", length: "length", kind: .enclosure, base)
            }
        }
        for link in item.children("link", in: atomNamespace) where link.attributes["rel"]?.lowercased() == "enclosure" {
            found.appendIfAddressed(link, url: "href", type: "type", length: "length", kind: .enclosure, base)
        }
        let groups = item.children("group", in: mediaNamespace)
        let contents =
            item.children("content", in: mediaNamespace) + groups.flatMap { $0.children("content", in: mediaNamespace) }
        for content in contents {
            found.appendIfAddressed(content, url: "url", type: "type", length: "fileSize", kind: .media, base)
        }
        let holders = [item] + groups + contents
        for holder in holders {
            for thumbnail in holder.children("thumbnail", in: mediaNamespace) {
                found.appendIfAddressed(thumbnail, url: "url", type: nil, length: nil, kind: .thumbnail, base)
            }
        }
        return found
    }
}

extension [ParsedEnclosure] {
    /// Appends the enclosure `element` describes when it has an address; its addresses are
    /// resolved against its own `xml:base`, inheriting `base`.
    fileprivate mutating func appendIfAddressed(
        _ element: _XMLElement, url: String, type: String?, length: String?, kind: ParsedEnclosure.Kind,
        _ base: URL?
    ) {
        let elementBase = element.base(inheriting: base)
        guard let address = _FeedAssembler.resolve(element.attributes[url], against: elementBase) else { return }
        append(
            ParsedEnclosure(
                url: address,
                type: type.flatMap { element.attributes[$0] },
                length: length.flatMap { element.attributes[$0] }.flatMap(_FeedAssembler.byteCount),
                medium: kind == .media ? element.attributes["medium"] : nil,
                kind: kind))
    }
}
