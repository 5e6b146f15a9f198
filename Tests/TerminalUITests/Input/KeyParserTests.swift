import StreamsTesting
import Testing

@testable import TerminalUI

private func parse(_ bytes: [UInt8]) -> [InputEvent] {
    var parser = KeyParser()
    return parser.feed(bytes)
}

private func parse(_ text: String) -> [InputEvent] {
    parse(Array(text.utf8))
}

private func key(_ code: Key.Code, _ modifiers: Key.Modifiers = []) -> InputEvent {
    .key(Key(code, modifiers: modifiers))
}

private func char(_ character: Character, _ modifiers: Key.Modifiers = []) -> InputEvent {
    .key(Key(.character(character), modifiers: modifiers))
}

/// Feeds `bytes` in two reads split at every possible boundary and returns each result.
private func splitResults(_ bytes: [UInt8]) -> [[InputEvent]] {
    (0...bytes.count).map { split in
        var parser = KeyParser()
        return parser.feed(bytes[..<split]) + parser.feed(bytes[split...])
    }
}

@Test func printableASCIIBecomesCharacterKeys() {
    #expect(parse("aZ ~") == [char("a"), char("Z"), char(" "), char("~")])
}

@Test func multiByteUTF8BecomesOneCharacterKey() {
    #expect(parse("é世😀") == [char("é"), char("世"), char("😀")])
}

@Test func utf8SplitAcrossReadsAtEveryBoundaryDecodesOnce() {
    let bytes = Array("世😀".utf8)
    for result in splitResults(bytes) {
        #expect(result == [char("世"), char("😀")])
    }
}

@Test func enterIsCarriageReturnOrLineFeed() {
    #expect(parse([0x0d, 0x0a]) == [key(.enter), key(.enter)])
}

@Test func tabAndShiftTab() {
    #expect(parse([0x09]) == [key(.tab)])
    #expect(parse("\u{1B}[Z") == [key(.tab, .shift)])
}

@Test func backspaceIsDelOrBackspaceByte() {
    #expect(parse([0x7f, 0x08]) == [key(.backspace), key(.backspace)])
}

@Test func controlLettersCarryTheControlModifier() {
    #expect(parse([0x01, 0x03, 0x1a]) == [char("a", .control), char("c", .control), char("z", .control)])
}

@Test func controlSpaceAndControlPunctuation() {
    #expect(parse([0x00, 0x1c, 0x1f]) == [char(" ", .control), char("\\", .control), char("_", .control)])
}

@Test func loneEscapeIsHeldUntilFlushed() {
    var parser = KeyParser()
    #expect(parser.feed([0x1b]) == [])
    #expect(parser.hasPendingEscape)
    #expect(parser.flush() == [key(.escape)])
    #expect(!parser.hasPendingEscape)
}

@Test func escapeFollowedByMoreBytesIsNotPending() {
    var parser = KeyParser()
    _ = parser.feed([0x1b])
    #expect(parser.feed(Array("[A".utf8)) == [key(.up)])
    #expect(!parser.hasPendingEscape)
    #expect(parser.flush() == [])
}

@Test func doubleEscapeGivesOneEscapeAndHoldsTheSecond() {
    var parser = KeyParser()
    #expect(parser.feed([0x1b, 0x1b]) == [key(.escape)])
    #expect(parser.hasPendingEscape)
}

@Test func flushingEscapeBracketGivesAltBracket() {
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[".utf8)) == [])
    #expect(parser.flush() == [char("[", .alt)])
}

@Test func flushingEscapeOGivesAltO() {
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}O".utf8)) == [])
    #expect(parser.flush() == [char("O", .alt)])
}

@Test func flushingAnUnfinishedSequenceDropsIt() {
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[1;5".utf8)) == [])
    #expect(parser.flush() == [])
    #expect(parser.feed(Array("x".utf8)) == [char("x")])
}

@Test func arrowsInCSIAndSS3Forms() {
    #expect(parse("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [key(.up), key(.down), key(.right), key(.left)])
    #expect(parse("\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [key(.up), key(.down), key(.right), key(.left)])
}

@Test func homeAndEndInEveryForm() {
    #expect(parse("\u{1B}[H\u{1B}OH\u{1B}[1~\u{1B}[7~") == Array(repeating: key(.home), count: 4))
    #expect(parse("\u{1B}[F\u{1B}OF\u{1B}[4~\u{1B}[8~") == Array(repeating: key(.end), count: 4))
}

@Test func pageUpPageDownInsertDelete() {
    #expect(
        parse("\u{1B}[5~\u{1B}[6~\u{1B}[2~\u{1B}[3~") == [key(.pageUp), key(.pageDown), key(.insert), key(.delete)])
}

@Test func functionKeysOneToFourInSS3Form() {
    #expect(
        parse("\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS") == [
            key(.function(1)), key(.function(2)), key(.function(3)), key(.function(4)),
        ])
}

@Test func functionKeysInTildeForm() {
    let numbers = [11, 12, 13, 14, 15, 17, 18, 19, 20, 21, 23, 24]
    let text = numbers.map { "\u{1B}[\($0)~" }.joined()
    #expect(parse(text) == (1...12).map { key(.function($0)) })
}

@Test func modifiedArrowsFromCSIParameters() {
    #expect(parse("\u{1B}[1;5A") == [key(.up, .control)])
    #expect(parse("\u{1B}[1;2B") == [key(.down, .shift)])
    #expect(parse("\u{1B}[1;3C") == [key(.right, .alt)])
    #expect(parse("\u{1B}[1;8D") == [key(.left, [.shift, .alt, .control])])
}

@Test func modifiedTildeAndFunctionKeys() {
    #expect(parse("\u{1B}[3;5~") == [key(.delete, .control)])
    #expect(parse("\u{1B}[1;2P") == [key(.function(1), .shift)])
    #expect(parse("\u{1B}[15;3~") == [key(.function(5), .alt)])
}

@Test func altCombinationsFromEscapePrefix() {
    #expect(parse("\u{1B}x\u{1B}X") == [char("x", .alt), char("X", .alt)])
    #expect(parse([0x1b, 0x7f]) == [key(.backspace, .alt)])
    #expect(parse([0x1b, 0x0d]) == [key(.enter, .alt)])
    #expect(parse(Array("\u{1B}é".utf8)) == [char("é", .alt)])
}

@Test func kittyUnicodeKeys() {
    #expect(parse("\u{1B}[99;5u\u{1B}[13;2u") == [char("c", .control), key(.enter, .shift)])
}

@Test func severalKeysInOneReadAreSplit() {
    #expect(
        parse("jk\u{1B}[Aq\u{1B}[1;5Bé") == [
            char("j"), char("k"), key(.up), char("q"), key(.down, .control), char("é"),
        ])
}

@Test func escapeSequencesSplitAtEveryBoundaryParseTheSame() {
    for sequence in ["\u{1B}[1;5A", "\u{1B}OP", "\u{1B}[24~", "x\u{1B}[Zy"] {
        var parser = KeyParser()
        let whole = parser.feed(Array(sequence.utf8))
        for result in splitResults(Array(sequence.utf8)) {
            #expect(result == whole, "\(sequence.debugDescription)")
        }
    }
}

@Test func bracketedPasteIsOneEvent() {
    #expect(parse("\u{1B}[200~hello\nworld\u{1B}[201~x") == [.paste("hello\nworld"), char("x")])
}

@Test func pasteKeepsEscapesAndControlsInside() {
    #expect(parse("\u{1B}[200~a\u{1B}[Ab\u{03}\u{1B}[201~") == [.paste("a\u{1B}[Ab\u{03}")])
}

@Test func pasteSplitAtEveryBoundaryIsOneEvent() {
    let bytes = Array("\u{1B}[200~héllo 世界\u{1B}[201~".utf8)
    for result in splitResults(bytes) {
        #expect(result == [.paste("héllo 世界")])
    }
}

@Test func pasteAcrossManyReadsIsOneEvent() {
    var parser = KeyParser()
    var events: [InputEvent] = []
    for byte in Array("\u{1B}[200~one\u{1B}two\u{1B}[201~".utf8) {
        events += parser.feed([byte])
    }
    #expect(events == [.paste("one\u{1B}two")])
}

@Test func pastePendingIsNotAnEscape() {
    var parser = KeyParser()
    _ = parser.feed(Array("\u{1B}[200~abc\u{1B}".utf8))
    #expect(parser.isInPaste)
    #expect(!parser.hasPendingEscape)
    #expect(parser.flush() == [])
}

@Test func strayPasteEndIsIgnored() {
    #expect(parse("\u{1B}[201~a") == [char("a")])
}

@Test func unknownSequencesAreConsumedSilently() {
    #expect(parse("\u{1B}[99Xa\u{1B}[?1;2cb\u{1B}[<0;10;5Mc\u{1B}OZd") == [char("a"), char("b"), char("c"), char("d")])
}

@Test func invalidUTF8BytesAreDropped() {
    #expect(parse([0x61, 0xff, 0x80, 0xc0, 0xaf, 0x62, 0xe4, 0x62]) == [char("a"), char("b"), char("b")])
}

@Test func c1ControlsAsUTF8AreDropped() {
    #expect(parse([0xc2, 0x9b, 0x41]) == [char("A")])
}

@Test func overlongEncodingsAreDropped() {
    #expect(parse([0xe0, 0x80, 0xaf, 0x61]) == [char("a")])
}

@Test func sequenceBrokenByControlByteReparsesTheByte() {
    #expect(parse("\u{1B}[1;\u{03}a") == [char("c", .control), char("a")])
}

@Test func overlongSequenceIsDroppedNotBuffered() {
    var parser = KeyParser()
    let garbage = "\u{1B}[" + String(repeating: "1;", count: 100)
    #expect(parser.feed(Array(garbage.utf8)) == [])
    #expect(!parser.hasPendingEscape)
    // The rest of the sequence, through its final byte, is dropped too; what follows is keys.
    #expect(parser.feed(Array("1;5Ab".utf8)) == [char("b")])
}

/// Found by fuzzing: the part of an over-long sequence that came in a later read was parsed as
/// text, so its parameters and final byte came out as keys.
@Test func overlongSequenceGivesNoKeysWhereverTheReadsCutIt() {
    let bytes = Array(("\u{1B}[" + String(repeating: "1", count: 70) + "A" + "x").utf8)
    for result in splitResults(bytes) {
        #expect(result == [char("x")])
    }
}

/// An SS3 sequence (`ESC O`) with endless parameter bytes was buffered without bound.
@Test func overlongSS3SequenceIsDroppedNotBuffered() {
    var parser = KeyParser()
    let garbage = "\u{1B}O" + String(repeating: "1;", count: 100)
    #expect(parser.feed(Array(garbage.utf8)) == [])
    #expect(!parser.hasPendingEscape)
    #expect(parser.feed(Array("1;5Ab".utf8)) == [char("b")])
}

/// Found by fuzzing: an over-long SS3 sequence was ended by the first byte that is not a digit
/// or `;` when it arrived whole, but by the first byte outside 0x20–0x3f when it was dropped
/// across reads, so `&` and the digits after it were keys in one case and not in the other.
@Test func overlongSS3SequenceEndsAtTheSameByteWhereverTheReadsCutIt() {
    let bytes = Array(("\u{1B}O" + String(repeating: "2", count: 70) + "&22B" + "x").utf8)
    for result in splitResults(bytes) {
        #expect(result == [char("2"), char("2"), char("B"), char("x")])
    }
}

@Test func flushEndsAnOverlongSequence() {
    var parser = KeyParser()
    #expect(parser.feed(Array(("\u{1B}[" + String(repeating: "2", count: 80)).utf8)) == [])
    #expect(parser.flush() == [])
    #expect(parser.feed(Array("2A".utf8)) == [char("2"), char("A")])
}

@Test func randomBytesNeverCrashAndNeverLeakControls() {
    var generator = SeededGenerator(seed: 7)
    var parser = KeyParser()
    for _ in 0..<2000 {
        let count = Int.random(in: 1...12, using: &generator)
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for event in parser.feed(bytes) + parser.flush() {
            if case .key(let key) = event, case .character(let character) = key.code {
                #expect(character.unicodeScalars.allSatisfy { !$0.isTerminalControl })
            }
        }
    }
}

@Test func pasteLongerThanTheLimitIsCutAndItsRestDropped() {
    var parser = KeyParser(maximumPasteLength: 8)
    let events = parser.feed(Array("\u{1B}[200~0123456789abcdef\u{1B}[201~x".utf8))
    #expect(events == [.paste("01234567"), char("x")])
    #expect(!parser.isInPaste)
}

@Test func pasteLimitHoldsAcrossReadsAndKeepsNoHalfCharacter() {
    var parser = KeyParser(maximumPasteLength: 6)
    var events = parser.feed(Array("\u{1B}[200~ab".utf8))
    events += parser.feed(Array("cd世界".utf8))  // 世 would need bytes 5 to 7
    #expect(events == [.paste("abcd")])
    #expect(parser.isInPaste)
    events += parser.feed(Array("more text q".utf8))
    #expect(events == [.paste("abcd")])
    events += parser.feed(Array("\u{1B}[201~q".utf8))
    #expect(events == [.paste("abcd"), char("q")])
}

@Test func unterminatedPasteEndsWithWhatArrivedAndKeysWorkAgain() {
    var parser = KeyParser()
    #expect(parser.feed(Array("\u{1B}[200~half a paste\u{1B}[20".utf8)) == [])
    #expect(parser.isInPaste)
    #expect(parser.hasPendingInput)
    #expect(parser.endPaste() == [.paste("half a paste")])
    #expect(!parser.isInPaste)
    #expect(parser.feed([0x03]) == [.key(.control("c"))])
}

@Test func endingADroppedPasteSendsNothingMore() {
    var parser = KeyParser(maximumPasteLength: 2)
    #expect(parser.feed(Array("\u{1B}[200~abcdef".utf8)) == [.paste("ab")])
    #expect(parser.endPaste() == [])
    #expect(parser.feed(Array("q".utf8)) == [char("q")])
}

@Test func endPasteOutsideAPasteDoesNothing() {
    var parser = KeyParser()
    _ = parser.feed([0x1b])
    #expect(parser.endPaste() == [])
    #expect(parser.hasPendingEscape)
}
