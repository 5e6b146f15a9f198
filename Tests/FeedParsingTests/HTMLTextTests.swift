import Foundation
import Testing

@testable import FeedParsing

@Suite struct HTMLTextTests {
    @Test func tagsAreStrippedAndBlocksSeparateWords() {
        #expect(HTMLText.plainText(from: "<p>One</p><p>Two<br/>Three</p>") == "One Two Three")
        #expect(HTMLText.plainText(from: "in<b>line</b> words") == "inline words")
    }

    @Test func namedAndNumericEntitiesAreDecoded() {
        #expect(
            HTMLText.plainText(from: "Fish &amp; chips &mdash; &#8220;good&#x201D; &eacute;")
                == "Fish & chips — “good” é")
    }

    @Test func decodedAngleBracketsStayAsText() {
        #expect(HTMLText.plainText(from: "&lt;p&gt;not a tag&lt;/p&gt;") == "<p>not a tag</p>")
    }

    @Test func unknownOrBrokenEntitiesAreKeptLiterally() {
        #expect(HTMLText.plainText(from: "a &bogus; b & c &#; d") == "a &bogus; b & c &#; d")
    }

    @Test func invalidNumericReferencesBecomeReplacementCharacters() {
        #expect(HTMLText.plainText(from: "x&#0;y&#xD800;z&#x110000;") == "x\u{FFFD}y\u{FFFD}z\u{FFFD}")
    }

    @Test func whitespaceCollapsesAndIsTrimmed() {
        #expect(HTMLText.plainText(from: "  a \n\n\t b&nbsp;&nbsp;c  ") == "a b c")
    }

    @Test func scriptStyleAndCommentsAreDropped() {
        let html = "<style>p{}</style>a<script type='x'>if (a < b) {}</SCRIPT>b<!-- hidden -->c"
        #expect(HTMLText.plainText(from: html) == "abc")
    }

    @Test func cdataContentIsKept() {
        #expect(HTMLText.plainText(from: "<![CDATA[x < y]]>") == "x < y")
    }

    @Test func lessThanThatStartsNoTagIsText() {
        #expect(HTMLText.plainText(from: "a < b and 3<4") == "a < b and 3<4")
        #expect(HTMLText.plainText(from: "unclosed <b") == "unclosed <b")
    }

    @Test func controlCharactersAndBidiOverridesAreKeptAsData() {
        // The text is stored; what shows it sanitises it for its screen.
        #expect(HTMLText.plainText(from: "a\u{1B}[31mred\u{7}\u{202E}b") == "a\u{1B}[31mred\u{7}\u{202E}b")
    }

    @Test func longTextIsCutWithAnEllipsis() {
        let text = HTMLText.plainText(from: String(repeating: "x", count: HTMLText.maximumLength * 2))
        #expect(text.count == HTMLText.maximumLength + 1)
        #expect(text.hasSuffix("\u{2026}"))
    }

    @Test func decodingEntitiesLeavesTagsAlone() {
        #expect(HTMLText.decodingEntities("<b>&amp;</b>") == "<b>&</b>")
    }
}

// The ASCII shortcut answers as the property tables do, for every scalar up to past the last
// one with the White_Space property (U+3000) and for a few beyond.
@Test func theWhiteSpaceShortcutAgreesWithTheUnicodeProperty() {
    let scalars =
        (0..<0x3100).compactMap(Unicode.Scalar.init) + [0xFEFF, 0x1_F600, 0x10_FFFF].compactMap(Unicode.Scalar.init)
    let disagreeing = scalars.filter { $0.hasWhiteSpaceProperty != $0.properties.isWhitespace }
    #expect(disagreeing.isEmpty, "\(disagreeing.map { String($0.value, radix: 16) })")
}

// Trimming the ends gives what Foundation's trimming of `whitespacesAndNewlines` gives, for
// every White_Space scalar, the zero-width space, and marks and controls beside them.
@Test func trimmingWhiteSpaceAgreesWithFoundation() {
    let spaces =
        (0..<0x3100).compactMap(Unicode.Scalar.init).filter(\.properties.isWhitespace).map(String.init) + ["\u{200B}"]
    let cores = ["a", "a b", "\u{301}a\u{301}", "\u{200B}x\u{200B}", "\u{1B}[1m", "日本", "\u{FEFF}z"]
    var texts = ["", " ", "\n\t ", "\u{3000}\u{A0}"] + cores
    for space in spaces {
        for core in cores { texts += [space + core, core + space, space + core + space + space] }
    }
    for text in texts {
        let foundation = text.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            text.trimmingSpacesAndNewlines() == (foundation.isEmpty ? nil : foundation), "\(Array(text.unicodeScalars))"
        )
    }
}
