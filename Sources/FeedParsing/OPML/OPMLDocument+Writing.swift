public import Foundation

extension OPMLDocument {
    /// The list as an OPML 2.0 document: a `<head>` with the title (and `dateCreated` when
    /// given), then one `<outline type="rss">` per feed with `text`, `title`, `xmlUrl` and, when
    /// known, `htmlUrl`. Feeds with ``OPMLFeed/categories`` are written inside nested outlines
    /// named by them, each category once, where its first feed stands.
    ///
    /// Every value is escaped (`&`, `<`, `>`, `"`, and tabs and line breaks as character
    /// references, so they survive attribute normalisation); characters XML 1.0 cannot hold at
    /// all (other control characters) are left out. Reading the result with ``parse(_:)`` gives
    /// the same feeds back.
    ///
    /// - Parameter dateCreated: written as `<dateCreated>` in RFC 822 form; left out when `nil`,
    ///   so the same list always gives the same bytes.
    public func xml(dateCreated: Date? = nil) -> String {
        var output = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">\n  <head>\n"
        output += "    <title>\(Self.escaped(title ?? "Subscriptions"))</title>\n"
        if let dateCreated {
            output += "    <dateCreated>\(Self.rfc822(dateCreated))</dateCreated>\n"
        }
        output += "  </head>\n  <body>\n"
        Self.write(feeds[...], depth: 0, into: &output)
        output += "  </body>\n</opml>\n"
        return output
    }

    /// Writes `feeds`, whose first `depth` categories are those of the outline being written.
    private static func write(_ feeds: ArraySlice<OPMLFeed>, depth: Int, into output: inout String) {
        let indent = String(repeating: "  ", count: depth + 2)
        var written: Set<String> = []
        for feed in feeds {
            guard depth < feed.categories.count else {
                let title = escaped(feed.title ?? feed.feedURL)
                output += "\(indent)<outline type=\"rss\" text=\"\(title)\" title=\"\(title)\""
                output += " xmlUrl=\"\(escaped(feed.feedURL))\""
                if let siteURL = feed.siteURL { output += " htmlUrl=\"\(escaped(siteURL))\"" }
                output += "/>\n"
                continue
            }
            let category = feed.categories[depth]
            guard written.insert(category).inserted else { continue }
            let members = feeds.filter { depth < $0.categories.count && $0.categories[depth] == category }
            let name = escaped(category)
            output += "\(indent)<outline text=\"\(name)\" title=\"\(name)\">\n"
            write(members[...], depth: depth + 1, into: &output)
            output += "\(indent)</outline>\n"
        }
    }

    /// `text` safe inside an XML attribute or element.
    static func escaped(_ text: String) -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"": output += "&quot;"
            case "\t": output += "&#9;"
            case "\n": output += "&#10;"
            case "\r": output += "&#13;"
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                continue
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// `date` as OPML 2.0 writes dates: `Sat, 18 Jun 2005 12:11:52 GMT`.
    private static func rfc822(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }
}
