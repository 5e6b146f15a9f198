import Foundation
import HTTPTestServer
import Testing

@testable import Requests

/// The streaming decoder of compressed bodies: exact output whatever the input's pieces, the
/// checks verified, damage named, and a bomb stopped at the caller's limit.
@Suite struct InflaterTests {
    /// Text with some repetition and some noise, so deflate uses every kind of block.
    private static func sample(_ count: Int) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        let words = Array("the quick brown fox jumps over the lazy dog, feeds and todos ".utf8)
        while bytes.count < count {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            if state % 5 == 0 {
                bytes.append(UInt8(truncatingIfNeeded: state >> 8))
            } else {
                let start = Int(state % UInt32(words.count))
                bytes.append(contentsOf: words[start...].prefix(count - bytes.count))
            }
        }
        return bytes
    }

    /// `bytes` compressed by the system's `gzip` at `level`.
    private static func gzip(_ bytes: [UInt8], level: Int = 6) throws -> [UInt8] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inflater-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("body")
        try Data(bytes).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["gzip", "-\(level)", "-n", "-f", file.path]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0)
        return Array(try Data(contentsOf: folder.appendingPathComponent("body.gz")))
    }

    /// Decodes `compressed` fed in pieces of `piece` bytes.
    private static func inflate(
        _ compressed: [UInt8], wrapper: _Inflater.Wrapper = .gzip, piece: Int = 4096
    ) throws -> [UInt8] {
        var inflater = _Inflater(wrapper: wrapper)
        var output: [UInt8] = []
        var start = 0
        repeat {
            let end = min(start + piece, compressed.count)
            try inflater.feed(compressed[start..<end]) { output.append(contentsOf: $0) }
            start = end
        } while start < compressed.count
        try inflater.finish()
        return output
    }

    @Test(arguments: [0, 1, 1_000, 100_000, 1_000_000])
    func gzipOfTheSystemToolInflatesExactly(count: Int) throws {
        let original = Self.sample(count)
        for level in [1, 9] {
            let compressed = try Self.gzip(original, level: level)
            for piece in [1, 7, 65_536] where piece > 1 || count <= 100_000 {
                #expect(try Self.inflate(compressed, piece: piece) == original, "level \(level), piece \(piece)")
            }
        }
    }

    @Test func storedBlocksAreCopied() throws {
        // gzip -1 stores data it cannot compress: random bytes.
        var generator = SystemRandomNumberGenerator()
        let original = (0..<200_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for piece in [333, 100_000] {
            #expect(try Self.inflate(try Self.gzip(original, level: 1), piece: piece) == original, "piece \(piece)")
        }
    }

    @Test func copiesLongerThanTheirDistanceRepeatTheBytesBefore() throws {
        // Runs of a short pattern: deflate copies them from a distance shorter than the copy,
        // so the bytes a copy makes are the ones it goes on copying.
        var generator = SystemRandomNumberGenerator()
        var original: [UInt8] = []
        for period in [1, 2, 3, 5, 7, 31, 129, 257, 300] {
            let pattern = (0..<period).map { _ in UInt8.random(in: 0...255, using: &generator) }
            for index in 0..<(period * 7 + 1_000) { original.append(pattern[index % period]) }
        }
        for level in [1, 9] {
            let compressed = try Self.gzip(original, level: level)
            for piece in [1, 4_096] {
                #expect(try Self.inflate(compressed, piece: piece) == original, "level \(level), piece \(piece)")
            }
        }
    }

    @Test func membersInARowAreOneBody() throws {
        let first = Self.sample(5_000)
        let second = Array("and a second member".utf8)
        let compressed = try Self.gzip(first) + Self.gzip(second)
        #expect(try Self.inflate(compressed, piece: 100) == first + second)
    }

    @Test func zlibAndRawDeflateAreBothReadAsDeflate() throws {
        let zlib: [UInt8] = [0x78, 0x9C, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x06, 0x2C, 0x02, 0x15]
        #expect(try Self.inflate(zlib, wrapper: .zlibOrRaw, piece: 1) == Array("hello".utf8))
        let raw: [UInt8] = [0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00]
        #expect(try Self.inflate(raw, wrapper: .zlibOrRaw, piece: 1) == Array("hello".utf8))
        #expect(try Self.inflate(raw, wrapper: .raw) == Array("hello".utf8))
    }

    @Test func aWrongCheckIsDamage() throws {
        var zlib: [UInt8] = [0x78, 0x9C, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x06, 0x2C, 0x02, 0x15]
        zlib[zlib.count - 1] ^= 1
        #expect(throws: _Inflater.Damage(detail: "its zlib check (Adler-32) does not match")) {
            try Self.inflate(zlib, wrapper: .zlibOrRaw)
        }
        var gzip = try Self.gzip(Self.sample(1_000))
        gzip[gzip.count - 6] ^= 0x40
        #expect(throws: _Inflater.Damage(detail: "its gzip check (CRC-32) does not match")) {
            try Self.inflate(gzip)
        }
    }

    @Test func aCutOffOrForeignBodyIsDamage() throws {
        let gzip = try Self.gzip(Self.sample(10_000))
        #expect(throws: _Inflater.Damage(detail: "it ends in the middle of the compressed data")) {
            try Self.inflate(Array(gzip.dropLast(9)))
        }
        #expect(throws: _Inflater.Damage(detail: "it does not start as gzip data")) {
            try Self.inflate(Array("<rss></rss>".utf8))
        }
        // A block type deflate reserves.
        #expect(throws: _Inflater.Damage(detail: "it uses a reserved block type")) {
            try Self.inflate([0x07], wrapper: .raw)
        }
    }

    @Test func aMemberThatRefersBackIntoTheOneBeforeIsDamage() throws {
        // A final fixed-Huffman block whose first symbol copies 3 bytes from 1 back.
        let referenceFirst: [UInt8] = [0x03, 0x02, 0x00]
        let second = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF] + referenceFirst + [UInt8](repeating: 0, count: 8)
        #expect(throws: _Inflater.Damage(detail: "it refers back before its start")) {
            try Self.inflate(try Self.gzip(Array("a".utf8)) + second)
        }
        #expect(throws: _Inflater.Damage(detail: "it refers back before its start")) {
            try Self.inflate(referenceFirst, wrapper: .raw)
        }
    }

    @Test func aGzipHeaderThatNeverEndsIsDamage() throws {
        // FNAME set, and a name that goes on and on.
        var inflater = _Inflater(wrapper: .gzip)
        let header: [UInt8] = [0x1F, 0x8B, 8, 0x08, 0, 0, 0, 0, 0, 0xFF]
        try inflater.feed(header) { _ in }
        #expect(throws: _Inflater.Damage(detail: "its gzip header does not end")) {
            for _ in 0..<20 { try inflater.feed([UInt8](repeating: 0x41, count: 8_192)) { _ in } }
        }
    }

    @Test func damagedStreamsEndInDamageOrOutputNeverInATrap() throws {
        // Flipped bits, cut-offs and spliced bytes of real gzip and zlib streams, fed in random
        // pieces: each must end with output or a named damage, and never trap or hang.
        let original = Self.sample(20_000)
        let gzip = try Self.gzip(original, level: 6)
        let zlib: [UInt8] = [0x78, 0x9C, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x06, 0x2C, 0x02, 0x15]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var damaged = 0
        for round in 0..<2_000 {
            var bytes = round % 4 == 0 ? zlib : gzip
            switch round % 3 {
            case 0:
                for _ in 0...next(4) { bytes[next(bytes.count)] ^= UInt8(1 << next(8)) }
            case 1:
                bytes = Array(bytes.prefix(next(bytes.count)))
            default:
                let at = next(bytes.count)
                bytes.replaceSubrange(at..<at, with: (0..<next(64)).map { _ in UInt8(next(256)) })
            }
            var inflater = _Inflater(wrapper: round % 4 == 0 ? .zlibOrRaw : .gzip)
            var produced = 0
            do {
                var start = 0
                while start < bytes.count {
                    let end = min(bytes.count, start + 1 + next(5_000))
                    try inflater.feed(bytes[start..<end]) { produced += $0.count }
                    start = end
                }
                try inflater.finish()
            } catch is _Inflater.Damage {
                damaged += 1
            }
            #expect(produced <= bytes.count * 1_032 + 65_536, "round \(round): \(produced) bytes")
        }
        #expect(damaged > 1_000, "only \(damaged) of 2,000 damaged streams were noticed")
    }

    private struct Limit: Error {}

    @Test func aBombIsStoppedAtTheCallersLimitWhileItInflates() throws {
        // Fixed-Huffman blocks that copy a zero byte 258 at a time, forever: 1 MB of them
        // would inflate to about 160 MB.
        var inflater = _Inflater(wrapper: .gzip)
        try inflater.feed(GzipBomb.head) { _ in }
        let block = [UInt8](GzipBomb.block)
        let limit = 10_000_000
        var received = 0
        var fed = 0
        #expect(throws: Limit.self) {
            while fed < 100_000_000 {
                try inflater.feed(block) { chunk in
                    received += chunk.count
                    if received > limit { throw Limit() }
                }
                fed += block.count
            }
        }
        #expect(received < limit + 70_000, "\(received) bytes handed on")
        #expect(fed < 200_000, "\(fed) compressed bytes fed")
    }
}
