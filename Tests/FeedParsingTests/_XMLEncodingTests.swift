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

    /// Found by fuzzing: a declaration cut off before `?>` still had its encoding read by
    /// Foundation's XML parser, which switched to it and then dereferenced a null pointer.
    private static let unclosedDeclarations: [[UInt8]] = [
        Array(#"<?xml version="1.0" encoding="windows-1252""#.utf8) + [0x9D],
        Array(#"<?xml version="1.0" encoding="utf7""#.utf8) + [0x00],
        Array(#"<?xml version="1.0" encoding="utf-7"x<rss version="2.0"><channel><title>"#.utf8) + [0xC3, 0xA9]
            + Array("</title></channel></rss>".utf8),
    ]

    @Test func theEncodingOfADeclarationCutOffBeforeItsEndIsRewrittenToo() throws {
        let bytes = Array(#"<?xml version="1.0" encoding = 'windows-1252' x<a>"#.utf8) + [0xE9]
        let transcoded = try _XMLEncoding.utf8(Data(bytes))
        #expect(String(decoding: transcoded, as: UTF8.self) == #"<?xml version="1.0" encoding = 'UTF-8' x<a>é"#)
        let quoted = Array(#"<?xml version=">" encoding="utf7" x"#.utf8)
        #expect(String(decoding: try _XMLEncoding.utf8(Data(quoted)), as: UTF8.self).contains(#"encoding="UTF-8""#))
    }

    @Test(arguments: unclosedDeclarations)
    func aDocumentWhoseDeclarationIsCutOffFailsToParseWithoutTrapping(bytes: [UInt8]) {
        #expect(throws: FeedParsingError.self) { try FeedDocument.parse(Data(bytes)) }
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

    private static func title(_ bytes: [UInt8], contentType: String? = nil) throws -> String? {
        try FeedDocument.parse(Data(bytes), contentType: contentType).items.first?.title
    }

    @Test func undeclaredWindows1252IsDecodedNotReplaced() throws {
        let bytes =
            Array("<rss><channel><title>t</title><item><title>".utf8) + [0x93, 0x43, 0x61, 0x66, 0xE9, 0x94]
            + Array("</title></item></channel></rss>".utf8)
        #expect(try Self.title(bytes) == "\u{201C}Caf\u{E9}\u{201D}")
    }

    @Test func utf16WithAByteOrderMarkIsDecoded() throws {
        let text = FeedFixtures.rss(title: "Grüße", declaring: "UTF-16")
        let bytes: [UInt8] = [0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try Self.title(bytes) == "Grüße")
    }

    @Test func utf16BigEndianWithoutAMarkIsRecognized() throws {
        let text = FeedFixtures.rss(title: "Grüße", declaring: nil)
        let bytes: [UInt8] = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try Self.title(bytes) == "Grüße")
    }

    @Test func utf32WithAByteOrderMarkIsDecoded() throws {
        let text = FeedFixtures.rss(title: "Grüße", declaring: "UTF-32")
        let bytes: [UInt8] =
            [0xFF, 0xFE, 0x00, 0x00]
            + text.unicodeScalars.flatMap { scalar in (0..<4).map { UInt8((scalar.value >> (8 * $0)) & 0xFF) } }
        #expect(try Self.title(bytes) == "Grüße")
    }

    @Test func gb2312IsDecoded() throws {
        let bytes = Array(FeedFixtures.rss(title: "@", declaring: "gb2312").utf8)
        var encoded = bytes
        while let at = encoded.firstIndex(of: UInt8(ascii: "@")) {
            encoded.replaceSubrange(at...at, with: [0xD6, 0xD0, 0xCE, 0xC4])
        }
        #expect(try Self.title(encoded) == "\u{4E2D}\u{6587}")
    }

    @Test func windows1251IsDecoded() throws {
        let bytes = Array(FeedFixtures.rss(title: "@", declaring: "windows-1251").utf8)
        var encoded = bytes
        while let at = encoded.firstIndex(of: UInt8(ascii: "@")) {
            encoded.replaceSubrange(at...at, with: [0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2])
        }
        #expect(try Self.title(encoded) == "Привет")
    }

    @Test func theHTTPCharsetIsUsedWhenTheDocumentDeclaresNone() throws {
        let bytes =
            Array("<rss><channel><title>t</title><item><title>".utf8) + [0xCF, 0xF0, 0xE8]
            + Array("</title></item></channel></rss>".utf8)
        #expect(try Self.title(bytes, contentType: "application/rss+xml; charset=\"windows-1251\"") == "При")
    }

    @Test func theDeclarationWinsOverTheHTTPCharset() throws {
        let bytes =
            Array(#"<?xml version="1.0" encoding="iso-8859-1"?><rss><channel><title>t</title><item><title>"#.utf8)
            + [0xE9] + Array("</title></item></channel></rss>".utf8)
        #expect(try Self.title(bytes, contentType: "text/xml; charset=windows-1251") == "\u{E9}")
    }
}
