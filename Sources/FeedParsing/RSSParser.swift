import Foundation

/// Reads RSS 2.0 (and 0.9x, and RDF-based RSS 1.0) from an XML tree.
enum RSSParser {
    static let contentNamespace = "http://purl.org/rss/1.0/modules/content/"
    static let dublinCoreNamespace = "http://purl.org/dc/elements/1.1/"
    static let dublinCoreTermsNamespace = "http://purl.org/dc/terms/"
    static let atomNamespace = "http://www.w3.org/2005/Atom"
    static let mediaNamespace = "http://search.yahoo.com/mrss/"
    static let iTunesNamespace = "http://www.itunes.com/dtds/podcast-1.0.dtd"

    static func parse(_ root: _XMLElement, baseURL: URL?) throws(FeedParsingError) -> ParsedFeed {
        let isRDF = root.name == "RDF"
        // A document without <channel> (an <rss> of bare items, or a bare <channel>) is read
        // as if the root were the channel.
        let channel = root.child("channel") ?? root
        guard channel !== root || root.child("item") != nil || root.child("title") != nil || root.name == "channel"
        else {
            throw .malformed(.rss, "no <channel> element")
        }
        // RSS 2.0 has no namespace; RSS 1.0 has its own default one.
        let ns = channel === root ? (root.child("item")?.namespace ?? root.namespace) : channel.namespace
        var itemElements = channel.children("item", in: ns)
        // RSS 1.0 lists items beside its channel; read once when there is no channel.
        if (isRDF || itemElements.isEmpty), channel !== root {
            itemElements = root.children("item", in: ns) + itemElements
        }
        if itemElements.isEmpty, channel !== root {
            itemElements = channel.children("item") + root.children("item")
        }
        let selfLink = channel.children("link", in: atomNamespace)
            .first { $0.attributes["rel"] == "self" }?.attributes["href"]
        let documentBase = _FeedAssembler.documentBase(sourceURL: baseURL, selfLink: selfLink)
        let channelBase = channel.base(inheriting: root.base(inheriting: documentBase))
        let alternate = channel.children("link", in: atomNamespace)
            .first { $0.attributes["rel"] == "alternate" }?.attributes["href"]
        let siteLink = _FeedAssembler.resolve(channel.childText("link", in: ns) ?? alternate, against: channelBase)
        let itemBase = channelBase ?? siteLink.flatMap { URL(string: $0) }
        let drafts = itemElements.map { draft($0, ns: ns, base: $0.base(inheriting: itemBase)) }
        return _FeedAssembler.assemble(
            format: .rss,
            title: html(channel.child("title", in: ns)) ?? channel.childText("title", in: dublinCoreNamespace),
            siteLink: siteLink,
            summary: html(channel.child("description", in: ns)),
            drafts: drafts,
            baseURL: itemBase
        )
    }

    private static func draft(_ item: _XMLElement, ns: String, base: URL?) -> _ItemDraft {
        let guidElement = item.child("guid", in: ns)
        let guid = guidElement.map(\.allText)
        var link = item.childText("link", in: ns) ?? item.child("link", in: ns)?.attributes["href"]
        // A guid that is a permalink doubles as the link when there is none.
        if link == nil, let guid = _FeedAssembler.trimmed(guid),
            guidElement?.attributes["isPermaLink"]?.lowercased() != "false",
            guid.hasPrefix("http://") || guid.hasPrefix("https://")
        {
            link = guid
        }
        if link == nil {
            link =
                item.children("link", in: atomNamespace)
                .first { ($0.attributes["rel"] ?? "alternate") == "alternate" }?.attributes["href"]
        }
        let media = item.child("group", in: mediaNamespace)
        // The whole item as markup: `<xhtml:body>` (or a bare `<body>`), or `<fullitem>`'s
        // escaped HTML; read when the item has nothing else to show.
        let body =
            item.child("body").flatMap { _FeedAssembler.trimmed($0.innerMarkup(base: base)) }
            ?? html(item.child("fullitem"))
        let summary =
            html(item.child("description", in: ns))
            ?? html(item.child("encoded", in: contentNamespace))
            ?? item.childText("description", in: mediaNamespace)
            ?? media?.childText("description", in: mediaNamespace)
            ?? item.childText("description", in: dublinCoreNamespace)
            ?? item.childText("summary", in: iTunesNamespace)
            ?? body
        let title =
            html(item.child("title", in: ns))
            ?? item.childText("title", in: dublinCoreNamespace)
            ?? item.childText("title", in: mediaNamespace)
            ?? media?.childText("title", in: mediaNamespace)
        let published =
            item.childText("pubDate", in: ns)
            ?? item.childText("pubdate", in: ns)
            ?? item.childText("date", in: dublinCoreNamespace)
            ?? item.childText("issued", in: dublinCoreTermsNamespace)
            ?? item.childText("published", in: atomNamespace)
        let updated =
            item.childText("modified", in: dublinCoreTermsNamespace)
            ?? item.childText("updated", in: atomNamespace)
            // Podcast generators put a bare <updated> in RSS items.
            ?? item.childText("updated")
        let content =
            html(item.child("encoded", in: contentNamespace)) ?? html(item.child("description", in: ns)) ?? body
        return _ItemDraft(
            guid: guid ?? item.attributes["about"],
            link: _FeedAssembler.resolve(link, against: base),
            title: title,
            summary: summary,
            author: item.childText("creator", in: dublinCoreNamespace) ?? item.childText("author", in: ns)
                ?? item.childText("author", in: iTunesNamespace),
            published: published,
            updated: updated,
            content: content,
            hasContent: !item.children.isEmpty || _FeedAssembler.trimmed(item.text) != nil,
            enclosures: _EnclosureReader.enclosures(
                of: item, rssNamespace: ns, atomNamespace: atomNamespace, base: base)
        )
    }

    /// The HTML content of an element whose text is HTML, or `nil` when missing or blank.
    private static func html(_ element: _XMLElement?) -> String? {
        guard let element else { return nil }
        return _FeedAssembler.trimmed(element.htmlSource)
    }
}
