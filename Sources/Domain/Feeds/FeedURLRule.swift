public import Foundation

/// Where a feed is read from, once its address has passed ``FeedURLRule``.
public enum FeedAddress: Sendable, Hashable {
    /// An `http` or `https` URL (a `feed://` address reads as `http://`).
    case web(URL)
    /// A file on this machine: an absolute, standardised path.
    case file(path: String)
}

/// What makes a feed address acceptable: one rule for the feed list, `rivulet feeds add`, the
/// OPML import and the feeds base service, which stores and fetches what it returns.
///
/// An address is an `http`, `https` or `feed` URL with a host, a `file://` URL with a path, or
/// a file path: absolute, `~/…` (the home folder), or `./…` and `../…` (the current folder).
/// Which text is a relative path is the caller's choice (``RelativePaths``): on the command line
/// `feeds/a.xml` names a file, but typed into the feed list, text such as `example.com/feed` is a
/// web address without its scheme far more often, and an OPML file's relative path would depend
/// on where the import happened to run.
public enum FeedURLRule {
    /// Which text without a scheme is taken for a path relative to the current folder.
    public enum RelativePaths: Sendable, Hashable {
        /// Any text that is not absolute (`feeds/a.xml`), as the command line takes it.
        case any
        /// Only text that starts with `./` or `../`, as the feed list takes it.
        case marked
        /// None: only absolute and `~/` paths, as an OPML import takes them.
        case none
    }

    /// `text` read as a feed address, or why it is not one.
    ///
    /// - Parameters:
    ///   - homeDirectory: what `~` stands for; asked only for a `~` path.
    ///   - currentDirectory: what relative paths are resolved against; asked only for one.
    ///   - relativePaths: which text is a relative path; any other text without a scheme is
    ///     refused as not a web address.
    public static func parse(
        _ text: String, homeDirectory: @autoclosure () -> String, currentDirectory: @autoclosure () -> String,
        relativePaths: RelativePaths = .any
    ) -> Result<FeedAddress, FeedURLProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return .failure(.empty) }
        if let schemeEnd = trimmed.range(of: "://") {
            return parseURL(
                trimmed, scheme: trimmed[..<schemeEnd.lowerBound].lowercased(), rest: trimmed[schemeEnd.upperBound...])
        }
        // `htp:/x`, `mailto:a@b`, `https:example.com`: a scheme without "://", typed wrong or of
        // another kind, never a file's name (`./name:x` is one).
        if let scheme = schemePrefix(of: trimmed) {
            switch scheme {
            case "file": return parseURL(trimmed, scheme: scheme, rest: Substring(trimmed))
            case "http", "https", "feed": return .failure(.noHost(trimmed))
            default: return .failure(.unsupportedScheme(scheme))
            }
        }
        if trimmed == "~" || trimmed.hasPrefix("~/") {
            return .success(.file(path: standardized(homeDirectory() + trimmed.dropFirst())))
        }
        if trimmed.hasPrefix("/") { return .success(.file(path: standardized(trimmed))) }
        let isMarked = trimmed.hasPrefix("./") || trimmed.hasPrefix("../")
        if relativePaths == .any || (relativePaths == .marked && isMarked) {
            return .success(.file(path: standardized(currentDirectory() + "/" + trimmed)))
        }
        // A host and path typed without the scheme are named as such; anything else is not an
        // address at all.
        if looksLikeAWebAddress(trimmed) { return .failure(.missingScheme(trimmed)) }
        return .failure(.notAWebAddress(trimmed))
    }

    /// `text` without a scheme typed with its colon missing (`http//example.com`).
    static func withoutBrokenScheme(_ text: String) -> String {
        for broken in ["https//", "http//"] where text.lowercased().hasPrefix(broken) {
            return String(text.dropFirst(broken.count))
        }
        return text
    }

    /// The lowercased scheme `text` starts with (`htp` of `htp:/bad`), or `nil`: letters, then
    /// letters, digits, `+`, `-` or `.`, then a colon that is not a port's (`example.com:8080`
    /// starts with a host).
    static func schemePrefix(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else {
            return nil
        }
        let name = text[..<colon]
        guard name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return nil }
        let after = text[text.index(after: colon)...]
        if name.contains("."), after.first?.isASCII == true, after.first?.isNumber == true { return nil }
        return name.lowercased()
    }

    /// Whether `text` reads as a web address typed without its scheme: its first part is a
    /// host (`example.com`, `www.example.org:8080`, `127.0.0.1`), followed by a path or nothing.
    public static func looksLikeAWebAddress(_ text: String) -> Bool {
        let text = withoutBrokenScheme(text)
        guard let host = text.split(separator: "/", omittingEmptySubsequences: false).first, !host.isEmpty else {
            return false
        }
        let (name, port) = host.firstIndex(of: ":").map { (host[..<$0], host[host.index(after: $0)...]) } ?? (host, "")
        guard port.allSatisfy({ $0.isASCII && $0.isNumber }), name.contains("."), !name.hasPrefix("."),
            !name.hasSuffix(".")
        else { return false }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        let isIPv4 =
            labels.count == 4 && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }
        let hasDomainEnd = labels.last.map { $0.count >= 2 && $0.allSatisfy(\.isLetter) } ?? false
        let fileEnds: Set<String> = ["xml", "rss", "atom", "opml", "json", "txt", "html", "htm"]
        // `feed.xml` alone is a file's name, not a host.
        if labels.count == 2, text.split(separator: "/").count == 1, let end = labels.last,
            fileEnds.contains(end.lowercased())
        {
            return false
        }
        return isIPv4 || (hasDomainEnd && labels.allSatisfy { !$0.isEmpty })
    }

    /// Whether the feed list can take `text` as typed: the address trimmed, or why not. Text
    /// without a scheme counts as a path only when it starts with `/`, `~/`, `./` or `../`.
    public static func validate(_ text: String) -> Result<String, FeedURLProblem> {
        parse(text, homeDirectory: "/", currentDirectory: "/", relativePaths: .marked).map { _ in
            text.trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    private static func parseURL(_ text: String, scheme: String, rest: Substring) -> Result<FeedAddress, FeedURLProblem>
    {
        switch scheme {
        case "http", "https", "feed":
            let web = scheme == "feed" ? "http://" + rest : text
            guard let url = URL(string: web) else { return .failure(.notAWebAddress(text)) }
            guard let host = url.host, !host.isEmpty else { return .failure(.noHost(text)) }
            // `a/../b` and `./b` in the path name the address without them, as a browser asks
            // for it: one feed, whichever way it was written.
            return .success(.web(url.path.contains(".") ? url.standardized : url))
        case "file":
            guard let url = URL(string: text), !url.path.isEmpty else { return .failure(.fileWithoutPath(text)) }
            return .success(.file(path: url.standardizedFileURL.path))
        default:
            return .failure(.unsupportedScheme(scheme))
        }
    }

    private static func standardized(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }
}

/// Why a feed address was refused.
public enum FeedURLProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but white space.
    case empty
    /// A `file://` URL without a path (the text as given).
    case fileWithoutPath(String)
    /// Text that is no URL and, where bare paths are not files, no path either.
    case notAWebAddress(String)
    /// A host and path without the scheme in front (`example.com/feed`; the text as given).
    case missingScheme(String)
    /// A URL of a scheme other than `http`, `https`, `feed` and `file` (the scheme, lowercased).
    case unsupportedScheme(String)
    /// A web address without a host name (the text as given).
    case noHost(String)

    /// The reason as a sentence: the same words in the feed list, on the command line and in
    /// an OPML import's report.
    public var description: String {
        switch self {
        case .empty: "Type the feed's address."
        case .fileWithoutPath(let text): "“\(text)” is not a feed address: a file address needs a path."
        case .notAWebAddress(let text):
            "“\(text)” is not a feed address: write a web address starting with https:// or a file path."
        case .missingScheme(let text):
            "“\(text)” is not a feed address: a web address starts with https://, as in "
                + "https://\(FeedURLRule.withoutBrokenScheme(text))."
        case .unsupportedScheme(let scheme):
            "A feed address starts with http:// or https://, or is a file path; this one starts with “\(scheme):”."
        case .noHost(let text): "“\(text)” is not a feed address: it has no host name."
        }
    }

    /// The same as ``description``.
    public var message: String { description }
}

extension FeedURLRule {
    /// `text` with the password of every URL in it hidden, for showing an address, or a message
    /// that names one, on screen: `https://ann:secret@example.com/feed` becomes
    /// `https://ann:***@example.com/feed`. The stored address keeps the password, which
    /// fetching needs; what is shown never does.
    public static func hidingPasswords(in text: String) -> String {
        guard text.contains("@") else { return text }
        var result = ""
        var rest = Substring(text)
        while let separator = rest.range(of: "://") {
            result += rest[..<separator.upperBound]
            rest = rest[separator.upperBound...]
            if let at = userInfoEnd(in: rest), let colon = rest[..<at].firstIndex(of: ":") {
                result += rest[...colon] + "***"
                rest = rest[at...]
            }
        }
        return result + rest
    }

    /// Where the "@" that ends a user and password is in `rest`, the text after a "://".
    private static func userInfoEnd(in rest: Substring) -> Substring.Index? {
        // The authority runs to the path, query or fragment. It is not cut at a space or a line
        // break (a password mistyped with one is still a password), unless the "/" it stops at
        // begins another address's "//": then this one ended at the space before that address.
        var end = rest.firstIndex { "/?#".contains($0) } ?? rest.endIndex
        if rest[end...].hasPrefix("//"), let space = rest[..<end].lastIndex(where: \.isWhitespace) {
            end = space
        }
        if let at = rest[..<end].lastIndex(of: "@") { return at }
        // No "@" there: a password holding a "/", "?" or "#" ends the authority early, so look on
        // to the end of the word; but digits after the ":" are a port, and a later "@" is in the
        // path (`https://example.com:8080/feed/@ann`).
        guard let colon = rest[..<end].firstIndex(of: ":") else { return nil }
        let afterColon = rest[rest.index(after: colon)..<end]
        if afterColon.allSatisfy({ $0.isASCII && $0.isNumber }) { return nil }
        let wordEnd = rest.firstIndex(where: \.isWhitespace) ?? rest.endIndex
        return rest[..<wordEnd].lastIndex(of: "@")
    }
}
