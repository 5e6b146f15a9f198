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
        if trimmed == "~" || trimmed.hasPrefix("~/") {
            return .success(.file(path: standardized(homeDirectory() + trimmed.dropFirst())))
        }
        if trimmed.hasPrefix("/") { return .success(.file(path: standardized(trimmed))) }
        let isMarked = trimmed.hasPrefix("./") || trimmed.hasPrefix("../")
        if relativePaths == .any || (relativePaths == .marked && isMarked) {
            return .success(.file(path: standardized(currentDirectory() + "/" + trimmed)))
        }
        // No "://": a scheme such as `mailto:` is named as the wrong scheme, anything else is
        // not an address at all.
        if !trimmed.contains(where: \.isWhitespace), let scheme = URLComponents(string: trimmed)?.scheme?.lowercased() {
            return .failure(["http", "https", "feed"].contains(scheme) ? .noHost(trimmed) : .unsupportedScheme(scheme))
        }
        return .failure(.notAWebAddress(trimmed))
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
            return .success(.web(url))
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
    /// A URL of a scheme other than `http`, `https`, `feed` and `file` (the scheme, lowercased).
    case unsupportedScheme(String)
    /// A web address without a host name (the text as given).
    case noHost(String)

    /// The reason as a sentence, as the feed list shows it.
    public var description: String {
        switch self {
        case .empty: "Type the feed's address."
        case .fileWithoutPath(let text): "The file address has no path: \(text)"
        case .notAWebAddress(let text): "That is not a web address: \(text)"
        case .unsupportedScheme: "A feed address starts with http:// or https://."
        case .noHost(let text): "The address has no host name: \(text)"
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
