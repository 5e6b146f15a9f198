/// How the app's layers put sentences together, so that every message reads the same way.
public enum Wording {
    /// `sentence` as the rest of a sentence begun before it (after "Could not save: "): its
    /// first letter in lower case, unless its first word is in capitals (`GET`, `URL`), which
    /// it keeps. Only for sentences that never begin with a name: "February …" would lose its
    /// capital.
    ///
    /// ```swift
    /// "Could not save: " + Wording.continuing("This todo no longer exists.")   // "… this todo …"
    /// ```
    public static func continuing(_ sentence: String) -> String {
        var letters = sentence.prefix(2).makeIterator()
        guard let first = letters.next(), first.isUppercase, letters.next()?.isUppercase != true else {
            return sentence
        }
        return first.lowercased() + sentence.dropFirst()
    }
}
