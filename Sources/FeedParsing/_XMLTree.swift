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
        children.first { $0.name == name && (namespace == nil || $0.namespace == namespace) }
    }

    /// The children with local name `name` in `namespace`.
    func children(_ name: String, in namespace: String? = nil) -> [_XMLElement] {
        children.filter { $0.name == name && (namespace == nil || $0.namespace == namespace) }
    }

    /// The element's own text and its descendants' text, separated by spaces.
    var allText: String {
        guard !children.isEmpty else { return text }
        var parts = [text]
        for child in children { parts.append(child.allText) }
        return parts.joined(separator: " ")
    }

    /// The element's content written back as markup (text escaped), for HTML reduction.
    var innerMarkup: String {
        var markup = ""
        for piece in contents {
            switch piece {
            case .text(let text):
                markup += text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            case .element(let element):
                markup += "<\(element.name)>\(element.innerMarkup)</\(element.name)>"
            }
        }
        return markup
    }

    /// The trimmed text of the first child `name`, or `nil` when missing or blank.
    func childText(_ name: String, in namespace: String? = nil) -> String? {
        guard let text = child(name, in: namespace)?.allText.trimmingCharacters(in: .whitespacesAndNewlines),
            !text.isEmpty
        else { return nil }
        return text
    }
}

/// Builds an ``_XMLElement`` tree with Foundation's `XMLParser`, with namespaces processed and
/// external entities never resolved.
final class _XMLTreeBuilder: NSObject, XMLParserDelegate {
    private var stack: [_XMLElement] = []
    private(set) var root: _XMLElement?
    private var depthLimitHit = false
    private static let maximumDepth = 256

    /// The document's root element.
    static func parse(_ data: Data) throws(FeedParsingError) -> _XMLElement {
        let builder = _XMLTreeBuilder()
        let parser = XMLParser(data: try _XMLPreflight.prepare(data))
        parser.shouldProcessNamespaces = true
        parser.shouldReportNamespacePrefixes = false
        parser.shouldResolveExternalEntities = false
        parser.delegate = builder
        let succeeded = parser.parse()
        if builder.depthLimitHit {
            throw .notAFeed("XML nested deeper than \(maximumDepth) levels")
        }
        guard succeeded, let root = builder.root else {
            let line = parser.lineNumber
            let column = parser.columnNumber
            let reason = parser.parserError.map { Self.describe($0) } ?? "the document ends early"
            throw .malformed(Self.guessFormat(builder), "XML error at line \(line), column \(column): \(reason)")
        }
        return root
    }

    private static func guessFormat(_ builder: _XMLTreeBuilder) -> FeedFormat {
        let rootName = builder.stack.first?.name ?? builder.root?.name
        return rootName == "feed" ? .atom : .rss
    }

    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let code = XMLParser.ErrorCode(rawValue: nsError.code) {
            switch code {
            case .prematureDocumentEndError: return "the document ends early"
            case .tagNameMismatchError: return "a closing tag does not match its opening tag"
            case .undeclaredEntityError: return "an undeclared entity"
            case .emptyDocumentError: return "the document is empty"
            default: break
            }
        }
        return "invalid XML (parser error \(nsError.code))"
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
            parent.children.append(element)
            parent.contents.append(.element(element))
        } else {
            root = element
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        append(string)
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        append(String(decoding: CDATABlock, as: UTF8.self))
    }

    private func append(_ text: String) {
        guard let element = stack.last else { return }
        element.text += text
        if case .text(var previous)? = element.contents.last {
            // Remove first so the string is uniquely referenced and grows in place.
            element.contents.removeLast()
            previous += text
            element.contents.append(.text(previous))
        } else {
            element.contents.append(.text(text))
        }
    }
}
