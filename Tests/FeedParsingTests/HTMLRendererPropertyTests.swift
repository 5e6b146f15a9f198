import Foundation
import StreamsTesting
import Testing

@testable import FeedParsing

/// Random HTML made of the renderer's own constructs, broken ones and hostile text: whatever the
/// mix, the text stays within its cap, every numbered link is marked in it and no link holds a
/// control character; and the HTML reduced by ``HTMLSanitizer`` lays out exactly as the original
/// and numbers the links the sanitiser lists. The promises the `html` fuzz target checks, on
/// every test run (that one also checks the text drawn through TerminalUI's sanitiser). Seeded,
/// so a failure names an input that reproduces it.
@Suite struct HTMLRendererPropertyTests {
    private static let tokens = [
        "<p>", "</p>", "<br>", "<h2>", "</h2>", "<ul>", "</ul>", "<ol start=\"9\">", "</ol>", "<li>", "</li>",
        "<blockquote>", "</blockquote>", "<pre>", "</pre>", "<code>", "</code>", "<a href=\"/x\">",
        "<a href='https://e.example/y'>", "<a href=\"javascript:x()\">", "<a href=\"#top\">", "<a>", "</a>",
        "<img src=\"/i.png\" alt=\"pic\" onerror=\"x()\">", "<p onclick=\"x()\">", "<span>", "</span>", "<menu>",
        "<form>", "</form>", "<iframe>", "</iframe>", "<pre/>", "<p/>", "<a href=\"/x\"/>", "&lt;", "&quot;",
        "<img alt=\"pic\">", "<dl><dt>", "<dd>", "<td>", "<tr>", "<hr>",
        "<script>", "</script>", "<!--", "-->", "<![CDATA[", "]]>", "<", ">", "\"", "'", "&amp;", "&#27;", "&#x9b;",
        "&#0;", "&bogus;", "\u{1B}[2J", "\u{1B}]0;t\u{7}", "\u{9B}", "\u{202E}", "\t", "\n", "\r", " ", "word", "世界",
    ]

    private static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    @Test func randomMarkupKeepsTheRenderersPromises() {
        var generator = SeededGenerator(seed: 20_261_126)
        for round in 0..<2_000 {
            let count = Int.random(in: 0...60, using: &generator)
            let html = (0..<count).map { _ in Self.tokens.randomElement(using: &generator) ?? "" }.joined()
            let limit = Int.random(in: 1...400, using: &generator)
            let rendered = HTMLRenderer.render(html, baseURL: URL(string: "https://b.example/p/"), maximumLength: limit)
            let context = "round \(round): \(html.debugDescription)"
            #expect(rendered.text.unicodeScalars.count <= limit + 1, "\(context)")
            #expect(!rendered.links.contains(where: Self.hasControl), "\(context)")
            for number in rendered.links.indices.map({ $0 + 1 }) {
                #expect(rendered.text.contains("[\(number)]") || rendered.text.hasSuffix("…"), "\(context)")
            }
            #expect(!rendered.links.contains { $0.contains("\n") || $0.isEmpty }, "\(context)")
            let sanitized = HTMLSanitizer.sanitize(html, baseURL: URL(string: "https://b.example/p/"))
            #expect(HTMLRenderer.render(sanitized.html, maximumLength: limit) == rendered, "\(context)")
            let whole = HTMLRenderer.render(html, baseURL: URL(string: "https://b.example/p/"))
            #expect(sanitized.links == whole.links, "\(context)")
        }
    }
}
