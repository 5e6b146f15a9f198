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
        let parts = SearchTerms.words(of: text).prefix(maximumTerms).map {
            "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*"
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
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
        self.init(terms: Array(SearchTerms.words(of: search).prefix(SearchText.maximumTerms)), connection: connection)
    }
}
