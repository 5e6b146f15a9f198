import Foundation
import Testing

@testable import FeedParsing

@Suite struct XMLEncodingTests {
    /// Found by fuzzing: a declaration behind invalid bytes moved when they were repaired, and
    /// rewriting it at its old place cut a repaired character in two, on which Foundation's XML
    /// parser traps.
    private static let declarationBehindInvalidBytes: [UInt8] =
        [0x3C] + Array(repeating: 0xFF, count: 8) + Array(#"<?xml encoding"UTF8"?>"#.utf8)

    @Test func aDeclarationBehindRepairedBytesIsRewrittenWhereItMovedTo() throws {
        let repaired = try _XMLEncoding.utf8(Data(Self.declarationBehindInvalidBytes))
        let text = try #require(String(validating: [UInt8](repaired), as: UTF8.self))
        #expect(text == "<" + String(repeating: "\u{FFFD}", count: 8) + #"<?xml encoding"UTF-8"?>"#)
    }

    @Test func aDocumentWithADeclarationBehindInvalidBytesFailsToParseWithoutTrapping() {
        #expect(throws: FeedParsingError.self) {
            try FeedDocument.parse(Data(Self.declarationBehindInvalidBytes))
        }
    }

    @Test func aLatin1DeclarationBehindHighBytesIsRewrittenWhereItMovedTo() throws {
        let bytes: [UInt8] = [0xE9, 0xE9] + Array(#"<?xml version="1.0" encoding="latin1"?><a/>"#.utf8)
        let transcoded = try _XMLEncoding.utf8(Data(bytes))
        #expect(String(decoding: transcoded, as: UTF8.self) == #"éé<?xml version="1.0" encoding="UTF-8"?><a/>"#)
    }

    @Test func aDeclarationAtTheStartIsRewrittenInPlace() throws {
        let bytes = Array(#"<?xml version="1.0" encoding="ISO-8859-1"?><a>"#.utf8) + [0xE9] + Array("</a>".utf8)
        let transcoded = try _XMLEncoding.utf8(Data(bytes))
        #expect(String(decoding: transcoded, as: UTF8.self) == #"<?xml version="1.0" encoding="UTF-8"?><a>é</a>"#)
    }
}
