import Domain
import SQLiteProvider

/// Turns typed search text into index terms, the same way for the FTS5 index and the
/// word-table fallback, as ``SearchTerms`` reads them: every term matches as a prefix, and all
/// terms must match.
enum SearchText {
    /// The most terms a search uses; the rest are ignored.
    static let maximumTerms = 8

    /// The FTS5 query for `text`, each term quoted (so no character of the input is read as
    /// query syntax) and matched as a prefix; `nil` when the text has no terms. The terms are
    /// the words as written (``SearchTerms/words(of:)``): the index's tokenizer folds them as it
    /// folded the text it holds.
    static func ftsQuery(_ text: String) -> String? {
        phrases(words(of: text), prefixes: nil)
    }

    /// ``ftsQuery(_:)`` as the index of the FTS5 table `table` stands on `db`: a word whose last
    /// token no longer term of the index starts with is matched whole, which FTS5 answers from
    /// that one term's list instead of first merging the lists of every term it starts (see
    /// ``FTS5PhraseMatcher/prefixPhrases(in:connection:)``). The same rows match.
    static func ftsQuery(_ text: String, table: String, in db: Connection) -> String? {
        let terms = words(of: text)
        let matcher = FTS5PhraseMatcher(terms: terms, connection: db)
        return phrases(terms, prefixes: matcher?.prefixPhrases(in: table, connection: db))
    }

    /// The words of `text` a search uses.
    static func words(of text: String) -> [String] {
        Array(SearchTerms.words(of: text).prefix(maximumTerms))
    }

    /// Each word quoted (so no character of it is read as query syntax), with a `*` unless
    /// `prefixes` says it matches whole.
    private static func phrases(_ words: [String], prefixes: [Bool]?) -> String? {
        guard !words.isEmpty else { return nil }
        return words.indices.map { index in
            let isPrefix = prefixes.map { index < $0.count ? $0[index] : true } ?? true
            return "\"" + words[index].replacingOccurrences(of: "\"", with: "\"\"") + (isPrefix ? "\"*" : "\"")
        }.joined(separator: " ")
    }

    /// Replaces the word-table entries of todo `id`.
    static func indexWords(of id: Int64, title: String, notes: String, in db: Connection) throws(DatabaseError) {
        try db.execute("DELETE FROM todo_words WHERE todo_id = ?", [.integer(id)])
        for word in Set(SearchTerms.of(title) + SearchTerms.of(notes)) {
            try db.execute("INSERT INTO todo_words(word, todo_id) VALUES (?, ?)", [.text(word), .integer(id)])
        }
    }
}

extension FTS5PhraseMatcher {
    /// A matcher that agrees with ``SearchText/ftsQuery(_:)`` for `search` on the todos' index:
    /// its terms as phrases, searched in a todo's title and notes.
    convenience init?(search: String, connection: Connection) {
        self.init(terms: SearchText.words(of: search), connection: connection)
    }
}
