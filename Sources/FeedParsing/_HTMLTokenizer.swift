/// A piece of HTML as ``HTMLRenderer`` reads it. Text is given as a range of the input, with
/// its character references not yet decoded.
enum _HTMLToken: Equatable {
    /// Text, references undecoded.
    case text(Range<Int>)
    /// Text to take as it is (the inside of a CDATA section).
    case literal(Range<Int>)
    /// An opening tag, its name lowercased, with the attributes the renderer uses (decoded).
    case start(name: String, attributes: [String: String], isSelfClosing: Bool)
    /// A closing tag, its name lowercased.
    case end(name: String)
}

/// Cuts HTML into tokens the way a forgiving reader would: a `<` that does not start a tag is
/// text, a tag never closed by `>` is text, an unclosed comment runs to the end, and the
/// contents of `script`, `style` and their kind are skipped.
///
/// Every scalar is looked at a bounded number of times, so the time is linear in the input:
/// the next `>` and the absence of a closing tag are remembered, and the search for the end of
/// a quoted attribute value that holds a `>` draws on a budget proportional to the input.
struct _HTMLTokenizer {
    let scalars: [Unicode.Scalar]
    private(set) var index = 0
    /// The last `>` found, and where that search started: it is the first `>` after any
    /// position in between.
    private var knownClose: (from: Int, at: Int)?
    /// A search for `>` from here found none, so none follows any later position either.
    private var noCloseAfter: Int?
    /// For each skipped element's name, a position after which its closing tag does not occur.
    private var noClosingTagAfter: [String: Int] = [:]
    /// Scalars that may still be read past a tag's first `>` looking for a closing quote.
    private var quoteBudget: Int

    /// The attributes worth decoding; others are skipped.
    static let usedAttributes: Set<String> = ["href", "alt", "src", "start"]

    /// Elements whose content is never shown.
    static let skippedElements: Set<String> = [
        "script", "style", "template", "noscript", "iframe", "svg", "math", "head", "object", "select",
    ]

    init(_ scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        quoteBudget = 4 * scalars.count + 1024
    }

    /// The next token, or `nil` at the end.
    mutating func next() -> _HTMLToken? {
        while index < scalars.count {
            guard scalars[index] == "<" else { return text() }
            if let token = markup() { return token }
        }
        return nil
    }

    /// Text up to the next `<` that may start markup.
    private mutating func text() -> _HTMLToken {
        let start = index
        index += 1
        while index < scalars.count, scalars[index] != "<" { index += 1 }
        return .text(start..<index)
    }

    /// The markup at `index` (a `<`); `nil` when it produced nothing to return (a comment, a
    /// declaration, a skipped element), with `index` moved past it. A `<` that starts no
    /// markup comes back as text.
    private mutating func markup() -> _HTMLToken? {
        let start = index
        let next = start + 1
        guard next < scalars.count else { return plainAngle() }
        let first = scalars[next]
        if first == "!" {
            if matches("!--", at: next) {
                index = find("-->", from: next + 3).map { $0 + 3 } ?? scalars.count
                return nil
            }
            if matches("![CDATA[", at: next) {
                let contentStart = next + 8
                let end = find("]]>", from: contentStart) ?? scalars.count
                index = min(end + 3, scalars.count)
                return .literal(contentStart..<end)
            }
            guard let close = firstClose(from: next) else { return plainAngle() }
            index = close + 1
            return nil
        }
        if first == "?" {
            guard let close = firstClose(from: next) else { return plainAngle() }
            index = close + 1
            return nil
        }
        if first == "/" {
            guard next + 1 < scalars.count, Self.isNameStart(scalars[next + 1]),
                let close = firstClose(from: next)
            else { return plainAngle() }
            let (name, _) = tagName(from: next + 1, to: close)
            index = close + 1
            return .end(name: name)
        }
        guard Self.isNameStart(first), var close = firstClose(from: next) else { return plainAngle() }
        let (name, nameEnd) = tagName(from: next, to: close)
        var parsed = attributes(from: nameEnd, to: close)
        if let quote = parsed.openQuote, let extended = closeAfterQuote(quote, from: close + 1) {
            close = extended
            parsed = attributes(from: nameEnd, to: close)
        }
        index = close + 1
        let isSelfClosing = close > next && scalars[close - 1] == "/"
        if Self.skippedElements.contains(name), !isSelfClosing {
            skipContent(of: name)
            return nil
        }
        return .start(name: name, attributes: parsed.values, isSelfClosing: isSelfClosing)
    }

    /// The `<` at `index` as text.
    private mutating func plainAngle() -> _HTMLToken {
        let start = index
        index += 1
        return .text(start..<index)
    }

    /// Moves past the content and closing tag of the skipped element `name`; an element never
    /// closed is skipped as a tag alone, its content shown.
    private mutating func skipContent(of name: String) {
        if let after = noClosingTagAfter[name], after <= index { return }
        let closing = Array("</\(name)".unicodeScalars)
        var search = index
        while search + closing.count <= scalars.count {
            if scalars[search] == "<", matchesIgnoringCase(closing, at: search) {
                index = firstClose(from: search).map { $0 + 1 } ?? scalars.count
                return
            }
            search += 1
        }
        noClosingTagAfter[name] = index
    }

    /// The first `>` at or after `start`, remembered so that a run of stray `<`s costs one scan.
    private mutating func firstClose(from start: Int) -> Int? {
        if let known = knownClose, known.from <= start, start <= known.at { return known.at }
        if let none = noCloseAfter, none <= start { return nil }
        var position = start
        while position < scalars.count, scalars[position] != ">" { position += 1 }
        guard position < scalars.count else {
            noCloseAfter = start
            return nil
        }
        knownClose = (start, position)
        return position
    }

    /// The `>` that ends a tag whose quoted value, opened with `quote`, holds a `>`: the first
    /// `>` after the closing quote. `nil` when the budget runs out first or there is none.
    private mutating func closeAfterQuote(_ quote: Unicode.Scalar, from start: Int) -> Int? {
        var position = start
        var quoteClosed = false
        while position < scalars.count, quoteBudget > 0 {
            quoteBudget -= 1
            let scalar = scalars[position]
            if !quoteClosed, scalar == quote {
                quoteClosed = true
            } else if quoteClosed, scalar == ">" {
                return position
            } else if scalar == "<", !quoteClosed {
                // A value does not hold markup: the quote is stray.
                return nil
            }
            position += 1
        }
        return nil
    }

    private func tagName(from start: Int, to end: Int) -> (String, Int) {
        var name = ""
        var position = start
        while position < end {
            let scalar = scalars[position]
            if scalar == "/" || scalar.hasWhiteSpaceProperty { break }
            if name.unicodeScalars.count < 32 { name.unicodeScalars.append(Self.lowercased(scalar)) }
            position += 1
        }
        return (name, position)
    }

    /// The used attributes between `start` and `end`, and the quote left open at `end`, if one is.
    private func attributes(from start: Int, to end: Int) -> (values: [String: String], openQuote: Unicode.Scalar?) {
        var values: [String: String] = [:]
        var position = start
        while position < end {
            while position < end, scalars[position].hasWhiteSpaceProperty || scalars[position] == "/" {
                position += 1
            }
            var name = ""
            while position < end {
                let scalar = scalars[position]
                if scalar == "=" || scalar == "/" || scalar.hasWhiteSpaceProperty { break }
                if name.unicodeScalars.count < 32 { name.unicodeScalars.append(Self.lowercased(scalar)) }
                position += 1
            }
            while position < end, scalars[position].hasWhiteSpaceProperty { position += 1 }
            guard position < end, scalars[position] == "=" else {
                if !name.isEmpty, Self.usedAttributes.contains(name), values[name] == nil { values[name] = "" }
                continue
            }
            position += 1
            while position < end, scalars[position].hasWhiteSpaceProperty { position += 1 }
            var valueStart = position
            var valueEnd = position
            if position < end, scalars[position] == "\"" || scalars[position] == "'" {
                let quote = scalars[position]
                valueStart = position + 1
                position = valueStart
                while position < end, scalars[position] != quote { position += 1 }
                valueEnd = position
                guard position < end else {
                    if Self.usedAttributes.contains(name), values[name] == nil {
                        values[name] = decoded(valueStart..<valueEnd)
                    }
                    return (values, quote)
                }
                position += 1
            } else {
                while position < end, !scalars[position].hasWhiteSpaceProperty { position += 1 }
                valueEnd = position
            }
            if Self.usedAttributes.contains(name), values[name] == nil {
                values[name] = decoded(valueStart..<valueEnd)
            }
        }
        return (values, nil)
    }

    /// The text of `range` with its character references decoded.
    func decoded(_ range: Range<Int>) -> String {
        var result = ""
        var position = range.lowerBound
        while position < range.upperBound {
            if scalars[position] == "&" {
                let (text, next) = HTMLText.decodeReference(scalars, at: position)
                result += text
                position = min(next, range.upperBound)
            } else {
                result.unicodeScalars.append(scalars[position])
                position += 1
            }
        }
        return result
    }

    private func matches(_ text: String, at start: Int) -> Bool {
        var position = start
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private func matchesIgnoringCase(_ needle: [Unicode.Scalar], at start: Int) -> Bool {
        for offset in 0..<needle.count where Self.lowercased(scalars[start + offset]) != needle[offset] {
            return false
        }
        return true
    }

    private func find(_ text: String, from start: Int) -> Int? {
        let needle = Array(text.unicodeScalars)
        var position = start
        while position + needle.count <= scalars.count {
            if scalars[position] == needle[0], matches(text, at: position) { return position }
            position += 1
        }
        return nil
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    private static func lowercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32) ?? scalar : scalar
    }
}
