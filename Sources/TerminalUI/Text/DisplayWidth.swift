/// How many terminal columns text occupies, independent of the locale.
///
/// The cell unit is the grapheme cluster (`Character`):
///
/// - printable ASCII and most other characters take 1 column;
/// - East Asian Wide and Fullwidth characters (CJK ideographs, kana, Hangul syllables,
///   fullwidth forms) and emoji with emoji presentation take 2;
/// - a character with VS16 (U+FE0F) after an emoji base takes 2, as in "❤️";
/// - emoji ZWJ sequences, flags and skin-tone sequences take 2, as one glyph, the way
///   grapheme-aware terminals draw them;
/// - combining marks, format characters (ZWJ, ZWSP) and Hangul medial jamo take 0 on their own
///   and add nothing to the character they join;
/// - control characters take 0 (they never reach the screen; see ``TextSanitizer``).
///
/// The wide ranges are a compact table of our own; emoji presentation comes from the standard
/// library's Unicode properties, so no `wcwidth` or `setlocale` is involved.
public enum DisplayWidth {
    /// The columns one scalar takes: 0, 1 or 2.
    @inlinable
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7f { return value >= 0x20 ? 1 : 0 }
        if value < 0xa0 { return 0 }
        if value < 0x300 { return 1 }
        return nonASCIIWidth(scalar)
    }

    /// The columns one character (grapheme cluster) takes: 0, 1 or 2.
    @inlinable
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7f ? 1 : 0 }
        return clusterWidth(character)
    }

    /// The columns a string takes, character by character.
    @inlinable
    public static func of(_ text: some StringProtocol) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The text cut to at most `maxWidth` columns. Text that fits is returned as it is;
    /// longer text keeps the longest prefix that fits with `ellipsis` after it. A wide
    /// character that would straddle the edge is left out whole.
    public static func truncate(_ text: String, toWidth maxWidth: Int, ellipsis: String = "…") -> String {
        guard maxWidth > 0 else { return "" }
        var used = 0
        var fitEnd = text.startIndex
        var index = text.startIndex
        let ellipsisWidth = of(ellipsis)
        let budget = maxWidth - ellipsisWidth
        while index < text.endIndex {
            let width = of(text[index])
            if used + width > maxWidth {
                if ellipsisWidth > maxWidth { return String(text[..<fitEnd]) }
                return String(text[..<fitEnd]) + ellipsis
            }
            used += width
            text.formIndex(after: &index)
            if used <= budget { fitEnd = index }
        }
        return text
    }

    @usableFromInline
    static func clusterWidth(_ character: Character) -> Int {
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        var width = of(first)
        while let scalar = scalars.next() {
            if scalar.value == 0xfe0f {
                if width == 1 && first.properties.isEmoji { width = 2 }
            } else if width == 0 {
                width = of(scalar)
            }
        }
        return min(width, 2)
    }

    @usableFromInline
    static func nonASCIIWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if (0x1160...0x11ff).contains(value) || (0xd7b0...0xd7ff).contains(value) { return 0 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Whether the scalar is East Asian Wide or Fullwidth (emoji aside), by binary search.
    @usableFromInline
    static func isWide(_ value: UInt32) -> Bool {
        if value < wideRanges[0].lowerBound { return false }
        var low = 0
        var high = wideRanges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = wideRanges[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, sorted; emoji are found through their
    /// emoji-presentation property instead.
    @usableFromInline
    static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115f,  // Hangul Jamo initial consonants
        0x2329...0x232a,  // angle brackets
        0x2e80...0x2e99, 0x2e9b...0x2ef3,  // CJK radicals supplement
        0x2f00...0x2fd5,  // Kangxi radicals
        0x2ff0...0x2fff,  // ideographic description
        0x3000...0x303e,  // CJK symbols and punctuation
        0x3041...0x3096, 0x3099...0x30ff,  // Hiragana, Katakana
        0x3105...0x312f, 0x3131...0x318e,  // Bopomofo, Hangul compatibility jamo
        0x3190...0x31e5, 0x31ef...0x321e,  // Kanbun, strokes, enclosed CJK
        0x3220...0x3247, 0x3250...0x4dbf,  // enclosed CJK, compatibility, extension A
        0x4e00...0x9fff,  // CJK unified ideographs
        0xa000...0xa48c, 0xa490...0xa4c6,  // Yi
        0xa960...0xa97c,  // Hangul Jamo extended A
        0xac00...0xd7a3,  // Hangul syllables
        0xf900...0xfaff,  // CJK compatibility ideographs
        0xfe10...0xfe19,  // vertical forms
        0xfe30...0xfe52, 0xfe54...0xfe66, 0xfe68...0xfe6b,  // CJK compatibility and small forms
        0xff01...0xff60, 0xffe0...0xffe6,  // fullwidth forms
        0x16fe0...0x16fe4, 0x16ff0...0x16ff1,  // ideographic symbols
        0x17000...0x187f7, 0x18800...0x18cd5, 0x18d00...0x18d08,  // Tangut
        0x1aff0...0x1affe, 0x1b000...0x1b122, 0x1b132...0x1b132,  // Kana supplement
        0x1b150...0x1b152, 0x1b155...0x1b155, 0x1b164...0x1b167, 0x1b170...0x1b2fb,  // Nushu
        0x1f200...0x1f202, 0x1f210...0x1f23b, 0x1f240...0x1f248, 0x1f250...0x1f251,  // enclosed ideographs
        0x1f260...0x1f265,
        0x20000...0x2fffd,  // CJK extensions B–F, supplementary plane
        0x30000...0x3fffd,  // CJK extensions G–H
    ]
}
