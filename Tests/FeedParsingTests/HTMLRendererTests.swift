import Foundation
import TestMeasures
import Testing

@testable import FeedParsing

@Suite struct HTMLRendererTests {
    private func text(_ html: String, base: String? = nil) -> String {
        HTMLRenderer.render(html, baseURL: base.flatMap(URL.init(string:))).text
    }

    @Test func paragraphsAreSeparatedByABlankLine() {
        #expect(text("<p>One  two\nthree</p><p>Four</p>") == "One two three\n\nFour")
    }

    @Test func headingsStartWithTheirLevelAndStandApart() {
        #expect(text("Intro<h1>Title</h1><h3>Part</h3>Body") == "Intro\n\n# Title\n\n### Part\n\nBody")
    }

    @Test func unorderedListItemsGetBulletsAndAnIndent() {
        #expect(
            text("<p>Before</p><ul><li>one</li><li>two</li></ul><p>After</p>") == "Before\n\n  • one\n  • two\n\nAfter")
    }

    @Test func orderedListItemsAreNumberedFromTheirStart() {
        #expect(text("<ol><li>a<li>b</ol>") == "  1. a\n  2. b")
        #expect(text("<ol start=\"7\"><li>g</li><li>h</li></ol>") == "  7. g\n  8. h")
    }

    @Test func nestedListsIndentFurtherWithTheirOwnMarks() {
        let html = "<ul><li>fruit<ol><li>apple</li><li>pear</li></ol></li><li>bread<ul><li>rye</li></ul></li></ul>"
        #expect(text(html) == "  • fruit\n    1. apple\n    2. pear\n  • bread\n    ◦ rye")
    }

    @Test func itemContinuationLinesAreIndentedUnderTheText() {
        #expect(text("<ul><li>first<br>second</li></ul>") == "  • first\n    second")
    }

    @Test func blockquotesMarkEveryLine() {
        #expect(
            text("<p>Said:</p><blockquote><p>one</p><p>two</p></blockquote>end") == "Said:\n\n> one\n>\n> two\n\nend")
        #expect(text("<blockquote>a<blockquote>b</blockquote></blockquote>") == "> a\n>\n> > b")
    }

    @Test func preformattedTextKeepsItsSpacesAndLines() {
        let html = "<p>Code:</p><pre>let x = 1\n\n    if  x { }\n\tend</pre><p>Done</p>"
        #expect(text(html) == "Code:\n\nlet x = 1\n\n    if  x { }\n        end\n\nDone")
    }

    @Test func aLineBreakRightAfterPreIsNotALine() {
        #expect(text("<p>a</p><pre>\ncode\n</pre>") == "a\n\ncode")
    }

    @Test func inlineCodeKeepsItsSpaces() {
        #expect(text("<p>run <code>a  &amp;&amp;  b</code> now</p>") == "run a  &&  b now")
    }

    @Test func markupInsidePreIsStillReadAsMarkup() {
        #expect(text("<pre><code>&lt;b&gt; <b>bold</b></code></pre>") == "<b> bold")
    }

    @Test func lineBreaksBreakAndRepeatedOnesLeaveBlankLines() {
        #expect(text("a<br>b<br/><br />c") == "a\nb\n\nc")
    }

    @Test func imagesShowTheirAlternativeTextAndTheNumberOfTheirAddress() {
        #expect(text("<p>See <img src=\"x.png\" alt=\"a  cat\"> here</p>") == "See [image: a cat][1] here")
        #expect(text("<img src=\"x.png\">") == "[image][1]")
        // Without an address there is nothing to open, and no number.
        #expect(text("<img alt=\"gone\">") == "[image: gone]")
    }

    @Test func anImageIsNumberedWithTheLinksInTheOrderTheyCome() {
        let rendered = HTMLRenderer.render(
            "<p><a href=\"/a\">a</a> <img src=\"/chart.png\" alt=\"chart\"> <a href=\"/a\">again</a></p>",
            baseURL: URL(string: "https://example.com/post"))
        #expect(rendered.text == "a[1] [image: chart][2] again[1]")
        #expect(rendered.links == ["https://example.com/a", "https://example.com/chart.png"])
    }

    @Test func linksAreNumberedInTheTextAndListed() {
        let rendered = HTMLRenderer.render(
            "<p>Read <a href=\"https://a.example/1\">this</a> and <a href='https://b.example/'>that</a>.</p>")
        #expect(rendered.text == "Read this[1] and that[2].")
        #expect(rendered.links == ["https://a.example/1", "https://b.example/"])
        #expect(
            rendered.textWithLinkList
                == "Read this[1] and that[2].\n\nLinks:\n[1]: https://a.example/1\n[2]: https://b.example/")
    }

    @Test func aLinkRepeatedKeepsItsNumber() {
        let rendered = HTMLRenderer.render("<a href=\"https://x.example\">a</a> <a href=\"https://x.example\">b</a>")
        #expect(rendered.text == "a[1] b[1]")
        #expect(rendered.links == ["https://x.example"])
    }

    @Test func relativeLinksResolveAgainstTheBase() {
        let rendered = HTMLRenderer.render(
            "<a href=\"/about\">about</a> <a href=\"next.html\">next</a>",
            baseURL: URL(string: "https://site.example/posts/one.html"))
        #expect(rendered.links == ["https://site.example/about", "https://site.example/posts/next.html"])
    }

    @Test func linksThatLeadNowhereAreNotNumbered() {
        let rendered = HTMLRenderer.render(
            "<a href=\"#top\">top</a> <a href=\"javascript:alert(1)\">js</a> <a>bare</a> <a href=\" \">blank</a>")
        #expect(rendered.text == "top js bare blank")
        #expect(rendered.links.isEmpty)
        #expect(rendered.textWithLinkList == "top js bare blank")
    }

    @Test func anUnclosedLinkIsNumberedAtTheEnd() {
        let rendered = HTMLRenderer.render("<p>go <a href=\"https://x.example\">there")
        #expect(rendered.text == "go there[1]")
    }

    @Test func entitiesAreDecodedInTextAndAttributes() {
        let rendered = HTMLRenderer.render(
            "<p>Fish &amp; chips &mdash; &#8220;yes&#x201D;</p><a href=\"?a=1&amp;b=2\">q</a>")
        #expect(rendered.text == "Fish & chips — “yes”\n\nq[1]")
        #expect(rendered.links == ["?a=1&b=2"])
    }

    @Test func scriptStyleAndCommentsAreDropped() {
        let html = "a<script>if (a < b) { x() }</script>b<style>p { color: red }</STYLE>c<!-- <p>hidden</p> -->d"
        #expect(text(html) == "abcd")
    }

    @Test func tableCellsAreSeparatedAndRowsAreLines() {
        #expect(text("<table><tr><th>k</th><th>v</th></tr><tr><td>a</td><td>1</td></tr></table>") == "k | v\na | 1")
    }

    @Test func definitionsAreIndented() {
        #expect(text("<dl><dt>term</dt><dd>meaning</dd></dl>") == "term\n    meaning")
    }

    @Test func cdataIsTakenLiterally() {
        #expect(text("<p><![CDATA[x < y & z]]></p>") == "x < y & z")
    }

    @Test func plainTextKeepsItsLinesAndCollapsesSpaces() {
        // The escape sequence is data, kept whole for the terminal's sanitiser where it is drawn.
        #expect(HTMLRenderer.render(plainText: "one  two\n\nthree\u{1B}[2J").text == "one two\n\nthree\u{1B}[2J")
    }
}

@Suite struct HTMLRendererMalformedInputTests {
    private func text(_ html: String) -> String { HTMLRenderer.render(html).text }

    @Test func strayAngleBracketsAreText() {
        #expect(text("<p>a < b and c <> d</p>") == "a < b and c <> d")
        #expect(text("1 <2") == "1 <2")
        #expect(text("x <") == "x <")
    }

    @Test func aTagNeverClosedIsText() {
        #expect(text("<p>one</p><b two") == "one\n\n<b two")
    }

    @Test func unclosedElementsEndWithTheInput() {
        #expect(text("<ul><li>a<li>b<blockquote><p>c") == "  • a\n  • b\n\n    > c")
    }

    @Test func strayClosingTagsAreIgnored() {
        #expect(text("</li></ul></blockquote>a</p></pre>b") == "a\n\nb")
    }

    @Test func aQuotedValueHoldingAnAngleBracketStaysInTheTag() {
        let rendered = HTMLRenderer.render("<a title=\"a > b\" href=\"https://x.example\">x</a>")
        #expect(rendered.text == "x[1]")
        #expect(rendered.links == ["https://x.example"])
    }

    @Test func anUnclosedQuoteDoesNotSwallowTheRest() {
        #expect(text("<img alt=\"broken>after <b>bold</b>") == "[image: broken]after bold")
    }

    @Test func anUnclosedScriptShowsWhatFollows() {
        #expect(text("a<script>b") == "ab")
    }

    @Test func anUnclosedCommentRunsToTheEnd() {
        #expect(text("a<!-- b") == "a")
    }

    @Test func uppercaseTagsWork() {
        #expect(text("<P>a</P><UL><LI>b</LI></UL>") == "a\n\n  • b")
    }
}

@Suite struct HTMLRendererHostileInputTests {
    private static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return (value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(value)
        }
    }

    @Test func controlCharactersStayInTheTextForTheTerminalsSanitiserButNeverInLinks() {
        let html =
            "<p>a\u{1B}[31mred\u{07}\u{9B}2J</p><pre>\u{1B}]0;title\u{07}\r\nx</pre>"
            + "<a href=\"https://x.example/\u{1B}\">l</a>\u{202E}rtl"
        let rendered = HTMLRenderer.render(html)
        // Laid out, not sanitised: the sequences stay whole, so TerminalUI can drop them whole.
        #expect(rendered.text == "a\u{1B}[31mred\u{07}\u{9B}2J\n\n\u{1B}]0;title\u{07}\nx\n\nl[1]\u{202E}rtl")
        #expect(rendered.links == ["https://x.example/"])
        #expect(!rendered.links.contains(where: Self.hasControlCharacter))
    }

    @Test func theTextIsCutAtTheLimit() {
        let rendered = HTMLRenderer.render(String(repeating: "<p>word word</p>", count: 1_000), maximumLength: 500)
        #expect(rendered.text.unicodeScalars.count <= 501)
        #expect(rendered.text.hasSuffix("…"))
    }

    @Test func theLinksAreBounded() {
        let html = (0..<1_500).map { "<a href=\"https://x.example/\($0)\">\($0)</a>" }.joined()
        let rendered = HTMLRenderer.render(html)
        #expect(rendered.links.count == HTMLRenderer.maximumLinkCount)
        #expect(rendered.text.hasSuffix("1499"))
    }

    @Test func deepNestingIndentsBoundedly() {
        let html = String(repeating: "<blockquote><ul><li>", count: 5_000) + "deep"
        let rendered = HTMLRenderer.render(html)
        let line = rendered.text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.hasSuffix("deep"))
        #expect(line.count < 200)
    }

    /// Inputs that would take quadratic time in a naive reader; each must render in well under a
    /// second, even in a debug build.
    @Test(arguments: [
        String(repeating: "<a", count: 400_000),
        String(repeating: "<a x=\">", count: 200_000),
        String(repeating: "<script>", count: 200_000),
        String(repeating: "</", count: 400_000),
        String(repeating: "<!", count: 400_000),
        String(repeating: "<ul>", count: 200_000) + String(repeating: "</li>", count: 200_000),
        String(repeating: "&#x", count: 300_000),
        String(repeating: "<p>text &amp; more ", count: 100_000),
    ])
    func largeHostileInputsRenderQuickly(html: String) {
        // This thread's CPU time, not the wall clock: on a loaded machine a test waits for a
        // thread of the pool, and the wall clock counted that wait (5.2 s once, against 5).
        let seconds = TestMeasures.threadCPUSeconds { _ = HTMLRenderer.render(html) }
        // The plain build's bound; under the thread sanitizer, which slows every memory access
        // several times, four times it (the end-to-end tests' latency scale).
        #expect(seconds < 5 * (TestMeasures.isThreadSanitized ? 4 : 1), "\(html.prefix(12))… took \(seconds) s")
    }

    @Test func aLargeDocumentStaysWithinTheCap() {
        let html = String(repeating: "<p>" + String(repeating: "x", count: 1_000) + "</p>", count: 3_000)
        let rendered = HTMLRenderer.render(html)
        #expect(rendered.text.unicodeScalars.count <= HTMLRenderer.defaultMaximumLength + 1)
    }
}

@Suite struct HTMLRendererEmphasisTests {
    private func segments(_ html: String) -> [String] {
        HTMLRenderer.render(html).segments.map { segment in
            let names: [(RenderedHTML.Emphasis, String)] = [
                (.strong, "strong"), (.italic, "italic"), (.heading, "heading"), (.code, "code"),
                (.preformatted, "pre"),
            ]
            let marks = names.filter { segment.emphasis.contains($0.0) }.map(\.1)
            return marks.isEmpty ? segment.text : "\(marks.joined(separator: "+")):\(segment.text)"
        }
    }

    @Test func boldAndItalicAreMarkedWithTheSpaceBetweenTheirWords() {
        #expect(
            segments("<p>a <b>bold words</b> and <em>slanted</em> <strong><i>both</i></strong></p>") == [
                "a ", "strong:bold words", " and ", "italic:slanted", " ", "strong+italic:both",
            ])
    }

    @Test func aHeadingIsMarkedWithItsHashMarks() {
        #expect(
            segments("Intro<h2>A <b>heading</b></h2>Body") == [
                "Intro\n\n", "heading:## A", " ", "strong+heading:heading", "\n\nBody",
            ])
    }

    @Test func codeAndPreformattedTextAreMarkedAndPreKeepsItsSpaces() {
        #expect(
            segments("<p>Run <code>make  all</code></p><pre>if x {\n    y\n}</pre>") == [
                "Run ", "code:make  all", "\n\n", "pre:if x {\n    y\n}",
            ])
    }

    @Test func anElementNeverClosedMarksToTheEndAndAStrayCloseIsIgnored() {
        #expect(segments("</b>plain <b>bold to the end") == ["plain ", "strong:bold to the end"])
    }

    @Test func runsEndWithTheTextWhenItIsCut() {
        let rendered = HTMLRenderer.render("<b>" + String(repeating: "word ", count: 50) + "</b>", maximumLength: 20)
        #expect(rendered.styleRuns.last?.range.upperBound == rendered.text.unicodeScalars.count)
        #expect(rendered.segments.map(\.text).joined() == rendered.text)
    }

    @Test func plainHTMLHasNoRunsAndOneSegment() {
        let rendered = HTMLRenderer.render("<p>just text</p>")
        #expect(rendered.styleRuns.isEmpty)
        #expect(rendered.segments.map(\.text) == ["just text"])
    }
}
