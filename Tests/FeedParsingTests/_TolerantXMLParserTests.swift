import Foundation
import Testing

@testable import FeedParsing

@Suite struct TolerantXMLParserTests {
    private func root(_ markup: String) throws -> _XMLElement {
        try #require(try _TolerantXMLParser.parse(Data(markup.utf8)))
    }

    @Test func aBareAmpersandAndAnUnknownEntityStayText() throws {
        let element = try root("<a>Fish & chips &madeup; &amp; &eacute;</a>")
        #expect(element.text == "Fish & chips &madeup; & \u{E9}")
    }

    @Test func aClosingTagClosesWhatWasOpenedAfterItsMatch() throws {
        let element = try root("<r><item><title>One<b>bold</item><item>Two</item></r>")
        #expect(element.children.map(\.name) == ["item", "item"])
        #expect(element.children.first?.child("title")?.allText == "Onebold")
    }

    @Test func aStrayClosingTagIsIgnored() throws {
        let element = try root("<r><a>x</a></span><b>y</b></r>")
        #expect(element.children.map(\.name) == ["a", "b"])
    }

    @Test func theEndOfTheDocumentClosesWhatIsOpen() throws {
        let element = try root("<r><a>x<b>y")
        #expect(element.child("a")?.child("b")?.text == "y")
    }

    @Test func namespacesAndPrefixedAttributesAreResolved() throws {
        let element = try root(#"<r xmlns="urn:d" xmlns:p="urn:p"><p:a p:about="1" plain=x /></r>"#)
        #expect(element.namespace == "urn:d")
        let child = try #require(element.child("a", in: "urn:p"))
        #expect(child.attributes["about"] == "1")
        #expect(child.attributes["plain"] == "x")
    }

    @Test func commentsCDATAAndDeclarationsAreHandled() throws {
        let element = try root("<!DOCTYPE r [<!ENTITY x 'y'>]><r><!-- <a> --><![CDATA[<b>&amp;]]></r>")
        #expect(element.children.isEmpty)
        #expect(element.text == "<b>&amp;")
    }

    @Test func nestingBeyondTheLimitIsRefused() {
        let deep = String(repeating: "<a>", count: _XMLTreeBuilder.maximumDepth + 1)
        #expect(throws: FeedParsingError.self) { try _TolerantXMLParser.parse(Data(deep.utf8)) }
    }

    @Test func textWithoutElementsHasNoRoot() throws {
        #expect(try _TolerantXMLParser.parse(Data("just < text".utf8)) == nil)
    }
}
