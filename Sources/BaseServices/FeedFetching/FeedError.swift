public import Domain
public import FeedParsing
public import Requests

/// Why fetching a feed failed.
public enum FeedError: Error, Sendable, CustomStringConvertible {
    /// The location is empty or not a valid URL.
    case invalidLocation(String)
    /// The URL's scheme is not `http`, `https`, `feed` or `file`.
    case unsupportedScheme(String)
    /// The text is no feed address, for the reason given.
    case address(FeedURLProblem)
    /// The request failed.
    case network(RequestError)
    /// No file exists at the path.
    case fileNotFound(String)
    /// The path names something other than a regular file; `kind` says what.
    case notARegularFile(String, kind: String)
    /// The file exists but cannot be read.
    case unreadableFile(String, reason: String)
    /// The file is larger than the limit.
    case fileTooLarge(String, limit: Int)
    /// The document is not a readable feed.
    case parsing(FeedParsingError)

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .invalidLocation(let text): FeedURLProblem.notAWebAddress(text).message
        case .unsupportedScheme(let scheme): FeedURLProblem.unsupportedScheme(scheme).message
        case .address(let problem): problem.message
        case .network(let error): error.description
        case .fileNotFound(let path):
            "\(path): no such file" + (Self.looksLikeAWebAddress(path) ? " (a web address starts with https://)" : "")
        case .notARegularFile(let path, let kind): "\(path): is \(kind), not a regular file"
        case .unreadableFile(let path, let reason): "\(path): cannot be read (\(reason))"
        case .fileTooLarge(let path, let limit): "\(path): larger than the limit of \(limit) bytes"
        case .parsing(let error): error.description
        }
    }

    /// Whether a folder of `path` reads as a host (`example.com`, `127.0.0.1:8080`): an address
    /// typed without its scheme, taken for a relative path.
    static func looksLikeAWebAddress(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { folder in
            let (name, port) =
                folder.firstIndex(of: ":").map { (folder[..<$0], folder[folder.index(after: $0)...]) } ?? (folder, "")
            guard port.allSatisfy(\.isASCIIDigit), name.contains("."), !name.hasPrefix("."), !name.hasSuffix(".") else {
                return false
            }
            let labels = name.split(separator: ".", omittingEmptySubsequences: false)
            let isIPv4 = labels.count == 4 && labels.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }
            let hasDomainEnd = labels.last.map { $0.count >= 2 && $0.allSatisfy(\.isLetter) } ?? false
            return isIPv4 || (hasDomainEnd && labels.allSatisfy { !$0.isEmpty })
        }
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
