public import TerminalUI

/// The key parser's promises for one byte stream.
public enum KeyParserCheck {
    /// The first byte chooses how the rest is cut into reads; the events must not depend on the
    /// cuts, and no character event may carry a terminal control character.
    public static func check(_ input: [UInt8]) {
        guard let seed = input.first else { return }
        let stream = Array(input.dropFirst())
        let whole = events(of: stream, readSizes: [stream.count])
        let sizes = readSizes(total: stream.count, seed: seed)
        let split = events(of: stream, readSizes: sizes)
        guard whole == split else {
            violation("reads of \(sizes) give \(split), one read gives \(whole), for \(stream)")
        }
        for case .key(let key) in whole {
            if case .character(let character) = key.code,
                character.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7f...0x9f).contains($0.value) })
            {
                violation("a control character came out as text: \(key) from \(stream)")
            }
        }
    }

    /// The events a fresh parser gives for `stream` fed in reads of `readSizes`, then flushed.
    public static func events(of stream: [UInt8], readSizes: [Int]) -> [InputEvent] {
        var parser = KeyParser()
        var events: [InputEvent] = []
        var start = 0
        for size in readSizes where start < stream.count {
            let end = min(stream.count, start + size)
            events += parser.feed(stream[start..<end])
            start = end
        }
        if start < stream.count { events += parser.feed(stream[start...]) }
        events += parser.flush()
        return events
    }

    /// Read sizes adding up to `total`: every byte alone for seed 0, else sizes from 1 to 16.
    public static func readSizes(total: Int, seed: UInt8) -> [Int] {
        guard seed != 0 else { return Array(repeating: 1, count: total) }
        var generator = SplitMix(seed: UInt64(seed))
        var sizes: [Int] = []
        var covered = 0
        while covered < total {
            let size = Int.random(in: 1...16, using: &generator)
            sizes.append(size)
            covered += size
        }
        return sizes
    }
}
