public import Foundation

/// Reduces the HTML of a feed item to a safe subset, to store and to show later: what the feed
/// gave, without what could act when it is shown.
///
/// Kept: structure (paragraphs, divisions, line breaks, rules), headings, lists, quotes,
/// preformatted text and code, emphasis, tables, links (`a href`) and images (`img src alt`),
/// with their addresses resolved against `baseURL`. Dropped: every other element (its text
/// stays) and every other attribute, so no event handler or style survives; the contents of
/// `script`, `style`, `iframe`, `object`, `svg` and their kind; comments; and any address that
/// leads nowhere to open (`javascript:`, `data:`, a fragment). Text is written with `&`, `<`
/// and `>` escaped, attribute values quoted.
///
/// The fragment is made for ``HTMLRenderer``, which lays it out exactly as it lays out the
/// original HTML with the same base, and numbers the links ``SanitizedHTML/links`` lists, in
/// that order. It is a filter of the original, not a repair: a tag the original left open
/// stays open. Control characters in the text are data and stay, for the terminal's sanitiser
/// to handle where the text is drawn.
///
/// ```swift
/// let safe = HTMLSanitizer.sanitize(
///     "<p onclick=\"x()\">Read <a href=\"/more\">more</a><script>x()</script></p>",
///     baseURL: URL(string: "https://example.com/post"))
/// safe.html   // "<p>Read <a href=\"https://example.com/more\">more</a></p>"
/// safe.links  // ["https://example.com/more"]
/// ```
public enum HTMLSanitizer {
    /// `html` reduced to the safe subset, with the links found in it.
    ///
    /// - Parameters:
    ///   - html: The HTML, a fragment or a whole document.
    ///   - baseURL: The address relative links and images are resolved against, usually the
    ///     item's link or the feed's address; without one they are kept as written.
    public static func sanitize(_ html: String, baseURL: URL? = nil) -> SanitizedHTML {
        var sanitizing = _HTMLSanitizing(html: html, baseURL: baseURL)
        return sanitizing.run()
    }

    /// The elements kept, by name, each with what it is written as: obsolete names that lay
    /// out as a kept element become that element.
    static let keptElements: [String: String] = {
        var elements: [String: String] = [:]
        let kept = [
            "p", "br", "hr", "div", "section", "article", "header", "footer", "aside", "main", "nav", "address",
            "details", "summary", "figure", "figcaption", "center", "h1", "h2", "h3", "h4", "h5", "h6", "ul", "ol",
            "li", "dl", "dt", "dd", "blockquote", "q", "cite", "pre", "code", "tt", "kbd", "samp", "var", "em",
            "strong", "b", "i", "u", "s", "strike", "del", "ins", "mark", "small", "big", "sub", "sup", "abbr",
            "dfn", "table", "caption", "thead", "tbody", "tfoot", "tr", "td", "th", "a", "img",
        ]
        for name in kept { elements[name] = name }
        for (name, kept) in [("menu", "ul"), ("dir", "ul"), ("form", "div"), ("fieldset", "div")] {
            elements[name] = kept
        }
        return elements
    }()

    /// Elements that have no end tag.
    static let voidElements: Set<String> = ["br", "hr", "img"]
}

/// HTML reduced to ``HTMLSanitizer``'s safe subset, and the links found in it.
public struct SanitizedHTML: Sendable, Hashable {
    /// The HTML fragment, addresses absolute where a base was known.
    public var html: String
    /// The addresses of the links in ``html``, each once, in the order ``HTMLRenderer``
    /// numbers them: the first is `[1]`.
    public var links: [String]

    /// A fragment with the given HTML and links.
    public init(html: String, links: [String] = []) {
        self.html = html
        self.links = links
    }
}

/// One sanitising: reads tokens and writes the kept ones.
struct _HTMLSanitizing {
    private var tokenizer: _HTMLTokenizer
    private var numbering: _LinkNumbering
    private var output = ""

    init(html: String, baseURL: URL?) {
        tokenizer = _HTMLTokenizer(Array(html.unicodeScalars))
        numbering = _LinkNumbering(baseURL: baseURL)
        output.reserveCapacity(html.utf8.count)
    }

    mutating func run() -> SanitizedHTML {
        while let token = tokenizer.next() {
            switch token {
            case .text(let range): text(range)
            case .literal(let range):
                for scalar in tokenizer.scalars[range] { escape(scalar) }
            case .start(let name, let attributes, let isSelfClosing):
                guard let kept = HTMLSanitizer.keptElements[name] else { continue }
                start(kept, attributes: attributes)
                if isSelfClosing, !HTMLSanitizer.voidElements.contains(kept) { output += "</\(kept)>" }
            case .end(let name):
                guard let kept = HTMLSanitizer.keptElements[name], !HTMLSanitizer.voidElements.contains(kept)
                else { continue }
                output += "</\(kept)>"
            }
        }
        return SanitizedHTML(html: output, links: numbering.links)
    }

    /// Text with its references decoded (as the renderer decodes them), written escaped.
    private mutating func text(_ range: Range<Int>) {
        let scalars = tokenizer.scalars
        var index = range.lowerBound
        while index < range.upperBound {
            if scalars[index] == "&" {
                let (decoded, next) = HTMLText.decodeReference(scalars, at: index)
                for scalar in decoded.unicodeScalars { escape(scalar) }
                index = min(next, range.upperBound)
            } else {
                escape(scalars[index])
                index += 1
            }
        }
    }

    private mutating func start(_ name: String, attributes: [String: String]) {
        output += "<" + name
        switch name {
        case "a":
            if let href = attributes["href"], let address = numbering.address(of: href) {
                _ = numbering.number(forLink: href)
                attribute("href", address)
            }
        case "img":
            if let src = attributes["src"], let address = numbering.address(of: src) {
                attribute("src", address)
                // An image is among the links the reader numbers, to be opened like one.
                _ = numbering.number(forLink: src)
            }
            if let alt = attributes["alt"] { attribute("alt", alt) }
        case "ol":
            if let start = attributes["start"] { attribute("start", start) }
        default: break
        }
        output += ">"
    }

    private mutating func attribute(_ name: String, _ value: String) {
        output += " \(name)=\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" { output += "&quot;" } else { escape(scalar) }
        }
        output += "\""
    }

    private mutating func escape(_ scalar: Unicode.Scalar) {
        switch scalar {
        case "&": output += "&amp;"
        case "<": output += "&lt;"
        case ">": output += "&gt;"
        default: output.unicodeScalars.append(scalar)
        }
    }
}
