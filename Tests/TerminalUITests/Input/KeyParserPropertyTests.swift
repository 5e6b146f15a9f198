import StreamsTesting
import Testing

@testable import TerminalUI

/// Random byte streams through the key parser: whatever the bytes and however a terminal cuts
/// them into reads, the parser gives the same events and never turns a control byte into text.
/// Seeded, so a failure names a stream that reproduces it.
@Suite struct KeyParserPropertyTests {
    /// Pieces a terminal sends, whole and broken, plus a few kinds of garbage.
    private static let fragments: [[UInt8]] = [
        Array("a".utf8), Array("Zq ~".utf8), Array("é".utf8), Array("世".utf8), Array("😀".utf8),
        [0x1b], [0x1b, 0x5b], [0x1b, 0x4f], Array("\u{1b}[A".utf8), Array("\u{1b}[1;5C".utf8),
        Array("\u{1b}OP".utf8), Array("\u{1b}[15~".utf8), Array("\u{1b}[3;2~".utf8), Array("\u{1b}[Z".utf8),
        Array("\u{1b}[97;5u".utf8), Array("\u{1b}[<0;12;4M".utf8), Array("\u{1b}[?1;2c".utf8),
        Array("\u{1b}[200~".utf8), Array("\u{1b}[201~".utf8), Array("\u{1b}x".utf8), [0x1b, 0x1b],
        [0x01], [0x0d], [0x09], [0x7f], [0x00], [0x9b], [0xc3], [0xe4, 0xb8], [0xf0, 0x9f, 0x98], [0xff],
        Array("\u{1b}[".utf8) + Array(repeating: UInt8(ascii: "1"), count: 70) + Array("A".utf8),
        Array("\u{1b}[".utf8) + Array(repeating: UInt8(ascii: ";"), count: 63) + Array("~".utf8),
        Array("\u{1b}O".utf8) + Array(repeating: UInt8(ascii: "2"), count: 80) + Array("B".utf8),
    ]

    private static func randomStream(using generator: inout SeededGenerator) -> [UInt8] {
        var stream: [UInt8] = []
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
            if Int.random(in: 0..<5, using: &generator) == 0 {
                stream.append(UInt8.random(in: 0...255, using: &generator))
            } else {
                stream += fragments.randomElement(using: &generator) ?? []
            }
        }
        return stream
    }

    /// The events for `stream` fed in reads of the given sizes (the rest in one last read), then flushed.
    private static func events(_ stream: [UInt8], reads: [Int]) -> [InputEvent] {
        var parser = KeyParser()
        var events: [InputEvent] = []
        var start = 0
        for size in reads where start < stream.count {
            let end = min(stream.count, start + size)
            events += parser.feed(stream[start..<end])
            start = end
        }
        events += parser.feed(stream[start...])
        return events + parser.flush()
    }

    @Test func streamsCutIntoRandomReadsGiveTheEventsOfOneRead() {
        var generator = SeededGenerator(seed: 9_001)
        for iteration in 0..<1_500 {
            let stream = Self.randomStream(using: &generator)
            let reads = (0..<stream.count).map { _ in Int.random(in: 1...8, using: &generator) }
            let whole = Self.events(stream, reads: [])
            let split = Self.events(stream, reads: reads)
            #expect(split == whole, "iteration \(iteration): \(stream) in reads of \(reads)")
        }
    }

    @Test func streamsFedOneByteAtATimeGiveTheEventsOfOneRead() {
        var generator = SeededGenerator(seed: 77)
        for iteration in 0..<800 {
            let stream = Self.randomStream(using: &generator)
            let whole = Self.events(stream, reads: [])
            let bytewise = Self.events(stream, reads: Array(repeating: 1, count: stream.count))
            #expect(bytewise == whole, "iteration \(iteration): \(stream)")
        }
    }

    @Test func randomBytesNeverComeOutAsControlCharacterText() {
        var generator = SeededGenerator(seed: 4_242)
        var characters = 0
        for iteration in 0..<800 {
            let stream = (0..<Int.random(in: 1...64, using: &generator)).map { _ in
                UInt8.random(in: 0...255, using: &generator)
            }
            for case .key(let key) in Self.events(stream, reads: []) {
                guard case .character(let character) = key.code else { continue }
                characters += 1
                #expect(
                    !character.unicodeScalars.contains { $0.isTerminalControl },
                    "iteration \(iteration): \(stream) gave \(key)")
            }
        }
        // The streams must reach the text path often, or the test proves nothing.
        #expect(characters > 1_000)
    }
}
