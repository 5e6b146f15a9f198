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
        var items: [ParsedFeedItem] = []
        for draft in drafts {
            guard let item = item(from: draft, baseURL: URL(string: site ?? "") ?? baseURL),
                seen.insert(item.id).inserted
            else { continue }
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
        let guid = trimmed(draft.guid)
        let summary = plain(draft.summary, isPlain: draft.summaryIsPlain)
        var title = plain(draft.title, isPlain: draft.titleIsPlain)
        if title.isEmpty, link == nil, summary.isEmpty { return nil }
        let published = trimmed(draft.published).flatMap(FeedDate.unixMilliseconds(from:))
        let updated = trimmed(draft.updated).flatMap(FeedDate.unixMilliseconds(from:))
        if title.isEmpty {
            title = summary.isEmpty ? "Untitled" : String(summary.prefix(80))
        }
        let id =
            guid ?? link
            ?? "urn:rivulet:" + stableHash("\(title)\n\(published ?? updated ?? 0)\n\(summary)")
        let author = trimmed(draft.author).map { HTMLText.plainText(from: $0) }
        return ParsedFeedItem(
            id: id,
            guid: guid,
            link: link,
            title: title,
            summary: summary,
            author: author.flatMap { $0.isEmpty ? nil : $0 },
            publishedAt: published,
            updatedAt: updated
        )
    }

    private static func plain(_ text: String?, isPlain: Bool) -> String {
        guard let text else { return "" }
        return isPlain ? HTMLText.decodingEntities(text) : HTMLText.plainText(from: text)
    }

    static func trimmed(_ text: String?) -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
        return text
    }

    /// `link` made absolute against `base` when it is relative; `nil` when blank.
    static func resolve(_ link: String?, against base: URL?) -> String? {
        guard let link = trimmed(link) else { return nil }
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
