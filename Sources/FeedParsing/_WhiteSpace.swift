extension Unicode.Scalar {
    /// Whether the scalar has Unicode's White_Space property, as `properties.isWhitespace`
    /// says, answered without the property tables for ASCII, which is nearly all of a feed's
    /// text: the text writers ask it of every character.
    @inline(__always)
    var hasWhiteSpaceProperty: Bool {
        let value = value
        if value < 0x80 { return value == 0x20 || (value >= 0x09 && value <= 0x0D) }
        return properties.isWhitespace
    }
}

extension String {
    /// The string without the scalars of Foundation's `whitespacesAndNewlines` at either end
    /// (those with Unicode's White_Space property, and the zero-width space U+200B); `nil` when
    /// nothing is left.
    ///
    /// Foundation's `trimmingCharacters(in:)` goes through `NSString` on Linux and copies the
    /// whole text on the way; this looks only at the ends.
    func trimmingSpacesAndNewlines() -> String? {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isTrimmed($0) }) else { return nil }
        var end = scalars.endIndex
        while end > first {
            let before = scalars.index(before: end)
            if !Self.isTrimmed(scalars[before]) { break }
            end = before
        }
        if first == scalars.startIndex, end == scalars.endIndex { return self }
        return String(scalars[first..<end])
    }

    private static func isTrimmed(_ scalar: Unicode.Scalar) -> Bool {
        scalar.hasWhiteSpaceProperty || scalar == "\u{200B}"
    }
}
