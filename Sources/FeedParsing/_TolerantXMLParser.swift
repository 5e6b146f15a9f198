import Foundation

/// Reads markup that is not well-formed XML into an ``_XMLElement`` tree, the way a reader
/// would guess it was meant: a bare `&` is text, an unknown entity stays as written, a closing
/// tag closes every element opened after its match, a stray closing tag is ignored and the
/// document's end closes whatever is still open.
///
/// Used only when `XMLParser` refuses a document. It works on the UTF-8 bytes that
/// ``_XMLPreflight`` produced, in one pass, with the same depth limit as the strict parser.
struct _TolerantXMLParser {
    private let bytes: [UInt8]
    private var index = 0
    private var stack: [(element: _XMLElement, qualifiedName: String, namespaces: [String: String])] = []
    private var root: _XMLElement?
    /// Whether the document ended with the root element still open (a file cut off, most
    /// often).
    private var rootLeftOpen = false
    private var elementCount = 0
    private var window: _ItemWindow

    private init(_ bytes: [UInt8], window: _ItemWindow) {
        self.bytes = bytes
        self.window = window
    }

    /// The root element, or `nil` when the bytes hold no element at all; every item kept.
    static func parse(_ data: Data) throws(FeedParsingError) -> _XMLElement? {
        try parseTellingEnd(data).root
    }

    /// The root element, or `nil` when the bytes hold no element at all, and whether the
    /// document ended before the root element's end tag.
    static func parseTellingEnd(_ data: Data) throws(FeedParsingError) -> (root: _XMLElement?, endsEarly: Bool) {
        var parser = _TolerantXMLParser([UInt8](data), window: _ItemWindow(maximumItems: .max))
        try parser.run()
        return (parser.root, parser.rootLeftOpen)
    }

    /// The root element, or `nil` when the bytes hold no element at all; `window` keeps the
    /// newest items (see ``_ItemWindow``) and says how many there were.
    static func parse(_ data: Data, window: inout _ItemWindow) throws(FeedParsingError) -> _XMLElement? {
        var parser = _TolerantXMLParser([UInt8](data), window: window)
        try parser.run()
        parser.window.finish()
        window = parser.window
        return parser.root
    }

    private mutating func run() throws(FeedParsingError) {
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") {
                if root != nil, stack.isEmpty { return }
                try markup()
            } else {
                text()
            }
        }
        rootLeftOpen = !stack.isEmpty
        while !stack.isEmpty { close() }
    }

    // MARK: Markup

    private mutating func markup() throws(FeedParsingError) {
        // Dispatched on the byte after `<`, so text full of `<`s costs one look each.
        let next = index + 1 < bytes.count ? bytes[index + 1] : 0
        if Self.isNameStart(next) {
            try startTag()
        } else if next == UInt8(ascii: "/") {
            endTag()
        } else if next == UInt8(ascii: "!"), starts(with: "<!--") {
            skip(past: "-->", from: index + 4)
        } else if next == UInt8(ascii: "!"), starts(with: "<![CDATA[") {
            let start = index + 9
            let end = find("]]>", from: start) ?? bytes.count
            appendText(String(decoding: bytes[start..<end], as: UTF8.self))
            index = min(end + 3, bytes.count)
        } else if next == UInt8(ascii: "!") {
            skipDeclaration()
        } else if next == UInt8(ascii: "?") {
            skip(past: "?>", from: index + 2)
        } else {
            appendText("<")
            index += 1
        }
    }

    /// Skips `<!DOCTYPE ...>`, including an internal subset in brackets.
    private mutating func skipDeclaration() {
        var depth = 0
        var position = index + 2
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth = max(0, depth - 1)
            case UInt8(ascii: ">") where depth == 0:
                index = position + 1
                return
            default: break
            }
            position += 1
        }
        index = bytes.count
    }

    private mutating func startTag() throws(FeedParsingError) {
        var position = index + 1
        let nameStart = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        let qualifiedName = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        var rawAttributes: [(String, String)] = []
        var selfClosing = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                selfClosing = true
                position += 2
                break
            }
            if byte == UInt8(ascii: "<") { break }  // an unterminated tag: the next one starts here
            guard Self.isNameStart(byte) else {
                position += 1
                continue
            }
            let attributeStart = position
            while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
            let name = String(decoding: bytes[attributeStart..<position], as: UTF8.self)
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                rawAttributes.append((name, name))
                continue
            }
            position += 1
            while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
            guard position < bytes.count else { break }
            let valueStart: Int
            let valueEnd: Int
            if bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                let quote = bytes[position]
                valueStart = position + 1
                var end = valueStart
                while end < bytes.count, bytes[end] != quote { end += 1 }
                valueEnd = end
                position = min(end + 1, bytes.count)
            } else {
                valueStart = position
                while position < bytes.count, !Self.isSpace(bytes[position]), bytes[position] != UInt8(ascii: ">") {
                    position += 1
                }
                valueEnd = position
            }
            let value = Self.decodingReferences(bytes[valueStart..<valueEnd])
            rawAttributes.append((name, value))
        }
        index = position
        try open(qualifiedName, rawAttributes: rawAttributes)
        if selfClosing { close() }
    }

    private mutating func open(_ qualifiedName: String, rawAttributes: [(String, String)]) throws(FeedParsingError) {
        guard stack.count < _XMLTreeBuilder.maximumDepth else {
            throw .tooLarge(_XMLTreeBuilder.depthLimitMessage)
        }
        elementCount += 1
        guard window.hasRoom(forElementCount: elementCount) else {
            throw .tooLarge(_XMLTreeBuilder.elementLimitMessage(window.maximumElements))
        }
        var namespaces = stack.last?.namespaces ?? ["xml": "http://www.w3.org/XML/1998/namespace"]
        var attributes: [String: String] = [:]
        for (name, value) in rawAttributes {
            if name == "xmlns" {
                namespaces[""] = value
            } else if name.hasPrefix("xmlns:") {
                namespaces[String(name.dropFirst(6))] = value
            } else {
                attributes[name] = value
                // Foundation's parser reports prefixed attributes by their local name too.
                if let colon = name.firstIndex(of: ":") {
                    let local = String(name[name.index(after: colon)...])
                    if attributes[local] == nil { attributes[local] = value }
                }
            }
        }
        let prefix: String
        let localName: String
        if let colon = qualifiedName.firstIndex(of: ":") {
            prefix = String(qualifiedName[..<colon])
            localName = String(qualifiedName[qualifiedName.index(after: colon)...])
        } else {
            prefix = ""
            localName = qualifiedName
        }
        let element = _XMLElement(name: localName, namespace: namespaces[prefix] ?? "", attributes: attributes)
        stack.append((element, qualifiedName, namespaces))
    }

    private mutating func endTag() {
        var position = index + 2
        let nameStart = position
        while position < bytes.count, Self.isNameByte(bytes[position]) { position += 1 }
        let name = String(decoding: bytes[nameStart..<position], as: UTF8.self)
        while position < bytes.count, bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "<") {
            position += 1
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ">") { position += 1 }
        index = position
        let match =
            stack.lastIndex { $0.qualifiedName == name }
            ?? stack.lastIndex { $0.qualifiedName.lowercased() == name.lowercased() }
        guard let match else { return }
        while stack.count > match { close() }
    }

    private mutating func close() {
        guard let (element, _, _) = stack.popLast() else { return }
        if let parent = stack.last?.element {
            window.adopt(element, into: parent)
        } else if root == nil {
            root = element
        }
    }

    // MARK: Text

    private mutating func text() {
        let start = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "<") { index += 1 }
        guard !stack.isEmpty else { return }
        appendText(Self.decodingReferences(bytes[start..<index]))
    }

    private func appendText(_ text: String) {
        stack.last?.element.append(text)
    }

    /// The text with character references decoded; a bare `&` or an unknown name stays as
    /// written. Unlike ``HTMLText/decodingEntities(_:)`` it keeps whitespace and length.
    private static func decodingReferences(_ slice: ArraySlice<UInt8>) -> String {
        let text = String(decoding: slice, as: UTF8.self)
        guard slice.contains(UInt8(ascii: "&")) else { return text }
        let scalars = Array(text.unicodeScalars)
        // Appended one scalar or one string at a time: a view's `append(contentsOf:)` copies
        // the whole text so far, which made a text of a million bare `&`s take minutes.
        var output = ""
        output.reserveCapacity(slice.count)
        var position = 0
        while position < scalars.count {
            if scalars[position] == "&" {
                let (decoded, next) = HTMLText.decodeReference(scalars, at: position)
                output += decoded
                position = next
            } else {
                output.unicodeScalars.append(scalars[position])
                position += 1
            }
        }
        return output
    }

    // MARK: Bytes

    private func starts(with prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let needle = prefix.utf8Start
        for offset in 0..<count where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    private func find(_ needle: String, from start: Int) -> Int? {
        let needle = Array(needle.utf8)
        guard let first = needle.first, start <= bytes.count else { return nil }
        var position = start
        while position + needle.count <= bytes.count {
            if bytes[position] == first, bytes[position..<(position + needle.count)].elementsEqual(needle) {
                return position
            }
            position += 1
        }
        return nil
    }

    private mutating func skip(past terminator: String, from start: Int) {
        index = find(terminator, from: start).map { $0 + terminator.utf8.count } ?? bytes.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    private static func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_")
            || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
}
