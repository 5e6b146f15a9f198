/// Where the word motions of the text components land (Alt-B and Alt-F move by words, Ctrl-W
/// and Alt-D delete them): a word is a run of characters that are not whitespace, and the
/// whitespace next to the cursor is skipped first, as in a shell's line editor. Line breaks are
/// whitespace, so in a text area a word motion crosses lines.
extension Array where Element == Character {
    /// The start of the word before `index`.
    func wordStart(before index: Int) -> Int {
        var start = Swift.min(Swift.max(index, 0), count)
        while start > 0, self[start - 1].isWhitespace { start -= 1 }
        while start > 0, !self[start - 1].isWhitespace { start -= 1 }
        return start
    }

    /// The end of the word after `index`.
    func wordEnd(after index: Int) -> Int {
        var end = Swift.min(Swift.max(index, 0), count)
        while end < count, self[end].isWhitespace { end += 1 }
        while end < count, !self[end].isWhitespace { end += 1 }
        return end
    }
}
