import Foundation

/// An item as read from a document, before cleaning.
struct _ItemDraft {
    var guid: String?
    var link: String?
    var title: String?
    var summary: String?
    var author: String?
    var published: String?
    var updated: String?
    /// True when `title` is already plain text (JSON Feed), false when it may hold HTML.
    var titleIsPlain = false
    /// True when `summary` is already plain text, false when it is HTML.
    var summaryIsPlain = false
    /// The item's full content, HTML unless `contentIsPlain`.
    var content: String?
    /// True when `content` is plain text (JSON Feed's `content_text`).
    var contentIsPlain = false
    /// What the document says `content`'s relative links are relative to (an `xml:base`), if
    /// anything.
    var contentBase: URL?
    /// False for an item with nothing in it at all, which is left out.
    var hasContent = true
    /// The item's enclosures as read, before they are cleaned and merged.
    var enclosures: [ParsedEnclosure] = []
}

/// Turns what a parser read into a ``ParsedFeed``: plain text, absolute links, dates in Unix
/// milliseconds, an identity for every item, no duplicates.
enum _FeedAssembler {
    static func assemble(
        format: FeedFormat,
        title: String?,
        titleIsPlain: Bool = false,
        siteLink: String?,
        summary: String?,
        drafts: [_ItemDraft],
        baseURL: URL?
    ) -> ParsedFeed {
        let site = resolve(siteLink, against: baseURL)
        var feedTitle = plain(title, isPlain: titleIsPlain)
        if feedTitle.isEmpty {
            feedTitle = site.flatMap { URL(string: $0)?.host } ?? "Untitled feed"
        }
        let feedSummary = plain(summary, isPlain: false)
        var seen = Set<String>()
        var nextSuffix: [String: Int] = [:]
        var items: [ParsedFeedItem] = []
        for draft in drafts {
            guard var item = item(from: draft, baseURL: baseURL ?? URL(string: site ?? "")) else { continue }
            if !seen.insert(item.id).inserted {
                // Items that share an id are all kept, as the document lists them, each with
                // an id of its own that stays the same across refreshes.
                let distinct = item.id + "#" + stableHash("\(item.title)\n\(item.link ?? "")\n\(item.summary)")
                var candidate = distinct
                while !seen.insert(candidate).inserted {
                    let suffix = nextSuffix[distinct, default: 2]
                    nextSuffix[distinct] = suffix + 1
                    candidate = distinct + "-\(suffix)"
                }
                item.id = candidate
            }
            items.append(item)
        }
        return ParsedFeed(
            format: format,
            title: feedTitle,
            siteLink: site,
            summary: feedSummary.isEmpty ? nil : feedSummary,
            items: items
        )
    }

    private static func item(from draft: _ItemDraft, baseURL: URL?) -> ParsedFeedItem? {
        let link = resolve(draft.link, against: baseURL)
        let guid = trimmed(draft.guid).map(identifier).flatMap { $0.isEmpty ? nil : $0 }
        let summary = plain(draft.summary, isPlain: draft.summaryIsPlain)
        var title = plain(draft.title, isPlain: draft.titleIsPlain)
        let published = trimmed(draft.published).flatMap(FeedDate.unixMilliseconds(from:))
        let updated = trimmed(draft.updated).flatMap(FeedDate.unixMilliseconds(from:))
        if title.isEmpty, link == nil, summary.isEmpty, guid == nil, published == nil, updated == nil,
            !draft.hasContent
        {
            return nil
        }
        if title.isEmpty {
            title = summary.isEmpty ? "Untitled" : String(summary.prefix(80))
        }
        let id =
            guid ?? link
            ?? "urn:rivulet:" + stableHash("\(title)\n\(published ?? updated ?? 0)\n\(summary)")
        let author = trimmed(draft.author).map { HTMLText.plainText(from: $0) }
        let content = trimmed(draft.content)
        return ParsedFeedItem(
            id: id,
            guid: guid,
            link: link,
            title: title,
            summary: summary,
            author: author.flatMap { $0.isEmpty ? nil : $0 },
            publishedAt: published,
            updatedAt: updated,
            content: content.map { draft.contentIsPlain ? escapedHTML($0) : $0 },
            contentText: draft.contentIsPlain ? content : nil,
            contentBase: draft.contentBase,
            enclosures: enclosures(draft.enclosures, baseURL: baseURL)
        )
    }

    /// The most enclosures kept for one item; a feed that lists more keeps its first.
    static let maximumEnclosures = 64

    /// `raw` with absolute addresses, without those that lead nowhere to open, with a type and
    /// medium of one short line, each address once: a later mention of an address (Media RSS
    /// repeating an RSS enclosure) only fills in what the first left out.
    static func enclosures(_ raw: [ParsedEnclosure], baseURL: URL?) -> [ParsedEnclosure] {
        var kept: [ParsedEnclosure] = []
        var positions: [String: Int] = [:]
        for enclosure in raw {
            guard let url = resolve(enclosure.url, against: baseURL),
                !_LinkNumbering.refusedSchemes.contains(where: { url.lowercased().hasPrefix($0) })
            else { continue }
            let type = enclosure.type.flatMap(attributeWord)
            let medium = enclosure.medium.flatMap(attributeWord)?.lowercased()
            let length = enclosure.length.flatMap { $0 > 0 ? $0 : nil }
            if let position = positions[url] {
                kept[position].type = kept[position].type ?? type
                kept[position].length = kept[position].length ?? length
                kept[position].medium = kept[position].medium ?? medium
                continue
            }
            guard kept.count < maximumEnclosures else { continue }
            positions[url] = kept.count
            kept.append(ParsedEnclosure(url: url, type: type, length: length, medium: medium, kind: enclosure.kind))
        }
        return kept
    }

    /// An attribute that names something (a media type, a medium): trimmed, without controls,
    /// at most 200 characters; `nil` when blank.
    private static func attributeWord(_ text: String) -> String? {
        guard let word = trimmed(text).map(identifier), !word.isEmpty else { return nil }
        return String(word.prefix(200))
    }

    /// A size in bytes as a feed writes it (`24986239`, ` 1024 `, `1,024`), or `nil` when it is
    /// not a whole number of bytes.
    static func byteCount(_ text: String) -> Int64? {
        let digits = text.filter { $0 != "," && !$0.isWhitespace }
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int64(digits)
    }

    /// Plain text as HTML that shows it: markup characters escaped, line breaks kept.
    static func escapedHTML(_ text: String) -> String {
        var html = ""
        html.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": html += "&amp;"
            case "<": html += "&lt;"
            case ">": html += "&gt;"
            case "\n", "\r\n", "\r": html += "<br>"
            default: html.append(character)
            }
        }
        return html
    }

    private static func plain(_ text: String?, isPlain: Bool) -> String {
        guard let text else { return "" }
        return isPlain ? HTMLText.decodingEntities(text) : HTMLText.plainText(from: text)
    }

    static func trimmed(_ text: String?) -> String? {
        text?.trimmingSpacesAndNewlines()
    }

    /// The base for a document's relative links: the address it was read from when that is a
    /// web address, else the address it says it has (a local file's path is no base for a web
    /// page's links).
    static func documentBase(sourceURL: URL?, selfLink: String?) -> URL? {
        if let sourceURL, let scheme = sourceURL.scheme?.lowercased(), scheme == "http" || scheme == "https" {
            return sourceURL
        }
        guard let selfLink = trimmed(selfLink), let url = URL(string: selfLink),
            let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { return nil }
        return url
    }

    /// A link or id as feed data gave it, without control characters or line breaks (each
    /// removed on its own: an address never holds one).
    static func identifier(_ text: String) -> String {
        var output = _TextAccumulator(limit: 4_000, removesControls: true)
        output.append(text)
        return output.finish()
    }

    /// `link` made absolute against `base` when it is relative; `nil` when blank.
    static func resolve(_ link: String?, against base: URL?) -> String? {
        guard let link = trimmed(link).map(identifier), !link.isEmpty else { return nil }
        guard let url = URL(string: link, relativeTo: base), url.scheme != nil else { return link }
        return url.absoluteString
    }

    /// FNV-1a, 64 bits, as 16 hex digits: stable across runs and platforms.
    static func stableHash(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
