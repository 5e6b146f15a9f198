import Foundation

/// Reads Atom 1.0, and the Atom 0.3 that preceded it, from an XML tree.
enum AtomParser {
    static let namespace = "http://www.w3.org/2005/Atom"
    static let legacyNamespace = "http://purl.org/atom/ns#"

    static func parse(_ root: _XMLElement, baseURL: URL?) throws(FeedParsingError) -> ParsedFeed {
        // Entries live in the root's namespace: Atom 1.0's, Atom 0.3's, or none when a
        // document forgot to declare it.
        let ns = root.namespace
        var entries = root.children("entry", in: ns)
        if entries.isEmpty { entries = root.children("entry") }
        let selfLink = root.children("link", in: ns).first { $0.attributes["rel"] == "self" }?.attributes["href"]
        let documentBase = _FeedAssembler.documentBase(sourceURL: baseURL, selfLink: selfLink)
        let feedBase = root.base(inheriting: documentBase)
        let siteLink = alternateLink(root, ns: ns, base: feedBase)
        let entryBase = feedBase ?? siteLink.flatMap { URL(string: $0) }
        let drafts = entries.map {
            draft($0, ns: ns, base: $0.base(inheriting: entryBase), feedDeclaresBase: root.declaresBase)
        }
        return _FeedAssembler.assemble(
            format: .atom,
            title: text(root.child("title", in: ns))
                ?? root.childText("title", in: RSSParser.dublinCoreNamespace).map(escaped),
            siteLink: siteLink,
            summary: text(root.child("subtitle", in: ns)) ?? text(root.child("tagline", in: ns)),
            drafts: drafts,
            baseURL: entryBase
        )
    }

    /// The entry as read; `feedDeclaresBase` says whether the feed element has an `xml:base`.
    private static func draft(_ entry: _XMLElement, ns: String, base: URL?, feedDeclaresBase: Bool) -> _ItemDraft {
        let media = entry.child("group", in: RSSParser.mediaNamespace)
        let summary =
            text(entry.child("summary", in: ns), base: base) ?? text(entry.child("content", in: ns), base: base)
            ?? (entry.childText("description", in: RSSParser.mediaNamespace)
            ?? media?.childText("description", in: RSSParser.mediaNamespace)
            ?? entry.childText("description", in: RSSParser.dublinCoreNamespace)).map(escaped)
        let title =
            text(entry.child("title", in: ns))
            ?? (entry.childText("title", in: RSSParser.dublinCoreNamespace)
            ?? entry.childText("title", in: RSSParser.mediaNamespace)
            ?? media?.childText("title", in: RSSParser.mediaNamespace)).map(escaped)
        let author =
            entry.child("author", in: ns)?.childText("name", in: ns)
            ?? entry.child("author", in: ns)?.allText
            ?? entry.childText("creator", in: RSSParser.dublinCoreNamespace)
        // The content, else the summary; when the document declares a base above it, its relative
        // links are relative to that base, not to the entry's link.
        let (contentElement, summaryElement) = (entry.child("content", in: ns), entry.child("summary", in: ns))
        let fromContent = text(contentElement, base: base)
        let source = fromContent != nil ? contentElement : summaryElement
        let content = fromContent ?? text(summaryElement, base: base)
        let declaresBase = feedDeclaresBase || entry.declaresBase || source?.declaresBase == true
        return _ItemDraft(
            guid: entry.childText("id", in: ns),
            link: alternateLink(entry, ns: ns, base: base),
            title: title,
            summary: summary,
            author: author,
            // Atom 0.3's <created> says when the entry was written down, not published.
            published: entry.childText("published", in: ns) ?? entry.childText("issued", in: ns)
                ?? entry.childText("issued", in: RSSParser.dublinCoreTermsNamespace)
                ?? entry.childText("date", in: RSSParser.dublinCoreNamespace),
            updated: entry.childText("updated", in: ns) ?? entry.childText("modified", in: ns)
                ?? entry.childText("modified", in: RSSParser.dublinCoreTermsNamespace),
            content: content,
            contentBase: declaresBase && content != nil ? source?.base(inheriting: base) : nil,
            hasContent: !entry.children.isEmpty || _FeedAssembler.trimmed(entry.text) != nil,
            enclosures: _EnclosureReader.enclosures(of: entry, rssNamespace: nil, atomNamespace: ns, base: base)
        )
    }

    /// The text of an Atom text construct as HTML: plain text is escaped so that the caller's
    /// HTML reduction leaves it as written; `html` and `xhtml` (and Atom 0.3's `escaped` and
    /// `xml` modes) are HTML already; base64 content (Atom 0.3's `base64` mode, or a type
    /// that is neither text nor XML) is decoded first. The links of `xhtml` are made absolute
    /// against the `xml:base` in scope, starting from `base`.
    private static func text(_ element: _XMLElement?, base: URL? = nil) -> String? {
        guard let element else { return nil }
        let type = element.attributes["type"]?.lowercased() ?? "text"
        let mode = element.attributes["mode"]?.lowercased()
        let raw: String
        if type == "xhtml" || mode == "xml" || type == "application/xhtml+xml" {
            raw = element.innerMarkup(base: base)
        } else if mode == "base64" || isBase64(type) {
            let encoded = element.allText.filter { !$0.isWhitespace }
            guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else { return nil }
            raw = String(decoding: data, as: UTF8.self)
        } else {
            raw = element.htmlSource
        }
        guard _FeedAssembler.trimmed(raw) != nil else { return nil }
        // Text without a declared type that is written as HTML (closing tags of HTML elements)
        // was meant as HTML: shown as text, its tags would bury the words.
        let isUndeclaredHTML =
            element.attributes["type"] == nil && mode == nil && HTMLText.containsClosingTag(in: raw)
        let isHTML =
            type == "html" || type.hasPrefix("text/html") || mode == "escaped" || type == "xhtml"
            || mode == "xml" || type.hasSuffix("xml") || isUndeclaredHTML
        if isHTML || !element.children.isEmpty { return raw }
        return escaped(raw)
    }

    /// Content whose type is a media type other than text or XML is base64 (RFC 4287, 4.1.3.3).
    private static func isBase64(_ type: String) -> Bool {
        type.contains("/") && !type.hasPrefix("text/") && !type.hasSuffix("xml") && !type.contains("+xml")
    }

    /// Plain text as HTML that reduces back to it.
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }

    /// The `href` of the `alternate` link (a link without `rel` is one), else the first link
    /// that is not an enclosure (a podcast's audio is no page to read), resolved against the
    /// link's own `xml:base` and `base`.
    private static func alternateLink(_ element: _XMLElement, ns: String, base: URL?) -> String? {
        var links = element.children("link", in: ns)
        if links.isEmpty { links = element.children("link") }
        links.removeAll { $0.attributes["rel"]?.lowercased() == "enclosure" }
        let alternate =
            links.first { ($0.attributes["rel"] ?? "alternate") == "alternate" && $0.attributes["href"] != nil }
            ?? links.first { $0.attributes["href"] != nil }
        guard let alternate else { return nil }
        return _FeedAssembler.resolve(alternate.attributes["href"], against: alternate.base(inheriting: base))
    }
}
