import Foundation

/// How typed search text is read, by the search index and by anyone who must know what a search
/// finds: lower-cased, without diacritics, split at anything that is not a letter or a digit.
/// Every term matches as the start of a word, and all terms must match.
public enum SearchTerms {
    /// The terms of `text`: `"Café au-lait"` is `["cafe", "au", "lait"]`.
    public static func of(_ text: String) -> [String] {
        words(of: text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased())
    }

    /// The words of `text` as written, split where `of` splits them but not folded:
    /// `"Straße au-lait"` is `["Straße", "au", "lait"]`. A full-text index folds them with its
    /// own tokenizer, which does not fold as Foundation does (it keeps "ß", and the accents of
    /// Greek letters), so its queries are made of these.
    public static func words(of text: String) -> [String] {
        text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    /// Whether a search for `search` finds `text`: every term of `search` starts a word of
    /// `text`. A search with no terms finds everything.
    public static func find(_ search: String, in text: String) -> Bool {
        let words = of(text)
        return of(search).allSatisfy { term in words.contains { $0.hasPrefix(term) } }
    }
}
