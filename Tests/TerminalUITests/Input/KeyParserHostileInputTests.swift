import Testing

@testable import TerminalUI

// Hostile terminal input at the key parser (issue 18, item 4). Tried:
// - a bracketed paste that never ends, 4 MiB of it in 4 KiB reads: one paste cut at the limit,
//   nothing else held, keys back after `endPaste()`;
// - a paste start inside a paste, and the end marker split across reads after the cut;
// - a control sequence of 1 MiB of parameter bytes: dropped, keys right after it work;
// - 2,000 runs of random bytes rich in ESC, `[`, digits, `~` and paste markers: after any of
//   them, ending the paste and flushing leaves the parser empty, and Ctrl-C is Ctrl-C again.
// Nothing the terminal sends can hold more than the paste limit or lock the keyboard.

/// A small deterministic generator, so that a failure can be replayed.
private struct SplitMix {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

@Test func anEndlessPasteHoldsAtMostTheLimit() {
    var parser = KeyParser(maximumPasteLength: 64 * 1024)
    var events = parser.feed(Array("\u{1B}[200~".utf8))
    let chunk = [UInt8](repeating: 0x61, count: 4096)
    for _ in 0..<1024 { events += parser.feed(chunk) }
    #expect(events.count == 1)
    #expect(events.first == .paste(String(repeating: "a", count: 64 * 1024)))
    #expect(parser.isInPaste)
    #expect(parser.endPaste() == [])
    #expect(!parser.hasPendingInput)
    #expect(parser.feed([0x03]) == [.key(.control("c"))])
}

@Test func aPasteStartInsideAPasteIsText() {
    var parser = KeyParser()
    let events = parser.feed(Array("\u{1B}[200~a\u{1B}[200~b\u{1B}[201~".utf8))
    #expect(events == [.paste("a\u{1B}[200~b")])
}

@Test func theEndMarkerOfACutPasteIsFoundAcrossEveryReadBoundary() {
    let bytes = Array("\u{1B}[200~abcdefgh\u{1B}[201~z".utf8)
    for split in 0...bytes.count {
        var parser = KeyParser(maximumPasteLength: 3)
        let events = parser.feed(bytes[..<split]) + parser.feed(bytes[split...])
        #expect(events == [.paste("abc"), .key(.character("z"))], "split at \(split)")
        #expect(!parser.isInPaste)
    }
}

@Test func aHugeControlSequenceIsDroppedAndKeysFollow() {
    var parser = KeyParser()
    var events = parser.feed(Array("\u{1B}[".utf8))
    let parameters = [UInt8](repeating: 0x31, count: 4096)
    for _ in 0..<256 { events += parser.feed(parameters) }
    events += parser.feed(Array("Aq".utf8))
    #expect(events == [.key(.character("q"))])
    #expect(!parser.hasPendingInput)
}

@Test func noInputLeavesTheKeyboardLocked() {
    let alphabet: [[UInt8]] = [
        [0x1b], [0x5b], [0x4f], [0x7e], [0x32], [0x30], [0x31], [0x3b], [0x61], [0xe4], [0xb8], [0x03],
        Array("\u{1B}[200~".utf8), Array("\u{1B}[201~".utf8), Array("\u{1B}[20".utf8),
    ]
    var random = SplitMix(state: 18)
    for run in 0..<2_000 {
        var parser = KeyParser(maximumPasteLength: 16)
        var input: [UInt8] = []
        for _ in 0..<random.below(40) { input += alphabet[random.below(alphabet.count)] }
        var start = 0
        while start < input.count {
            let end = min(input.count, start + 1 + random.below(8))
            _ = parser.feed(input[start..<end])
            start = end
        }
        _ = parser.endPaste()
        _ = parser.flush()
        #expect(!parser.hasPendingInput, "run \(run): \(input)")
        #expect(parser.feed([0x03]) == [.key(.control("c"))], "run \(run): \(input)")
    }
}
