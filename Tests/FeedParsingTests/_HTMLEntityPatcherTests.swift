import Foundation
import Testing

@testable import FeedParsing

@Suite struct HTMLEntityPatcherTests {
    @Test func undeclaredHTMLEntitiesBecomeNumeric() {
        let patched = _HTMLEntityPatcher.patch(Data("a&nbsp;b&eacute;".utf8))
        #expect(String(decoding: patched, as: UTF8.self) == "a&#160;b&#233;")
    }

    @Test func xmlEntitiesAndUnknownNamesAreLeftAlone() {
        let text = "&amp;&lt;&gt;&quot;&apos;&unknown;&#38;"
        #expect(String(decoding: _HTMLEntityPatcher.patch(Data(text.utf8)), as: UTF8.self) == text)
    }
}
