import Foundation

/// Reads RSS 2.0 (and 0.9x, and RDF-based RSS 1.0) from an XML tree.
enum RSSParser {
    static let contentNamespace = "http://purl.org/rss/1.0/modules/content/"
    static let dublinCoreNamespace = "http://purl.org/dc/elements/1.1/"
    static let atomNamespace = "http://www.w3.org/2005/Atom"

    static func parse(_ root: _XMLElement, baseURL: URL?) throws(FeedParsingError) -> ParsedFeed {
        let isRDF = root.name == "RDF"
        guard let channel = root.child("channel") else {
            throw .malformed(.rss, "no <channel> element")
        }
        // RSS 2.0 nests items in the channel; RSS 1.0 puts them next to it.
        // RSS 2.0 has no namespace; RSS 1.0 has its own default one.
        let ns = channel.namespace
        let itemElements = isRDF ? root.children("item", in: ns) : channel.children("item", in: ns)
        let drafts = itemElements.map { draft($0, ns: ns) }
        let selfLink = channel.children("link", in: atomNamespace)
            .first { $0.attributes["rel"] == "alternate" }?.attributes["href"]
        return _FeedAssembler.assemble(
            format: .rss,
            title: channel.childText("title", in: ns),
            siteLink: channel.childText("link", in: ns) ?? selfLink,
            summary: channel.childText("description", in: ns),
            drafts: drafts,
            baseURL: baseURL
        )
    }

    private static func draft(_ item: _XMLElement, ns: String) -> _ItemDraft {
        let guidElement = item.child("guid", in: ns)
        let guid = guidElement.map(\.allText)
        var link = item.childText("link", in: ns)
        // A guid that is a permalink doubles as the link when there is none.
        if link == nil, let guid = _FeedAssembler.trimmed(guid),
            guidElement?.attributes["isPermaLink"]?.lowercased() != "false",
            guid.hasPrefix("http://") || guid.hasPrefix("https://")
        {
            link = guid
        }
        let content = item.childText("encoded", in: contentNamespace)
        let description = item.childText("description", in: ns)
        return _ItemDraft(
            guid: guid ?? item.attributes["about"],
            link: link,
            title: item.childText("title", in: ns),
            summary: description ?? content,
            author: item.childText("creator", in: dublinCoreNamespace) ?? item.childText("author", in: ns),
            published: item.childText("pubDate", in: ns) ?? item.childText("date", in: dublinCoreNamespace),
            updated: nil
        )
    }
}
