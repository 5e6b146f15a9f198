/// The tags a feed carries, as people write them and as OPML folders become them.
///
/// A tag is a name of up to ``maximumLength`` characters on one line: runs of whitespace become
/// one space, control characters are dropped, and a blank name is no tag. A folder nested in
/// another becomes one tag, its path joined by `/` (`Tech/Rust`), so that writing the tags back
/// as folders gives the same tree.
public enum FeedTag {
    /// The longest tag, in characters.
    public static let maximumLength = 100

    /// `text` as a tag, or `nil` when it is blank or longer than ``maximumLength``. A `/` parts
    /// folders: the parts are trimmed and blank ones left out (`Tech / /Rust` is `Tech/Rust`), so
    /// that every tag is written as folders that give it back.
    public static func normalized(_ text: String) -> String? {
        var visible = text
        visible.unicodeScalars.removeAll { $0.properties.generalCategory == .control && !$0.properties.isWhitespace }
        let parts = visible.split(separator: "/").compactMap { part -> String? in
            let words = part.split { $0.isWhitespace || $0.isNewline }
            return words.isEmpty ? nil : words.joined(separator: " ")
        }
        guard !parts.isEmpty else { return nil }
        let tag = parts.joined(separator: "/")
        return tag.count <= maximumLength ? tag : nil
    }

    /// The tag of a feed nested in these folders (outermost first): their names joined by `/`;
    /// `nil` at the top level. A tag too long keeps the outermost folders that fit.
    public static func ofFolders(_ folders: [String]) -> String? {
        var tag: String?
        for folder in folders {
            guard let name = normalized(folder) else { continue }
            let longer = tag.map { "\($0)/\(name)" } ?? name
            guard longer.count <= maximumLength else { break }
            tag = longer
        }
        return tag
    }

    /// The folders `tag` is written as in a subscription list, outermost first: the inverse of
    /// ``ofFolders(_:)`` (`Tech/Rust` is `Tech`, then `Rust` inside it).
    public static func folders(of tag: String) -> [String] {
        tag.split(separator: "/").compactMap { normalized(String($0)) }
    }

    /// Whether a feed carrying `tag` is among those `filter` names: the tag itself, or a folder
    /// inside it (`Tech` takes in `Tech/Rust`, as the folder `Tech` holds the folder `Rust`).
    public static func tag(_ tag: String, isWithin filter: String) -> Bool {
        tag == filter || (tag.hasPrefix(filter) && tag.dropFirst(filter.count).first == "/")
    }

    /// `tags` each once, in the order given, normalised; blank ones are left out.
    public static func unique(_ tags: [String]) -> [String] {
        var seen: Set<String> = []
        return tags.compactMap(normalized).filter { seen.insert($0).inserted }
    }
}

/// What `feeds tag` does to a feed's tags: the tags to add, then those to take away.
public struct FeedTagChange: Sendable, Hashable {
    /// The tags to add (a tag the feed has already stays once).
    public var added: [String]
    /// The tags to take away.
    public var removed: [String]

    /// A change that adds `added` and takes away `removed`.
    public init(added: [String] = [], removed: [String] = []) {
        self.added = FeedTag.unique(added)
        self.removed = FeedTag.unique(removed)
    }

    /// The change written as words: `+tag` adds (a word without a sign too), `-tag` takes away.
    /// A comma in a word is refused: lists write tags with commas between them, so `a,b` would
    /// read as two tags there and as one here.
    ///
    /// - Throws: one sentence naming the word that is no tag.
    public init(words: [String]) throws(FeedTagError) {
        var added: [String] = []
        var removed: [String] = []
        for word in words {
            let sign = word.first
            let name = sign == "+" || sign == "-" ? String(word.dropFirst()) : word
            if name.contains(",") {
                let written = sign == "+" || sign == "-" ? String(word.prefix(1)) : ""
                let parts = name.split(separator: ",").map { "'\(written)\($0)'" }.joined(separator: " ")
                throw FeedTagError(
                    message:
                        "a tag cannot hold a comma ('\(name.prefix(40))'); give each tag as a word of its own: \(parts)"
                )
            }
            guard let tag = FeedTag.normalized(name) else {
                throw FeedTagError(
                    message: name.isEmpty || name.allSatisfy(\.isWhitespace)
                        ? "'\(word)' names no tag: write +NAME to add one or -NAME to take one away"
                        : "the tag '\(name.prefix(40))…' is longer than \(FeedTag.maximumLength) characters")
            }
            if sign == "-" { removed.append(tag) } else { added.append(tag) }
        }
        self.init(added: added, removed: removed)
    }

    /// `tags` after the change: the tags kept in their order, then the new ones.
    public func applied(to tags: [String]) -> [String] {
        FeedTag.unique(tags + added).filter { !removed.contains($0) }
    }

    /// Whether the change adds or takes away nothing.
    public var isEmpty: Bool { added.isEmpty && removed.isEmpty }
}

/// Why words cannot be read as tags.
public struct FeedTagError: Error, Sendable, Hashable, CustomStringConvertible {
    /// One sentence saying which word and why.
    public let message: String

    /// The message.
    public var description: String { message }
}
