/// A change to the text being typed in a prompt.
public enum DraftEdit: Hashable, Sendable {
    /// Text typed or pasted at the end.
    case insert(String)
    /// The last character removed.
    case deleteBackward
}

extension DraftEdit {
    /// `draft` after this edit. Line breaks and other control characters in pasted text are
    /// dropped: a habit's name is one line.
    func applied(to draft: String) -> String {
        switch self {
        case .insert(let text):
            draft + String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        case .deleteBackward:
            String(draft.dropLast())
        }
    }
}
