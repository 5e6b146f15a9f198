/// Reduces the HTML found in feed summaries and titles to plain text.
///
/// Tags are removed (block-level ones leave a space so words do not run together), the
/// contents of `script`, `style` and comments are dropped, character references (`&amp;`,
/// `&#8217;`, `&#x1F600;` and the common named ones) are decoded and runs of whitespace
/// collapse to one space.
///
/// Other control characters are kept as the document gave them: the text is data, not output
/// for a terminal. Whatever shows it sanitises it there (in Rivulet, TerminalUI's
/// `TextSanitizer` drops an escape sequence whole and shows a lone control as a placeholder, so
/// a stray C1 character never takes the text after it).
///
/// ```swift
/// HTMLText.plainText(from: "<p>Fish &amp; chips</p><p>for&nbsp;two</p>")  // "Fish & chips for two"
/// ```
public enum HTMLText {
    /// The longest plain text returned, in characters; longer text is cut and ends with `…`.
    public static let maximumLength = 10_000

    /// `html` as plain text: tags stripped, entities decoded, whitespace collapsed.
    public static func plainText(from html: String) -> String {
        var output = _TextAccumulator(limit: maximumLength)
        let scalars = Array(html.unicodeScalars)
        var index = 0
        while index < scalars.count, !output.isFull {
            let scalar = scalars[index]
            if scalar == "<", let end = skipMarkup(scalars, from: index, into: &output) {
                index = end
            } else if scalar == "&" {
                let (decoded, next) = decodeReference(scalars, at: index)
                output.append(decoded)
                index = next
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return output.finish()
    }

    /// `text` with character references decoded and whitespace collapsed, tags left alone.
    public static func decodingEntities(_ text: String) -> String {
        var output = _TextAccumulator(limit: maximumLength)
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count, !output.isFull {
            if scalars[index] == "&" {
                let (decoded, next) = decodeReference(scalars, at: index)
                output.append(decoded)
                index = next
            } else {
                output.append(scalars[index])
                index += 1
            }
        }
        return output.finish()
    }

    private static let blockTags: Set<String> = [
        "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "figcaption", "figure",
        "footer", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li", "main", "nav", "ol", "p", "pre",
        "section", "table", "td", "th", "tr", "ul",
    ]

    private static let rawTextTags: Set<String> = ["script", "style", "template", "noscript"]

    /// Skips the markup that starts at `start` (a `<`) and returns the index after it, or
    /// `nil` when the `<` is plain text (`a < b`, or no closing `>`).
    private static func skipMarkup(
        _ scalars: [Unicode.Scalar],
        from start: Int,
        into output: inout _TextAccumulator
    ) -> Int? {
        let next = start + 1
        guard next < scalars.count else { return nil }
        if matches(scalars, at: next, "!--") {
            return find(scalars, "-->", from: next + 3).map { $0 + 3 } ?? scalars.count
        }
        if matches(scalars, at: next, "![CDATA[") {
            let contentStart = next + 8
            let end = find(scalars, "]]>", from: contentStart) ?? scalars.count
            for scalar in scalars[contentStart..<end] { output.append(scalar) }
            return min(end + 3, scalars.count)
        }
        let first = scalars[next]
        guard first == "/" || first == "!" || first == "?" || first.properties.isAlphabetic else { return nil }
        // A tag longer than this is taken for text, which keeps stray `<`s linear.
        let windowEnd = min(scalars.count, next + 8192)
        var close = next
        while close < windowEnd, scalars[close] != ">" { close += 1 }
        guard close < windowEnd else { return nil }
        let name = tagName(scalars, from: first == "/" ? next + 1 : next, to: close)
        if blockTags.contains(name) { output.append(" ") }
        if first != "/", rawTextTags.contains(name), scalars[close - 1] != "/" {
            let closing = Array("</\(name)".unicodeScalars)
            var search = close + 1
            while let found = find(scalars, closing, from: search, ignoringCase: true) {
                if let end = find(scalars, ">", from: found) { return end + 1 }
                search = found + 1
            }
            return scalars.count
        }
        return close + 1
    }

    private static func tagName(_ scalars: [Unicode.Scalar], from start: Int, to end: Int) -> String {
        var name = ""
        var index = start
        while index < end, scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index]) {
            name.unicodeScalars.append(scalars[index])
            index += 1
        }
        return name.lowercased()
    }

    private static func matches(_ scalars: [Unicode.Scalar], at index: Int, _ text: String) -> Bool {
        var position = index
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private static func find(_ scalars: [Unicode.Scalar], _ text: String, from start: Int) -> Int? {
        find(scalars, Array(text.unicodeScalars), from: start, ignoringCase: false)
    }

    private static func find(
        _ scalars: [Unicode.Scalar],
        _ needle: [Unicode.Scalar],
        from start: Int,
        ignoringCase: Bool
    ) -> Int? {
        guard !needle.isEmpty, start >= 0, scalars.count >= needle.count else { return nil }
        var index = start
        while index <= scalars.count - needle.count {
            var matched = true
            for offset in 0..<needle.count {
                let lhs = scalars[index + offset]
                let rhs = needle[offset]
                if lhs == rhs { continue }
                if ignoringCase, lhs.value < 128, rhs.value < 128,
                    lhs.properties.lowercaseMapping == rhs.properties.lowercaseMapping
                {
                    continue
                }
                matched = false
                break
            }
            if matched { return index }
            index += 1
        }
        return nil
    }

    /// Decodes the reference at `start` (an `&`); an unknown or broken one is kept as text.
    static func decodeReference(_ scalars: [Unicode.Scalar], at start: Int) -> (String, Int) {
        var index = start + 1
        if index < scalars.count, scalars[index] == "#" {
            index += 1
            var radix = 10
            if index < scalars.count, scalars[index] == "x" || scalars[index] == "X" {
                radix = 16
                index += 1
            }
            let digitsStart = index
            var value: UInt32 = 0
            // Every digit belongs to the reference; a value past Unicode's last code point
            // stays past it (saturated) and decodes as U+FFFD, whatever its length.
            while index < scalars.count, let digit = Int(String(scalars[index]), radix: radix) {
                value = min(value, 0x11_0000) * UInt32(radix) + UInt32(digit)
                index += 1
            }
            guard index > digitsStart else { return ("&", start + 1) }
            if index < scalars.count, scalars[index] == ";" { index += 1 }
            let decoded = value == 0 || value > 0x10_FFFF ? nil : Unicode.Scalar(value)
            return (String(decoded ?? "\u{FFFD}"), index)
        }
        let nameStart = index
        while index < scalars.count, index - nameStart < 10,
            scalars[index].properties.isAlphabetic || ("0"..."9").contains(scalars[index])
        {
            index += 1
        }
        guard index < scalars.count, scalars[index] == ";", index > nameStart else { return ("&", start + 1) }
        var name = ""
        name.unicodeScalars.append(contentsOf: scalars[nameStart..<index])
        guard let decoded = namedReferences[name] else { return ("&", start + 1) }
        return (decoded, index + 1)
    }

    /// The named references feeds actually use.
    static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "shy": "",
        "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "lsquo": "\u{2018}", "rsquo": "\u{2019}",
        "sbquo": "\u{201A}", "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}", "laquo": "\u{AB}",
        "raquo": "\u{BB}", "lsaquo": "\u{2039}", "rsaquo": "\u{203A}", "bull": "\u{2022}", "middot": "\u{B7}",
        "copy": "\u{A9}", "reg": "\u{AE}", "trade": "\u{2122}", "deg": "\u{B0}", "plusmn": "\u{B1}",
        "times": "\u{D7}", "divide": "\u{F7}", "frac12": "\u{BD}", "frac14": "\u{BC}", "frac34": "\u{BE}",
        "euro": "\u{20AC}", "pound": "\u{A3}", "yen": "\u{A5}", "cent": "\u{A2}", "sect": "\u{A7}",
        "para": "\u{B6}", "dagger": "\u{2020}", "Dagger": "\u{2021}", "prime": "\u{2032}", "larr": "\u{2190}",
        "rarr": "\u{2192}", "uarr": "\u{2191}", "darr": "\u{2193}", "harr": "\u{2194}", "iexcl": "\u{A1}",
        "iquest": "\u{BF}", "ensp": "\u{2002}", "emsp": "\u{2003}", "thinsp": "\u{2009}", "zwnj": "\u{200C}",
        "zwj": "\u{200D}", "aacute": "á", "Aacute": "Á", "agrave": "à", "Agrave": "À", "acirc": "â",
        "auml": "ä", "Auml": "Ä", "aring": "å", "aelig": "æ", "ccedil": "ç", "Ccedil": "Ç", "eacute": "é",
        "Eacute": "É", "egrave": "è", "Egrave": "È", "ecirc": "ê", "euml": "ë", "iacute": "í", "igrave": "ì",
        "icirc": "î", "iuml": "ï", "ntilde": "ñ", "Ntilde": "Ñ", "oacute": "ó", "ograve": "ò", "ocirc": "ô",
        "ouml": "ö", "Ouml": "Ö", "oslash": "ø", "otilde": "õ", "uacute": "ú", "ugrave": "ù", "ucirc": "û",
        "uuml": "ü", "Uuml": "Ü", "szlig": "ß", "yacute": "ý", "yuml": "ÿ",
    ]
}

/// Collects text, collapsing whitespace and stopping at a limit.
///
/// Control characters are data here: text keeps them (a terminal escape sequence stays whole,
/// for the sanitiser of whatever shows the text to drop whole), unless `removesControls`, for
/// addresses and identifiers, which never hold one: then each is removed on its own, so a
/// stray one never takes what follows it.
struct _TextAccumulator {
    private var text = ""
    private var count = 0
    private var pendingSpace = false
    private let limit: Int
    private let removesControls: Bool
    private(set) var isFull = false

    init(limit: Int, removesControls: Bool = false) {
        self.limit = limit
        self.removesControls = removesControls
    }

    mutating func append(_ string: String) {
        for scalar in string.unicodeScalars { append(scalar) }
    }

    mutating func append(_ scalar: Unicode.Scalar) {
        guard !isFull else { return }
        if scalar.properties.isWhitespace {
            pendingSpace = count > 0
            return
        }
        if removesControls, Self.isControl(scalar) { return }
        if pendingSpace {
            text.unicodeScalars.append(" ")
            pendingSpace = false
        }
        text.unicodeScalars.append(scalar)
        count += 1
        if count >= HTMLText.maximumLength || count >= limit {
            text.unicodeScalars.append("\u{2026}")
            isFull = true
        }
    }

    /// The text.
    func finish() -> String { text }

    /// C0 and C1 controls (escape included), and the bidirectional overrides that could
    /// disguise an address.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
    }
}
