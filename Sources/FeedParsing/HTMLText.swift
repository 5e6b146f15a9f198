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

    /// Whether `text` holds a closing tag of an HTML element (`</p>`, `</a >`): the sign that
    /// text a feed did not declare as HTML was written as HTML.
    static func containsClosingTag(in text: String) -> Bool {
        var rest = text[...]
        while let open = rest.range(of: "</") {
            rest = rest[open.upperBound...]
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
            let after = rest.dropFirst(name.count).first
            if htmlElementNames.contains(name.lowercased()), after == ">" || after?.isWhitespace == true {
                return true
            }
        }
        return false
    }

    private static let htmlElementNames: Set<String> = [
        "a", "abbr", "b", "blockquote", "cite", "code", "dd", "div", "dl", "dt", "em", "figcaption", "figure",
        "font", "h1", "h2", "h3", "h4", "h5", "h6", "i", "li", "ol", "p", "picture", "pre", "q", "s", "small",
        "span", "strong", "sub", "sup", "table", "td", "th", "tr", "u", "ul",
    ]

    /// The named references of HTML 4, which feeds use.
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
        // The rest of HTML 4's named references.
        "curren": "\u{A4}", "brvbar": "\u{A6}", "uml": "\u{A8}", "ordf": "\u{AA}", "not": "\u{AC}",
        "macr": "\u{AF}", "sup2": "\u{B2}", "sup3": "\u{B3}", "acute": "\u{B4}", "micro": "\u{B5}",
        "cedil": "\u{B8}", "sup1": "\u{B9}", "ordm": "\u{BA}", "Acirc": "\u{C2}", "Atilde": "\u{C3}",
        "Aring": "\u{C5}", "AElig": "\u{C6}", "Ecirc": "\u{CA}", "Euml": "\u{CB}", "Igrave": "\u{CC}",
        "Iacute": "\u{CD}", "Icirc": "\u{CE}", "Iuml": "\u{CF}", "ETH": "\u{D0}", "Ograve": "\u{D2}",
        "Oacute": "\u{D3}", "Ocirc": "\u{D4}", "Otilde": "\u{D5}", "Oslash": "\u{D8}", "Ugrave": "\u{D9}",
        "Uacute": "\u{DA}", "Ucirc": "\u{DB}", "Yacute": "\u{DD}", "THORN": "\u{DE}", "atilde": "\u{E3}",
        "eth": "\u{F0}", "thorn": "\u{FE}", "OElig": "\u{152}", "oelig": "\u{153}", "Scaron": "\u{160}",
        "scaron": "\u{161}", "Yuml": "\u{178}", "fnof": "\u{192}", "circ": "\u{2C6}", "tilde": "\u{2DC}",
        "Alpha": "\u{391}", "Beta": "\u{392}", "Gamma": "\u{393}", "Delta": "\u{394}", "Epsilon": "\u{395}",
        "Zeta": "\u{396}", "Eta": "\u{397}", "Theta": "\u{398}", "Iota": "\u{399}", "Kappa": "\u{39A}",
        "Lambda": "\u{39B}", "Mu": "\u{39C}", "Nu": "\u{39D}", "Xi": "\u{39E}", "Omicron": "\u{39F}",
        "Pi": "\u{3A0}", "Rho": "\u{3A1}", "Sigma": "\u{3A3}", "Tau": "\u{3A4}", "Upsilon": "\u{3A5}",
        "Phi": "\u{3A6}", "Chi": "\u{3A7}", "Psi": "\u{3A8}", "Omega": "\u{3A9}", "alpha": "\u{3B1}",
        "beta": "\u{3B2}", "gamma": "\u{3B3}", "delta": "\u{3B4}", "epsilon": "\u{3B5}", "zeta": "\u{3B6}",
        "eta": "\u{3B7}", "theta": "\u{3B8}", "iota": "\u{3B9}", "kappa": "\u{3BA}", "lambda": "\u{3BB}",
        "mu": "\u{3BC}", "nu": "\u{3BD}", "xi": "\u{3BE}", "omicron": "\u{3BF}", "pi": "\u{3C0}", "rho": "\u{3C1}",
        "sigmaf": "\u{3C2}", "sigma": "\u{3C3}", "tau": "\u{3C4}", "upsilon": "\u{3C5}", "phi": "\u{3C6}",
        "chi": "\u{3C7}", "psi": "\u{3C8}", "omega": "\u{3C9}", "thetasym": "\u{3D1}", "upsih": "\u{3D2}",
        "piv": "\u{3D6}", "lrm": "\u{200E}", "rlm": "\u{200F}", "permil": "\u{2030}", "Prime": "\u{2033}",
        "oline": "\u{203E}", "frasl": "\u{2044}", "image": "\u{2111}", "weierp": "\u{2118}", "real": "\u{211C}",
        "alefsym": "\u{2135}", "crarr": "\u{21B5}", "lArr": "\u{21D0}", "uArr": "\u{21D1}", "rArr": "\u{21D2}",
        "dArr": "\u{21D3}", "hArr": "\u{21D4}", "forall": "\u{2200}", "part": "\u{2202}", "exist": "\u{2203}",
        "empty": "\u{2205}", "nabla": "\u{2207}", "isin": "\u{2208}", "notin": "\u{2209}", "ni": "\u{220B}",
        "prod": "\u{220F}", "sum": "\u{2211}", "minus": "\u{2212}", "lowast": "\u{2217}", "radic": "\u{221A}",
        "prop": "\u{221D}", "infin": "\u{221E}", "ang": "\u{2220}", "and": "\u{2227}", "or": "\u{2228}",
        "cap": "\u{2229}", "cup": "\u{222A}", "int": "\u{222B}", "there4": "\u{2234}", "sim": "\u{223C}",
        "cong": "\u{2245}", "asymp": "\u{2248}", "ne": "\u{2260}", "equiv": "\u{2261}", "le": "\u{2264}",
        "ge": "\u{2265}", "sub": "\u{2282}", "sup": "\u{2283}", "nsub": "\u{2284}", "sube": "\u{2286}",
        "supe": "\u{2287}", "oplus": "\u{2295}", "otimes": "\u{2297}", "perp": "\u{22A5}", "sdot": "\u{22C5}",
        "lceil": "\u{2308}", "rceil": "\u{2309}", "lfloor": "\u{230A}", "rfloor": "\u{230B}", "lang": "\u{2329}",
        "rang": "\u{232A}", "loz": "\u{25CA}", "spades": "\u{2660}", "clubs": "\u{2663}", "hearts": "\u{2665}",
        "diams": "\u{2666}",
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
        if scalar.hasWhiteSpaceProperty {
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
