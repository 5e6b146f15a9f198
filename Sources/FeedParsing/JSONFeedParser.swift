import Foundation

/// Reads JSON Feed 1.0 and 1.1 with `JSONDecoder`, tolerating fields of the wrong type.
enum JSONFeedParser {
    static func parse(_ data: Data, baseURL: URL?) throws(FeedParsingError) -> ParsedFeed {
        let value: _JSONValue
        do {
            value = try JSONDecoder().decode(_JSONValue.self, from: data)
        } catch {
            throw .malformed(.jsonFeed, "invalid JSON (\(describe(error)))")
        }
        guard case .object(let feed) = value else {
            throw .notAFeed("JSON that is not an object")
        }
        guard let version = feed["version"]?.string, version.contains("jsonfeed.org/version/1") else {
            throw .notAFeed("JSON without a JSON Feed version")
        }
        guard case .array(let items)? = feed["items"] else {
            throw .malformed(.jsonFeed, "no \"items\" array")
        }
        let drafts = items.compactMap { item -> _ItemDraft? in
            guard case .object(let fields) = item else { return nil }
            return draft(fields)
        }
        let documentBase = _FeedAssembler.documentBase(sourceURL: baseURL, selfLink: feed["feed_url"]?.string)
        return _FeedAssembler.assemble(
            format: .jsonFeed,
            title: feed["title"]?.string,
            titleIsPlain: true,
            siteLink: _FeedAssembler.resolve(feed["home_page_url"]?.string, against: documentBase),
            summary: feed["description"]?.string,
            drafts: drafts,
            baseURL: documentBase
        )
    }

    private static func draft(_ item: [String: _JSONValue]) -> _ItemDraft {
        // An empty field counts as missing, so that `"summary": ""` does not hide the content.
        func field(_ name: String) -> String? { item[name]?.string.flatMap(_FeedAssembler.trimmed) }
        let plainSummary = field("summary") ?? field("content_text")
        let author =
            item["authors"]?.array?.lazy.compactMap { $0.object?["name"]?.string }.first
            ?? item["author"]?.object?["name"]?.string
        return _ItemDraft(
            guid: field("id"),
            link: field("url") ?? field("external_url"),
            title: field("title"),
            summary: plainSummary ?? field("content_html"),
            author: author,
            published: item["date_published"]?.string,
            updated: item["date_modified"]?.string,
            titleIsPlain: true,
            summaryIsPlain: plainSummary != nil,
            content: field("content_html") ?? field("content_text"),
            contentIsPlain: field("content_html") == nil,
            enclosures: attachments(item["attachments"])
        )
    }

    /// JSON Feed `attachments` as enclosures: `url`, `mime_type`, `size_in_bytes`.
    private static func attachments(_ value: _JSONValue?) -> [ParsedEnclosure] {
        (value?.array ?? []).compactMap { attachment in
            guard let fields = attachment.object, let url = fields["url"]?.string else { return nil }
            let size: Int64? =
                if case .number(let bytes)? = fields["size_in_bytes"], bytes >= 1, bytes < 9e18 {
                    Int64(bytes)
                } else {
                    fields["size_in_bytes"]?.string.flatMap(_FeedAssembler.byteCount)
                }
            return ParsedEnclosure(url: url, type: fields["mime_type"]?.string, length: size, kind: .enclosure)
        }
    }

    private static func describe(_ error: any Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error {
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            return underlying ?? context.debugDescription
        }
        return "unreadable"
    }
}

/// Any JSON value, decoded without a schema.
enum _JSONValue: Decodable {
    case string(String)
    case number(Double)
    case bool(Bool)
    case null
    case array([_JSONValue])
    case object([String: _JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([_JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: _JSONValue].self))
        }
    }

    /// A string, or a number written as one (ids are sometimes numbers).
    var string: String? {
        switch self {
        case .string(let value): value
        case .number(let value):
            value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        default: nil
        }
    }

    var array: [_JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    var object: [String: _JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }
}
