public import Foundation

/// Lays out the HTML of a feed item as text for a terminal, keeping its structure.
///
/// Paragraphs are separated by blank lines; headings start with `#` marks; list items get
/// bullets or numbers, indented by level; quotes start each line with `> `; `pre` and `code`
/// keep their spaces and line breaks; `br` breaks the line; images show as `[image: alt]` with
/// the number of their address, which is listed with the links (`[image: a chart][2]`).
/// Links are numbered where their text ends (`[1]`) and listed in ``RenderedHTML/links``,
/// relative ones resolved against `baseURL`. Character references are decoded; `script`,
/// `style` and comments are dropped. Bold, italic, headings, code and `pre` are marked in
/// ``RenderedHTML/styleRuns``, for a front end that can show them.
///
/// It is a pure function of its input and forgives what real feeds publish: unclosed tags,
/// stray `<`, unbalanced quotes. Its time is linear in the input and the text is at most
/// `maximumLength` scalars (cut with `…`).
///
/// It lays text out; it does not make it safe for a terminal. Control characters of the input
/// (an escape sequence, a stray C1 character) stay in the text as data, so draw the text
/// through a sanitiser for terminal output, such as TerminalUI's `TextSanitizer` (which
/// drops an escape sequence whole and shows a lone control as a placeholder). The links are
/// addresses without control characters.
///
/// ```swift
/// let rendered = HTMLRenderer.render(
///     "<p>Read <a href=\"/more\">more</a>.</p><ul><li>one</li><li>two</li></ul>",
///     baseURL: URL(string: "https://example.com/post"))
/// rendered.text              // "Read more[1].\n\n  • one\n  • two"
/// rendered.links             // ["https://example.com/more"]
/// rendered.textWithLinkList  // the text, then "Links:" and "[1]: https://example.com/more"
/// ```
public enum HTMLRenderer {
    /// The longest text returned by default, in Unicode scalars.
    public static let defaultMaximumLength = 200_000

    /// The most links numbered; later links are shown as their text alone.
    public static let maximumLinkCount = 1_000

    /// `html` laid out for a terminal, with its links numbered.
    ///
    /// - Parameters:
    ///   - html: The HTML, a fragment or a whole document.
    ///   - baseURL: The address relative links are resolved against, usually the item's link
    ///     or the feed's address; without one they are kept as written.
    ///   - maximumLength: The most scalars the text may have.
    public static func render(
        _ html: String, baseURL: URL? = nil, maximumLength: Int = defaultMaximumLength
    ) -> RenderedHTML {
        var renderer = _HTMLRendering(html: html, baseURL: baseURL, limit: maximumLength)
        return renderer.run()
    }

    /// Plain text (a JSON Feed's `content_text`) laid out the same way: its line breaks kept,
    /// runs of spaces collapsed.
    public static func render(plainText text: String, maximumLength: Int = defaultMaximumLength) -> RenderedHTML {
        var writer = _TerminalTextWriter(limit: maximumLength)
        for scalar in text.unicodeScalars where !writer.isFull {
            switch scalar {
            case "\n", "\u{2028}", "\u{2029}": writer.newLine()
            default: writer.append(flowing: scalar)
            }
        }
        return RenderedHTML(text: writer.finish().text)
    }
}

/// One rendering: reads tokens and writes text.
struct _HTMLRendering {
    private var tokenizer: _HTMLTokenizer
    private var writer: _TerminalTextWriter
    private var numbering: _LinkNumbering
    /// The number of the link whose text is being written, if any.
    private var openLink: Int?
    /// How many `pre` and `code` elements are open: inside any, whitespace is kept.
    private var verbatimDepth = 0
    /// Whether a `pre` just opened: a line break right after its tag is not part of its text.
    private var isAtPreStart = false

    init(html: String, baseURL: URL?, limit: Int) {
        tokenizer = _HTMLTokenizer(Array(html.unicodeScalars))
        writer = _TerminalTextWriter(limit: limit)
        numbering = _LinkNumbering(baseURL: baseURL)
    }

    mutating func run() -> RenderedHTML {
        while !writer.isFull, let token = tokenizer.next() {
            switch token {
            case .text(let range): text(range)
            case .literal(let range):
                for scalar in tokenizer.scalars[range] { appendText(scalar) }
            case .start(let name, let attributes, let isSelfClosing):
                start(name, attributes: attributes)
                if isSelfClosing, !Self.voidElements.contains(name) { end(name) }
            case .end(let name): end(name)
            }
        }
        closeLink()
        let (text, styleRuns) = writer.finish()
        return RenderedHTML(text: text, links: numbering.links, styleRuns: styleRuns)
    }

    static let voidElements: Set<String> = ["br", "img", "hr", "input", "wbr", "meta", "link", "source"]
    static let paragraphElements: Set<String> = [
        "p", "table", "figure", "dl", "address", "details", "center", "h1", "h2", "h3", "h4", "h5", "h6",
    ]
    static let lineElements: Set<String> = [
        "div", "section", "article", "header", "footer", "aside", "main", "nav", "tr", "dt", "figcaption",
        "caption", "summary", "form", "fieldset", "tbody", "thead", "tfoot",
    ]

    private mutating func text(_ range: Range<Int>) {
        let scalars = tokenizer.scalars
        var index = range.lowerBound
        while index < range.upperBound, !writer.isFull {
            if scalars[index] == "&" {
                let (decoded, next) = HTMLText.decodeReference(scalars, at: index)
                for scalar in decoded.unicodeScalars { appendText(scalar) }
                index = min(next, range.upperBound)
            } else {
                appendText(scalars[index])
                index += 1
            }
        }
    }

    private mutating func appendText(_ scalar: Unicode.Scalar) {
        if isAtPreStart {
            isAtPreStart = false
            if scalar == "\n" { return }
        }
        if verbatimDepth > 0 {
            writer.append(verbatim: scalar)
        } else {
            writer.append(flowing: scalar)
        }
    }

    /// The emphasis an element gives its text.
    static func emphasis(of name: String) -> RenderedHTML.Emphasis {
        switch name {
        case "b", "strong": .strong
        case "i", "em", "cite": .italic
        case "code", "tt", "kbd", "samp": .code
        case "pre": .preformatted
        default: headingLevel(name) == nil ? [] : .heading
        }
    }

    private mutating func start(_ name: String, attributes: [String: String]) {
        writer.open(Self.emphasis(of: name))
        switch name {
        case "br": writer.newLine()
        case "hr":
            writer.breakParagraph()
            writer.append(marker: String(repeating: "\u{2500}", count: 20))
            writer.breakParagraph()
        case "blockquote": writer.openQuote()
        case "ul", "menu", "dir": writer.openList(isOrdered: false)
        case "ol":
            let start = attributes["start"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 1
            writer.openList(isOrdered: true, start: min(max(start, -1_000_000), 1_000_000))
        case "li": writer.openItem()
        case "dd": writer.openDefinition()
        case "pre":
            writer.breakParagraph()
            verbatimDepth += 1
            isAtPreStart = true
        case "code", "tt", "kbd", "samp":
            verbatimDepth += 1
        case "td", "th":
            if !writer.isLineEmpty { writer.append(marker: " | ") }
        case "img":
            let alt = attributes["alt"].map(Self.collapsed) ?? ""
            writer.append(flowing: " ")
            writer.append(marker: alt.isEmpty ? "[image" : "[image: ")
            writer.append(flowing: alt)
            writer.append(marker: "]")
            // Its address is numbered with the links, so `N o` opens it.
            if let number = attributes["src"].flatMap({ numbering.number(forLink: $0) }) {
                writer.append(marker: "[\(number)]")
            }
        case "a":
            closeLink()
            openLink = attributes["href"].flatMap { numbering.number(forLink: $0) }
        default:
            if let level = Self.headingLevel(name) {
                writer.breakParagraph()
                writer.append(marker: String(repeating: "#", count: level) + " ")
            } else if Self.paragraphElements.contains(name) {
                writer.breakParagraph()
            } else if Self.lineElements.contains(name) {
                writer.breakLine()
            }
        }
    }

    private mutating func end(_ name: String) {
        writer.close(Self.emphasis(of: name))
        switch name {
        case "blockquote": writer.closeQuote()
        case "ul", "ol", "menu", "dir": writer.closeList()
        case "li": writer.closeItem()
        case "dd": writer.closeDefinition()
        case "pre":
            verbatimDepth = max(verbatimDepth - 1, 0)
            writer.breakParagraph()
        case "code", "tt", "kbd", "samp":
            verbatimDepth = max(verbatimDepth - 1, 0)
        case "a": closeLink()
        default:
            if Self.headingLevel(name) != nil {
                writer.breakParagraph()
            } else if Self.paragraphElements.contains(name) {
                writer.breakParagraph()
            } else if Self.lineElements.contains(name) {
                writer.breakLine()
            }
        }
    }

    /// Writes the number of the link whose text ends here.
    private mutating func closeLink() {
        guard let number = openLink else { return }
        openLink = nil
        writer.append(marker: "[\(number)]")
    }

    static func headingLevel(_ name: String) -> Int? {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count == 2, scalars[0] == "h", ("1"..."6").contains(scalars[1]) else { return nil }
        return Int(scalars[1].value - 48)
    }

    /// An attribute's text on one line, whitespace collapsed.
    private static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }
}

/// Numbers the links of one piece of HTML as the reader shows them: each address once, in the
/// order it first appears, resolved against the base; a link that leads nowhere to open (a
/// fragment, a script, an empty one) or past ``HTMLRenderer/maximumLinkCount`` gets no number.
///
/// ``HTMLRenderer`` and ``HTMLSanitizer`` share it, so the links a sanitised fragment lists
/// are the links its rendering numbers.
struct _LinkNumbering {
    private let baseURL: URL?
    private(set) var links: [String] = []
    private var numbers: [String: Int] = [:]

    init(baseURL: URL?) { self.baseURL = baseURL }

    /// The absolute address `href` opens, or `nil` for one that leads nowhere to open.
    func address(of href: String) -> String? {
        // Controls go first, as they go from the address made: `\u{1}javascript:` is a
        // `javascript:` address.
        let trimmed = _FeedAssembler.identifier(href).trimmingCharacters(in: .whitespacesAndNewlines)
        let lowered = trimmed.lowercased()
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#"),
            !Self.refusedSchemes.contains(where: { lowered.hasPrefix($0) })
        else { return nil }
        return _FeedAssembler.resolve(trimmed, against: baseURL)
    }

    /// The number of the link to `href`, numbering it if it is new; `nil` for a link that
    /// leads nowhere to open or past the last number.
    mutating func number(forLink href: String) -> Int? {
        guard let link = address(of: href) else { return nil }
        if let known = numbers[link] { return known }
        guard links.count < HTMLRenderer.maximumLinkCount else { return nil }
        links.append(link)
        numbers[link] = links.count
        return links.count
    }

    /// Schemes that run code or carry their own content rather than lead to a page.
    static let refusedSchemes = ["javascript:", "data:", "vbscript:"]
}
