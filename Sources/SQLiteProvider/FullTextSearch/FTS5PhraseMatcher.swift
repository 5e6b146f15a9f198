internal import CSQLite

/// Decides whether one row matches a full-text search exactly as an FTS5 index with the
/// `unicode61` tokenizer (diacritics removed) would, without asking the index.
///
/// FTS5 answers a prefix query (`"todo"*`) by first merging the lists of every indexed word
/// that starts with the prefix; for a word most rows contain, that costs as much as reading
/// them all, on every query, even one that asks about a single row. A window of a search that
/// matches most rows is faster found by walking the rows in the window's order and testing
/// each one here, until the window is full.
///
/// The test uses the index's own tokenizer, found through the connection's FTS5 API, on both
/// the search terms and the row's text, so it agrees with a `MATCH` whose every term is a
/// quoted phrase with a `*` after it: the last token of each phrase matches as a prefix, a
/// phrase lies within one column, and all phrases must be found.
///
/// The same phrases asked of the index itself cost less where a phrase's last token is no
/// prefix of a longer term: ``prefixPhrases(in:connection:)`` says which ones can drop the `*`.
///
/// Used on one connection's queue only, like the connection.
public final class FTS5PhraseMatcher {
    private let module: fts5_tokenizer
    private let tokenizer: OpaquePointer
    /// The phrases of the search, each a list of tokens; the last token of each is a prefix.
    private let phrases: [[[UInt8]]]
    private let sink: TokenSink
    private var found: [Bool]

    /// A matcher for the phrases `terms` on `connection`, or `nil` when FTS5 or its `unicode61`
    /// tokenizer is not available, or when there are no terms or a term the tokenizer drops
    /// entirely (the index then decides).
    public init?(terms: [String], connection: Connection) {
        guard !terms.isEmpty, let api = Self.fts5API(connection) else { return nil }
        var module = fts5_tokenizer()
        var context: UnsafeMutableRawPointer?
        guard let find = api.pointee.xFindTokenizer,
            find(api, "unicode61", &context, &module) == SQLITE_OK,
            let create = module.xCreate
        else { return nil }
        var instance: OpaquePointer?
        let first = Array("remove_diacritics".utf8CString)
        let second = Array("2".utf8CString)
        let created = first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                var arguments: [UnsafePointer<CChar>?] = [first.baseAddress, second.baseAddress]
                return arguments.withUnsafeMutableBufferPointer { create(context, $0.baseAddress, 2, &instance) }
            }
        }
        guard created == SQLITE_OK, let instance else { return nil }
        let sink = TokenSink()
        var phrases: [[[UInt8]]] = []
        for term in terms {
            sink.reset()
            let code = Self.tokenize(
                module, instance, sink, flags: FTS5_TOKENIZE_QUERY | FTS5_TOKENIZE_PREFIX, Array(term.utf8))
            let tokens = sink.tokens()
            guard code == SQLITE_OK, !tokens.isEmpty else {
                module.xDelete?(instance)
                return nil
            }
            phrases.append(tokens)
        }
        self.module = module
        self.tokenizer = instance
        self.phrases = phrases
        self.sink = sink
        found = Array(repeating: false, count: phrases.count)
    }

    deinit {
        module.xDelete?(tokenizer)
    }

    /// Whether the text of `columns` (of the current row of `row`) holds every phrase, each
    /// within one column.
    public func matches(_ row: Row, columns: [Int32]) -> Bool {
        for index in found.indices { found[index] = false }
        var remaining = found.count
        for column in columns where remaining > 0 {
            let count = Int(sqlite3_column_bytes(row.handle, column))
            guard count > 0, let text = sqlite3_column_text(row.handle, column) else { continue }
            sink.reset()
            let code = text.withMemoryRebound(to: CChar.self, capacity: count) { pointer in
                module.xTokenize?(
                    tokenizer, Unmanaged.passUnretained(sink).toOpaque(), FTS5_TOKENIZE_DOCUMENT,
                    pointer, Int32(count), tokenSinkCallback) ?? SQLITE_ERROR
            }
            guard code == SQLITE_OK else { continue }
            for index in phrases.indices where !found[index] && sink.contains(phrases[index]) {
                found[index] = true
                remaining -= 1
            }
            if remaining == 0 { return true }
        }
        return false
    }

    /// For each phrase, whether its last token has to be matched as a prefix in the index of the
    /// FTS5 table `table` (in the main schema, tokenized as this matcher tokenizes): `false`
    /// when no term of the index is longer and starts with it, so that the phrase without its
    /// `*` finds the same rows.
    ///
    /// FTS5 answers a prefix query by first merging the lists of every term it covers into a new
    /// one, even when there is only one: at 100,000 matches that made counting them take twice
    /// as long as the same term matched exactly, and reading their rows too. The check reads the
    /// index's terms through an `fts5vocab` table in the connection's temp schema, one seek per
    /// phrase; when it cannot (a table name it will not quote, no `fts5vocab`), every phrase
    /// stays a prefix.
    public func prefixPhrases(in table: String, connection: Connection) -> [Bool] {
        let everyPhrase = Array(repeating: true, count: phrases.count)
        let isPlainName = table.utf8.allSatisfy {
            $0 == UInt8(ascii: "_") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20)
        }
        guard !table.isEmpty, isPlainName else { return everyPhrase }
        let terms = "temp.\(table)_terms"
        do throws(DatabaseError) {
            try connection.executeInTemporarySchema(
                "CREATE VIRTUAL TABLE IF NOT EXISTS \(terms) USING fts5vocab(main, \(table), instance)")
            let firstTermFrom = "SELECT term FROM \(terms) WHERE term >= ? LIMIT 1"
            return try phrases.map { (phrase) throws(DatabaseError) -> Bool in
                guard let last = phrase.last else { return true }
                // The first term after the token itself: a token never holds a 0 byte, so every
                // longer term that starts with it sorts at or after the token and a 1 byte.
                guard let bound = String(validating: last + [1], as: UTF8.self) else { return true }
                let next = try connection.fetchOne(firstTermFrom, [.text(bound)]) { row in
                    let count = Int(sqlite3_column_bytes(row.handle, 0))
                    return Array(UnsafeBufferPointer(start: sqlite3_column_text(row.handle, 0), count: count))
                }
                guard let next else { return false }
                return next.starts(with: last)
            }
        } catch {
            return everyPhrase
        }
    }

    /// Whether this build of SQLite has FTS5.
    public static var isAvailable: Bool {
        sqlite3_compileoption_used("ENABLE_FTS5") == 1
    }

    // MARK: FTS5 plumbing

    /// The connection's FTS5 API, or `nil` without FTS5.
    private static func fts5API(_ connection: Connection) -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(connection.handle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK,
            let statement
        else { return nil }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { pointer in
            let type = UnsafeRawPointer(fts5PointerType.utf8Start).assumingMemoryBound(to: CChar.self)
            _ = sqlite3_bind_pointer(statement, 1, pointer, type, nil)
            _ = sqlite3_step(statement)
        }
        return api
    }

    private static func tokenize(
        _ module: fts5_tokenizer, _ tokenizer: OpaquePointer, _ sink: TokenSink, flags: Int32, _ bytes: [UInt8]
    ) -> Int32 {
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { text in
                module.xTokenize?(
                    tokenizer, Unmanaged.passUnretained(sink).toOpaque(), flags, text.baseAddress, Int32(text.count),
                    tokenSinkCallback) ?? SQLITE_ERROR
            }
        }
    }
}

/// The type tag SQLite's `fts5()` function expects with the pointer it fills in; it must stay
/// valid while the statement runs, and a static string lives as long as the program.
private let fts5PointerType: StaticString = "fts5_api_ptr"

/// Receives the tokens of one text: their bytes end to end, and where each one ends.
private final class TokenSink {
    var bytes: [UInt8] = []
    var ends: [Int] = []

    func reset() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    func append(_ token: UnsafePointer<CChar>, count: Int) {
        token.withMemoryRebound(to: UInt8.self, capacity: count) { pointer in
            bytes.append(contentsOf: UnsafeBufferPointer(start: pointer, count: count))
        }
        ends.append(bytes.count)
    }

    /// The tokens received, each as bytes.
    func tokens() -> [[UInt8]] {
        var start = 0
        return ends.map { end in
            defer { start = end }
            return Array(bytes[start..<end])
        }
    }

    /// Whether the tokens hold `phrase` in a row, its last token as a prefix.
    ///
    /// Plain index loops over unsafe buffers: this runs for every row a walk tests, and the
    /// generic iterators it would otherwise use cost several times as much in a debug build.
    func contains(_ phrase: [[UInt8]]) -> Bool {
        let count = ends.count
        guard !phrase.isEmpty, count >= phrase.count else { return false }
        return bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                var first = 0
                while first <= count - phrase.count {
                    if Self.phrase(phrase, startsAt: first, bytes: bytes, ends: ends) { return true }
                    first += 1
                }
                return false
            }
        }
    }

    /// Whether the tokens from `first` on are `phrase`, its last token as a prefix.
    private static func phrase(
        _ phrase: [[UInt8]], startsAt first: Int, bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>
    ) -> Bool {
        var offset = 0
        while offset < phrase.count {
            let index = first + offset
            let start = index == 0 ? 0 : ends[index - 1]
            let length = ends[index] - start
            let wanted = phrase[offset]
            let isLast = offset == phrase.count - 1
            guard isLast ? length >= wanted.count : length == wanted.count else { return false }
            let equal = wanted.withUnsafeBufferPointer { wanted in
                var position = 0
                while position < wanted.count {
                    if bytes[start + position] != wanted[position] { return false }
                    position += 1
                }
                return true
            }
            guard equal else { return false }
            offset += 1
        }
        return true
    }
}

private let tokenSinkCallback:
    @convention(c) (UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, Int32, Int32, Int32) -> Int32 = {
        context, _, token, count, _, _ in
        guard let context, let token, count >= 0 else { return SQLITE_OK }
        Unmanaged<TokenSink>.fromOpaque(context).takeUnretainedValue().append(token, count: Int(count))
        return SQLITE_OK
    }
