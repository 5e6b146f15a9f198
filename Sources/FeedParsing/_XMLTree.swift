import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An element of a parsed XML document: local name, namespace, attributes, text, children.
///
/// Built and read on one thread inside a parse; never shared.
final class _XMLElement {
    let name: String
    let namespace: String
    let attributes: [String: String]
    var text = ""
    var children: [_XMLElement] = []
    /// Text and child elements in document order, for markup that mixes them (Atom xhtml).
    var contents: [Content] = []

    enum Content {
        case text(String)
        case element(_XMLElement)
    }

    init(name: String, namespace: String, attributes: [String: String]) {
        self.name = name
        self.namespace = namespace
        self.attributes = attributes
    }

    /// The first child with local name `name` in `namespace` (no namespace by default).
    func child(_ name: String, in namespace: String? = nil) -> _XMLElement? {
        children.first { $0.name == name && (namespace.map($0.isIn) ?? true) }
    }

    /// Whether the element is in `namespace`, as feeds write it: a namespace spelled with other
    /// capitals or without its closing slash (`http://www.itunes.com/DTDs/Podcast-1.0.dtd`,
    /// `http://purl.org/dc/elements/1.1`) is the one meant.
    func isIn(_ namespace: String) -> Bool {
        self.namespace == namespace || Self.normalized(self.namespace) == Self.normalized(namespace)
    }

    private static func normalized(_ namespace: String) -> String {
        var lowered = namespace.lowercased()
        if lowered.hasSuffix("/") { lowered.removeLast() }
        return lowered
    }

    /// The first element below this one, breadth first, whose local name is in `names`.
    func firstDescendant(named names: Set<String>) -> _XMLElement? {
        var queue = children[...]
        while let element = queue.popFirst() {
            if names.contains(element.name) { return element }
            queue.append(contentsOf: element.children)
        }
        return nil
    }

    /// The children with local name `name` in `namespace`.
    func children(_ name: String, in namespace: String? = nil) -> [_XMLElement] {
        children.filter { $0.name == name && (namespace.map($0.isIn) ?? true) }
    }

    /// The element's own text and its descendants' text, in document order.
    var allText: String {
        guard !children.isEmpty else { return text }
        var all = ""
        appendAllText(to: &all)
        return all
    }

    /// The content as HTML source, for elements whose text is HTML (RSS descriptions, Atom
    /// `html` text): the text as it is, and child elements (unescaped markup that a feed put
    /// there) written back as tags where they stood.
    var htmlSource: String {
        guard !children.isEmpty else { return text }
        var markup = ""
        appendHTMLSource(to: &markup)
        return markup
    }

    // One accumulator for the whole subtree, so deep nesting does not copy text once per level.
    private func appendAllText(to output: inout String) {
        for piece in contents {
            switch piece {
            case .text(let text): output += text
            case .element(let element): element.appendAllText(to: &output)
            }
        }
    }

    private func appendHTMLSource(to output: inout String) {
        for piece in contents {
            switch piece {
            case .text(let text): output += text
            case .element(let element):
                element.appendStartTag(to: &output, resolvingAgainst: nil)
                element.appendHTMLSource(to: &output)
                output += "</\(element.name)>"
            }
        }
    }

    /// The element's start tag with its attributes (in name order, so the same element always
    /// writes the same markup); `href` and `src` made absolute against `base` when it is given.
    private func appendStartTag(to output: inout String, resolvingAgainst base: URL?) {
        output += "<" + name
        for key in attributes.keys.sorted() where !key.hasPrefix("xmlns") {
            guard let value = attributes[key] else { continue }
            let resolved = base != nil && (key == "href" || key == "src")
            let written = resolved ? (_FeedAssembler.resolve(value, against: base) ?? value) : value
            output += " \(key)=\"" + Self.escaped(written, quotes: true) + "\""
        }
        output += ">"
    }

    /// Text with the characters markup gives meaning to written as references.
    private static func escaped(_ text: String, quotes: Bool = false) -> String {
        var escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        if quotes { escaped = escaped.replacingOccurrences(of: "\"", with: "&quot;") }
        return escaped
    }

    /// Whether this element has an `xml:base` of its own.
    var declaresBase: Bool { attributes["xml:base"] != nil || attributes["base"] != nil }

    /// The base address for links inside this element: its `xml:base` resolved against
    /// `inherited`, else `inherited`.
    func base(inheriting inherited: URL?) -> URL? {
        guard let value = attributes["xml:base"] ?? attributes["base"],
            let trimmed = _FeedAssembler.trimmed(value),
            let url = URL(string: trimmed, relativeTo: inherited)?.absoluteURL
        else { return inherited }
        return url.scheme == nil ? inherited : url
    }

    /// Appends text, merging it with text just before it.
    func append(_ newText: String) {
        text += newText
        if case .text(var previous)? = contents.last {
            // Remove first so the string is uniquely referenced and grows in place.
            contents.removeLast()
            previous += newText
            contents.append(.text(previous))
        } else {
            contents.append(.text(newText))
        }
    }

    /// The element's content written back as markup (text escaped, attributes kept), for HTML
    /// reduction: Atom `xhtml` content. Links (`href`, `src`) are made absolute against the
    /// `xml:base` in scope, which starts from `base`; without any base they stay as written.
    func innerMarkup(base: URL?) -> String {
        var markup = ""
        appendInnerMarkup(to: &markup, base: self.base(inheriting: base))
        return markup
    }

    private func appendInnerMarkup(to output: inout String, base: URL?) {
        for piece in contents {
            switch piece {
            case .text(let text):
                output += Self.escaped(text)
            case .element(let element):
                let elementBase = element.base(inheriting: base)
                element.appendStartTag(to: &output, resolvingAgainst: elementBase)
                element.appendInnerMarkup(to: &output, base: elementBase)
                output += "</\(element.name)>"
            }
        }
    }

    /// The trimmed text of the first child `name`, or `nil` when missing or blank.
    func childText(_ name: String, in namespace: String? = nil) -> String? {
        child(name, in: namespace)?.allText.trimmingSpacesAndNewlines()
    }
}

/// Builds an ``_XMLElement`` tree with Foundation's `XMLParser`, with namespaces processed and
/// external entities never resolved.
final class _XMLTreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [_XMLElement] = []
    private(set) var root: _XMLElement?
    private var depthLimitHit = false
    private var elementCount = 0
    private var elementLimitHit = false
    private var window: _ItemWindow
    /// The first error `XMLParser` met; parsing stops there (see `parseErrorOccurred`).
    private var firstError: (any Error)?
    private var errorLine = 0
    private var errorColumn = 0
    static let maximumDepth = 256
    /// Bounds the tree's memory: the most elements held at once. A feed listing more items than
    /// its ``_ItemWindow`` keeps has its oldest items dropped as it is read; only a document
    /// that has this many elements besides those is refused.
    static let maximumElements = 400_000
    /// The root names of the feeds the tolerant parser may recover.
    private static let feedRoots: Set<String> = ["rss", "RDF", "feed", "channel", "html"]

    /// The document's root element. A document that is not well-formed XML but has a feed's
    /// root element is read again with ``_TolerantXMLParser``. `window` keeps the newest items
    /// (see ``_ItemWindow``) and says how many there were.
    static func parse(
        _ data: Data, charset: String? = nil, window: inout _ItemWindow
    ) throws(FeedParsingError) -> _XMLElement {
        let builder = _XMLTreeBuilder(window: window)
        let (prepared, droppedLines) = try _XMLPreflight.prepare(data, charset: charset)
        let parser = XMLParser(data: prepared)
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let succeeded = parser.parse()
        if builder.depthLimitHit { throw .tooLarge(depthLimitMessage) }
        if builder.elementLimitHit { throw .tooLarge(elementLimitMessage(window.maximumElements)) }
        guard succeeded, let root = builder.root else {
            var retry = _ItemWindow(maximumItems: window.maximumItems, maximumElements: window.maximumElements)
            if let recovered = try _TolerantXMLParser.parse(prepared, window: &retry),
                feedRoots.contains(recovered.name)
            {
                window = retry
                return recovered
            }
            let line = (builder.firstError == nil ? parser.lineNumber : builder.errorLine) + droppedLines
            let column = builder.firstError == nil ? parser.columnNumber : builder.errorColumn
            let reason =
                (builder.firstError ?? parser.parserError).map { Self.describe($0) } ?? "the document ends early"
            throw .malformed(
                Self.guessFormat(builder), "XML error at line \(max(line, 1)), column \(max(column, 1)): \(reason)")
        }
        builder.window.finish()
        window = builder.window
        return root
    }

    /// Why a document nested too deep is refused.
    static let depthLimitMessage = "XML nested deeper than \(maximumDepth) levels"
    /// Why a document with more than `limit` elements (besides the items dropped) is refused.
    static func elementLimitMessage(_ limit: Int) -> String { "too many XML elements (more than \(limit))" }

    private init(window: _ItemWindow) {
        self.window = window
        super.init()
    }

    private static func guessFormat(_ builder: _XMLTreeBuilder) -> FeedFormat {
        let rootName = builder.stack.first?.name ?? builder.root?.name
        return rootName == "feed" ? .atom : .rss
    }

    /// `XMLParser`'s error in words. The code is libxml2's (`xmlParserErrors`), which Apple's
    /// `NSXMLParserError` numbers the same; the open-source Foundation's `XMLParser.ErrorCode`
    /// enum numbers its cases differently, so the codes are matched as numbers here.
    static func describe(_ error: any Error) -> String {
        let code = (error as NSError).code
        switch code {
        case 4: return "the document is empty"
        case 5, 77: return "the document ends early"
        case 6, 7, 8, 10, 14, 22, 23: return "a broken character or entity reference"
        case 9: return "a character XML does not allow"
        case 26, 27: return "an undeclared entity"
        case 31, 32, 79, 81: return "an encoding it cannot read"
        case 38: return "a '<' inside an attribute value"
        case 39, 40, 41, 43, 44: return "an attribute without a quoted value"
        case 42: return "an attribute given twice in one tag"
        case 45: return "a comment that is never closed"
        case 63: return "a CDATA section that is never closed"
        case 64: return "a name that XML reserves"
        case 65, 75: return "a tag whose attributes are not written name=\"value\""
        case 68: return "a '<' that starts no tag (text must write it as &lt;)"
        case 73: return "a tag that is not closed with '>'"
        case 76: return "a closing tag does not match its opening tag"
        case 85: return "tags that do not nest"
        case 86: return "content after the document's last closing tag"
        default: return "markup that is not well-formed XML (libxml2 error \(code))"
        }
    }

    func parser(
        _ parser: XMLParser,
        didStartElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?,
        attributes attributeDict: [String: String] = [:]
    ) {
        guard stack.count < Self.maximumDepth else {
            depthLimitHit = true
            parser.abortParsing()
            return
        }
        elementCount += 1
        guard window.hasRoom(forElementCount: elementCount) else {
            elementLimitHit = true
            parser.abortParsing()
            return
        }
        let localName = elementName.split(separator: ":").last.map(String.init) ?? elementName
        stack.append(_XMLElement(name: localName, namespace: namespaceURI ?? "", attributes: attributeDict))
    }

    func parser(
        _ parser: XMLParser,
        didEndElement elementName: String,
        namespaceURI: String?,
        qualifiedName qName: String?
    ) {
        guard let element = stack.popLast() else { return }
        if let parent = stack.last {
            window.adopt(element, into: parent)
        } else {
            root = element
        }
    }

    /// Stops at the first error: the document is read again by the tolerant parser then, so
    /// nothing after it is needed, and `XMLParser` going on would report every later error
    /// too (a title of two million bare `&`s made as many error objects, for seconds).
    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        guard firstError == nil else { return }
        firstError = parseError
        errorLine = parser.lineNumber
        errorColumn = parser.columnNumber
        parser.abortParsing()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        append(String(decoding: CDATABlock, as: UTF8.self))
    }

    private func append(_ text: String) {
        stack.last?.append(text)
    }
}
