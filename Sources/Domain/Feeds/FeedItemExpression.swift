/// Which feed items a query feed shows or a filter hides, written as newsboat users write
/// their query feeds and `ignore-article` rules, in a smaller form.
///
/// An expression is terms separated by spaces; an item matches when every term holds:
///
/// | term | holds for an item |
/// |---|---|
/// | `unread`, `read` | not read yet; read |
/// | `title~WORD` | whose title contains WORD (case ignored) |
/// | `text~WORD` | whose title, summary or text contains WORD |
/// | `feed:ID` | of the feed with this ID |
/// | `tag:NAME` | of a feed tagged NAME, or a folder in it (`NAME/…`) |
/// | `-TERM` | for which TERM does not hold |
///
/// A value with spaces is quoted: `title~"world cup"`, `tag:"Tech/Rust"`.
///
/// ```swift
/// let query = try FeedItemExpression.parse("unread title~swift -tag:news")
/// print(query)    // unread title~swift -tag:news
/// ```
public struct FeedItemExpression: Sendable, Hashable, CustomStringConvertible {
    /// One test of an item.
    public enum Term: Sendable, Hashable {
        /// The item is not read (`unread`), or is (`read`).
        case isUnread(Bool)
        /// The title contains the text, case ignored.
        case titleContains(String)
        /// The title, summary or text contains the text, case ignored.
        case textContains(String)
        /// The item belongs to the feed with this ID.
        case feed(Int64)
        /// The item's feed carries this tag.
        case tag(String)
    }

    /// A term and whether it is negated (`-TERM`).
    public struct Condition: Sendable, Hashable {
        /// What is tested.
        public let term: Term
        /// Whether the condition holds when the term does not.
        public let isNegated: Bool

        /// A condition.
        public init(_ term: Term, isNegated: Bool = false) {
            self.term = term
            self.isNegated = isNegated
        }
    }

    /// The conditions, all of which must hold, in the order written.
    public let conditions: [Condition]

    /// An expression of these conditions.
    public init(_ conditions: [Condition]) {
        self.conditions = conditions
    }

    /// The longest expression read, in characters.
    public static let maximumLength = 1_000

    /// The expression in its written form, each term once as ``parse(_:)`` reads it.
    public var description: String {
        conditions.map { condition in
            let text: String =
                switch condition.term {
                case .isUnread(let unread): unread ? "unread" : "read"
                case .titleContains(let word): "title~\(Self.quoted(word))"
                case .textContains(let word): "text~\(Self.quoted(word))"
                case .feed(let id): "feed:\(id)"
                case .tag(let name): "tag:\(Self.quoted(name))"
                }
            return condition.isNegated ? "-" + text : text
        }.joined(separator: " ")
    }

    /// Whether a term tests whether items are read: a filter may not, since reading an item
    /// would then hide it or bring it back.
    public var testsReadState: Bool {
        conditions.contains { if case .isUnread = $0.term { true } else { false } }
    }

    /// Reads an expression.
    ///
    /// - Throws: ``FeedItemExpressionError``, one sentence naming the part that cannot be read.
    public static func parse(_ text: String) throws(FeedItemExpressionError) -> FeedItemExpression {
        guard text.count <= maximumLength else {
            throw FeedItemExpressionError("the expression is longer than \(maximumLength) characters")
        }
        var conditions: [Condition] = []
        for word in try words(of: text) {
            let negated = word.text.hasPrefix("-") && !word.isQuotedWhole
            let body = negated ? String(word.text.dropFirst()) : word.text
            conditions.append(Condition(try term(body, written: word.written), isNegated: negated))
        }
        guard !conditions.isEmpty else {
            throw FeedItemExpressionError(
                "the expression is empty: write terms such as unread, title~WORD, text~WORD, feed:ID or tag:NAME")
        }
        return FeedItemExpression(conditions)
    }

    private static func term(_ body: String, written: String) throws(FeedItemExpressionError) -> Term {
        switch body {
        case "unread": return .isUnread(true)
        case "read": return .isUnread(false)
        default: break
        }
        for (prefix, make) in [("title~", Term.titleContains), ("text~", Term.textContains)]
        where body.hasPrefix(prefix) {
            let value = String(body.dropFirst(prefix.count))
            guard !value.isEmpty else { throw FeedItemExpressionError("'\(written)' needs a word after '~'") }
            return make(value)
        }
        if body.hasPrefix("feed:") {
            guard let id = Int64(body.dropFirst(5)), id > 0 else {
                throw FeedItemExpressionError("'\(written)': a feed ID is a positive whole number")
            }
            return .feed(id)
        }
        if body.hasPrefix("tag:") {
            guard let tag = FeedTag.normalized(String(body.dropFirst(4))) else {
                throw FeedItemExpressionError("'\(written)' needs a tag name after 'tag:'")
            }
            return .tag(tag)
        }
        throw FeedItemExpressionError(
            "'\(written)' is not a term: use unread, read, title~WORD, text~WORD, feed:ID or tag:NAME")
    }

    /// A word of an expression: its text with quotes taken away, and as it was written.
    private struct Word {
        var text = ""
        var written = ""
        var isQuotedWhole = false
    }

    /// The words of `text`, split at whitespace outside double quotes.
    private static func words(of text: String) throws(FeedItemExpressionError) -> [Word] {
        var words: [Word] = []
        var current: Word?
        var inQuotes = false
        for character in text {
            if character.isWhitespace, !inQuotes {
                if let word = current { words.append(word) }
                current = nil
                continue
            }
            var word = current ?? Word()
            word.written.append(character)
            if character == "\"" {
                if !inQuotes, word.text.isEmpty { word.isQuotedWhole = true }
                inQuotes.toggle()
            } else if !(character.unicodeScalars.first?.properties.generalCategory == .control) {
                word.text.append(character)
            }
            current = word
        }
        if inQuotes { throw FeedItemExpressionError("the quote in '\(current?.written ?? "")' is never closed") }
        if let word = current { words.append(word) }
        return words
    }

    /// `text`, in quotes when it holds a space, a quote or nothing.
    private static func quoted(_ text: String) -> String {
        text.isEmpty || text.contains(where: { $0.isWhitespace || $0 == "\"" }) ? "\"\(text)\"" : text
    }
}

/// Why text cannot be read as a ``FeedItemExpression``: one sentence naming the bad part.
public struct FeedItemExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The sentence.
    public let message: String

    /// An error saying `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
