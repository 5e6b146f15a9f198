import Foundation

/// Reads Atom 1.0 from an XML tree.
enum AtomParser {
    static let namespace = "http://www.w3.org/2005/Atom"

    static func parse(_ root: _XMLElement, baseURL: URL?) throws(FeedParsingError) -> ParsedFeed {
        // Atom elements live in the Atom namespace; tolerate documents that forgot to declare it.
        let ns = root.namespace.isEmpty ? "" : namespace
        let drafts = root.children("entry", in: ns).map { draft($0, ns: ns) }
        return _FeedAssembler.assemble(
            format: .atom,
            title: text(root.child("title", in: ns)),
            siteLink: alternateLink(root, ns: ns),
            summary: text(root.child("subtitle", in: ns)),
            drafts: drafts,
            baseURL: baseURL
        )
    }

    private static func draft(_ entry: _XMLElement, ns: String) -> _ItemDraft {
        let summary = text(entry.child("summary", in: ns)) ?? text(entry.child("content", in: ns))
        let author =
            entry.child("author", in: ns)?.childText("name", in: ns)
            ?? entry.child("author", in: ns)?.allText
        return _ItemDraft(
            guid: entry.childText("id", in: ns),
            link: alternateLink(entry, ns: ns),
            title: text(entry.child("title", in: ns)),
            summary: summary,
            author: author,
            published: entry.childText("published", in: ns) ?? entry.childText("issued", in: ns),
            updated: entry.childText("updated", in: ns) ?? entry.childText("modified", in: ns)
        )
    }

    /// The text of an Atom text construct: `text` is escaped for HTML so that the caller's
    /// HTML reduction leaves it as written; `html` and `xhtml` are HTML already.
    private static func text(_ element: _XMLElement?) -> String? {
        guard let element else { return nil }
        let type = element.attributes["type"]?.lowercased() ?? "text"
        let raw = type == "xhtml" ? element.innerMarkup : element.allText
        guard !raw.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        if type == "text" || type == "text/plain" {
            return raw.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        }
        return raw
    }

    /// The `href` of the `alternate` link (a link without `rel` is one), else the first link.
    private static func alternateLink(_ element: _XMLElement, ns: String) -> String? {
        let links = element.children("link", in: ns)
        let alternate = links.first { ($0.attributes["rel"] ?? "alternate") == "alternate" } ?? links.first
        return alternate?.attributes["href"]
    }
}
