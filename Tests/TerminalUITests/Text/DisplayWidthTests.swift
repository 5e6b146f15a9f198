import TerminalUI
import Testing

@Test func asciiIsOneColumnEach() {
    #expect(DisplayWidth.of("Hello, world!") == 13)
}

@Test func controlCharactersTakeNoColumns() {
    #expect(DisplayWidth.of("\u{07}\u{1B}\u{7F}\u{9B}") == 0)
}

@Test func cjkIsTwoColumnsEach() {
    #expect(DisplayWidth.of("世界") == 4)
    #expect(DisplayWidth.of("こんにちは") == 10)
    #expect(DisplayWidth.of("한국어") == 6)
    #expect(DisplayWidth.of("Ａ") == 2)
}

@Test func latinWithAccentsIsOneColumnEach() {
    #expect(DisplayWidth.of("café") == 4)
    #expect(DisplayWidth.of("Ωmega") == 5)
}

@Test func combiningMarksAddNothing() {
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("a\u{300}\u{316}") == 1)
    #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)
}

@Test func emojiArePresentedTwoColumnsWide() {
    #expect(DisplayWidth.of("😀") == 2)
    #expect(DisplayWidth.of("🛒") == 2)
    #expect(DisplayWidth.of("\u{1FAE0}") == 2)
}

@Test func emojiZWJSequenceIsOneTwoColumnGlyph() {
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
}

@Test func flagsAndSkinTonesAreTwoColumns() {
    #expect(DisplayWidth.of("🇳🇱") == 2)
    #expect(DisplayWidth.of("👍🏽") == 2)
}

@Test func variationSelector16WidensATextEmoji() {
    #expect(DisplayWidth.of("\u{2764}") == 1)
    #expect(DisplayWidth.of("\u{2764}\u{FE0F}") == 2)
}

@Test func zeroWidthFormatCharactersTakeNoColumns() {
    #expect(DisplayWidth.of(Character("\u{200B}")) == 0)
    #expect(DisplayWidth.of(Character("\u{200D}")) == 0)
}

@Test func hangulJamoSequenceIsTwoColumns() {
    #expect(DisplayWidth.of("\u{1100}\u{1161}\u{11A8}") == 2)
}

@Test func truncateLeavesFittingTextAlone() {
    #expect(DisplayWidth.truncate("hello", toWidth: 5) == "hello")
    #expect(DisplayWidth.truncate("世界", toWidth: 4) == "世界")
}

@Test func truncateCutsWithEllipsisWithinWidth() {
    #expect(DisplayWidth.truncate("hello world", toWidth: 6) == "hello…")
}

@Test func truncateNeverSplitsAWideCharacter() {
    let cut = DisplayWidth.truncate("世界世界", toWidth: 4)
    #expect(cut == "世…")
    #expect(DisplayWidth.of(cut) <= 4)
    #expect(DisplayWidth.truncate("ab世界", toWidth: 4) == "ab…")
}

@Test func truncateToTinyWidths() {
    #expect(DisplayWidth.truncate("hello", toWidth: 0) == "")
    #expect(DisplayWidth.truncate("hello", toWidth: 1) == "…")
    #expect(DisplayWidth.truncate("世", toWidth: 1) == "…")
}

@Test func truncateKeepsCombiningMarksWithTheirBase() {
    #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
}
