import StreamsTesting
import TerminalUI
import Testing

@Test func plainTextIsUnchanged() {
    #expect(TextSanitizer.sanitize("Buy milk, eggs & bread 世界 😀") == "Buy milk, eggs & bread 世界 😀")
}

@Test func osc52ClipboardWriteIsRemoved() {
    #expect(TextSanitizer.sanitize("a\u{1B}]52;c;cm0gLXJmIH4=\u{07}b") == "ab")
    #expect(TextSanitizer.sanitize("a\u{1B}]52;c;cm0gLXJmIH4=\u{1B}\\b") == "ab")
}

@Test func titleChangeIsRemoved() {
    #expect(TextSanitizer.sanitize("\u{1B}]0;you have been owned\u{07}Title") == "Title")
    #expect(TextSanitizer.sanitize("\u{1B}]2;x\u{9C}Title") == "Title", "an 8-bit ST ends a 7-bit string")
}

@Test func csiSequencesAreRemoved() {
    #expect(TextSanitizer.sanitize("\u{1B}[31mred\u{1B}[0m \u{1B}[2J\u{1B}[10;20H!") == "red !")
}

@Test func eightBitCSIIsAPlaceholderOnItsOwn() {
    #expect(TextSanitizer.sanitize("a\u{9B}31mb") == "a\u{FFFD}31mb")
}

@Test func otherC1ControlsBecomePlaceholders() {
    #expect(TextSanitizer.sanitize("a\u{84}b") == "a\u{FFFD}b")
}

@Test func deviceControlStringsAreRemoved() {
    #expect(TextSanitizer.sanitize("a\u{1B}Pq#0;2;0;0;0\u{1B}\\b\u{1B}_apc\u{1B}\\c") == "abc")
}

@Test func twoCharacterEscapesAreRemoved() {
    #expect(TextSanitizer.sanitize("a\u{1B}cb\u{1B}(Bc\u{1B}7d") == "abcd")
}

@Test func nulBellAndDeleteBecomePlaceholders() {
    #expect(TextSanitizer.sanitize("a\u{0}b\u{7}c\u{7F}d") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d")
}

@Test func bidiOverridesAreRemoved() {
    #expect(TextSanitizer.sanitize("invoice\u{202E}fdp.exe") == "invoicefdp.exe")
    #expect(TextSanitizer.sanitize("a\u{2066}b\u{2069}c\u{200F}") == "abc")
}

@Test func lineBreaksAndTabsBecomeSpaces() {
    #expect(TextSanitizer.sanitize("one\ntwo\r\nthree\tfour\u{2028}five") == "one two  three four five")
}

@Test func lineBreaksCanBePreserved() {
    #expect(TextSanitizer.sanitize("one\ntwo\r\nthree\rfour", preservingNewlines: true) == "one\ntwo\nthree\nfour")
}

@Test func trailingLoneEscapeBecomesPlaceholder() {
    #expect(TextSanitizer.sanitize("abc\u{1B}") == "abc\u{FFFD}")
}

@Test func escapeFollowedByControlKeepsTheControlVisible() {
    #expect(TextSanitizer.sanitize("a\u{1B}\u{7}b") == "a\u{FFFD}\u{FFFD}b")
}

@Test func escapeInsideAStringEndsItUnterminatedAndStartsANewSequence() {
    #expect(TextSanitizer.sanitize("\u{1B}]0;x\u{1B}[31mred") == "\u{FFFD}0;xred")
}

@Test func unterminatedStringKeepsTheRest() {
    #expect(TextSanitizer.sanitize("ok\u{1B}]52;c;AAAA") == "ok\u{FFFD}52;c;AAAA")
}

@Test func malformedControlSequenceKeepsTheRest() {
    #expect(TextSanitizer.sanitize("a\u{1B}[ 2024 b") == "a\u{FFFD} 2024 b")
    #expect(TextSanitizer.sanitize("a\u{1B}[12;\u{7}b") == "a\u{FFFD}12;\u{FFFD}b")
}

@Test func aSequenceLongerThanTheLongestIsText() {
    let payload = String(repeating: "A", count: 5_000)
    #expect(TextSanitizer.sanitize("a\u{1B}]52;c;\(payload)\u{7}b") == "a\u{FFFD}52;c;\(payload)\u{FFFD}b")
}

@Test func invalidUTF8BytesBecomeReplacementCharacters() {
    #expect(TextSanitizer.sanitize(bytes: [0x61, 0xff, 0x62, 0xc3]) == "a\u{FFFD}b\u{FFFD}")
}

@Test func sanitizedTextNeverContainsControls() {
    var generator = SeededGenerator(seed: 11)
    let pieces = [
        "a", "\u{1B}", "[", "]", "\u{07}", "\u{9B}", "\u{9C}", "\\", "世", "\u{202E}", "\u{0}", "\n", ";", "m",
    ]
    for _ in 0..<500 {
        let text = (0..<20).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        let clean = TextSanitizer.sanitize(text)
        #expect(clean.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7f..<0xa0).contains($0.value) })
        #expect(!clean.unicodeScalars.contains("\u{202E}"))
    }
}

@Test func visibleWritesOutWhatATerminalWouldActOn() {
    #expect(TextSanitizer.visible("\u{1B}[31m5") == "\\e[31m5")
    #expect(TextSanitizer.visible("a\tb\rc\nd") == "a\\tb\\rc\\nd")
    #expect(TextSanitizer.visible("a\nb", preservingNewlines: true) == "a\nb")
    #expect(TextSanitizer.visible("bell\u{07} del\u{7F} c1\u{9B}") == "bell\\u{7} del\\u{7F} c1\\u{9B}")
    #expect(TextSanitizer.visible("evil\u{202E}txt.exe\u{2028}") == "evil\\u{202E}txt.exe\\u{2028}")
    #expect(TextSanitizer.visible("plain ASCII") == "plain ASCII")
    #expect(TextSanitizer.visible("café 👍🏽") == "café 👍🏽")
}

@Test func visibleTextHasNothingATerminalActsOn() {
    let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\u{9D}0;x\u{9C}\u{202E}\u{0}\u{85}"
    #expect(TextSanitizer.visible(hostile).unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F })
    #expect(!TextSanitizer.visible(hostile).unicodeScalars.contains { (0x80..<0xA0).contains($0.value) })
}
