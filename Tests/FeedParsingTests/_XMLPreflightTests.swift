import Foundation
import Testing

@testable import FeedParsing

@Suite struct XMLPreflightTests {
    @Test func emptyProcessingInstructionsArePadded() {
        let patched = _XMLPreflight.padEmptyProcessingInstructions(Data("<?x?><a><?y?></a><?z data?>".utf8))
        #expect(String(decoding: patched, as: UTF8.self) == "<?x ?><a><?y ?></a><?z data?>")
    }

    @Test func processingInstructionWithoutDataDoesNotStopParsing() throws {
        let rss = "<?x?><rss><channel><title>PI</title><?y?></channel></rss>"
        #expect(try FeedDocument.parse(Data(rss.utf8)).title == "PI")
    }

    @Test func invalidUTF8DeclaredAsUTF8IsRepairedNotFatal() throws {
        var data = Data(#"<?xml version="1.0" encoding="utf-8"?><rss><channel><title>caf"#.utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(Data("</title></channel></rss>".utf8))
        #expect(try FeedDocument.parse(data).title == "caf\u{FFFD}(")
    }

    @Test func latin1DocumentIsTranscoded() throws {
        var data = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Caf"#.utf8)
        data.append(contentsOf: [0xE9, 0x20, 0x93, 0x6F, 0x6B, 0x94])
        data.append(Data("</title></channel></rss>".utf8))
        #expect(try FeedDocument.parse(data).title == "Café “ok”")
    }

    @Test func shiftJISIsDecoded() throws {
        var data = Data(#"<?xml version="1.0" encoding="Shift_JIS"?><rss><channel><title>"#.utf8)
        data.append(contentsOf: [0x82, 0xA0])
        data.append(Data("</title></channel></rss>".utf8))
        #expect(try FeedDocument.parse(data).title == "\u{3042}")
    }

    @Test func leadingBlankLinesAreDroppedAndCounted() throws {
        let (data, droppedLines) = try _XMLPreflight.prepare(Data("\n \n\t<?xml version=\"1.0\"?><a/>".utf8))
        #expect(String(decoding: data, as: UTF8.self) == "<?xml version=\"1.0\"?><a/>")
        #expect(droppedLines == 2)
    }
}
