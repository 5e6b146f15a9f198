import Foundation
import StreamsTesting
import Testing

@testable import FeedParsing

/// Feeds thousands of mutated documents to every parser: none may trap, and whatever parses
/// must still satisfy the DTO's promises. The generator is seeded, so a failure reproduces.
@Suite struct FeedDocumentFuzzTests {
    /// SplitMix64: small, fast and the same on every platform.
    private static let interestingBytes: [UInt8] = Array("<>&;\"'{}[]:,/!?-#x0 \n".utf8) + [0, 0xFF, 0xC3, 0x80]

    static func mutate(_ bytes: [UInt8], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = bytes
        for _ in 0..<Int.random(in: 1...4, using: &rng) {
            guard !bytes.isEmpty else { break }
            let position = Int.random(in: 0..<bytes.count, using: &rng)
            switch Int.random(in: 0..<6, using: &rng) {
            case 0:
                bytes[position] ^= UInt8.random(in: 1...255, using: &rng)
            case 1:
                bytes.removeSubrange(position...)
            case 2:
                let length = Int.random(in: 1...min(200, bytes.count - position), using: &rng)
                let slice = bytes[position..<(position + length)]
                let target = Int.random(in: 0...bytes.count, using: &rng)
                bytes.insert(contentsOf: slice, at: target)
            case 3:
                let length = Int.random(in: 1...min(50, bytes.count - position), using: &rng)
                bytes.removeSubrange(position..<(position + length))
            case 4:
                let byte = interestingBytes.randomElement(using: &rng) ?? 0
                bytes.insert(byte, at: position)
            default:
                bytes[position] = interestingBytes.randomElement(using: &rng) ?? 0
            }
        }
        return bytes
    }

    @Test func mutatedDocumentsNeverCrashAndParsedOnesKeepTheirPromises() {
        var rng = SeededGenerator(seed: 20_250_603)
        let sources = FeedFixtures.all.map { Array($0.utf8) }
        var parsed = 0
        var failed = 0
        for iteration in 0..<3_000 {
            let source = sources[iteration % sources.count]
            let mutated = Self.mutate(source, using: &rng)
            do {
                let feed = try FeedDocument.parse(Data(mutated))
                parsed += 1
                #expect(!feed.title.isEmpty, "iteration \(iteration)")
                #expect(Set(feed.items.map(\.id)).count == feed.items.count, "iteration \(iteration)")
                #expect(feed.items.allSatisfy { !$0.title.isEmpty && !$0.id.isEmpty }, "iteration \(iteration)")
                #expect(!Self.hasControlCharacters(feed), "iteration \(iteration)")
            } catch {
                failed += 1
                #expect(!error.description.isEmpty)
            }
        }
        // Both outcomes must occur, or the mutations are too weak or too strong to mean much.
        #expect(parsed > 100)
        #expect(failed > 100)
    }

    /// Whether an address or id holds a control character. Titles and summaries may: they are
    /// text as the feed gave it, sanitised where they are shown.
    private static func hasControlCharacters(_ feed: ParsedFeed) -> Bool {
        var texts = [feed.siteLink ?? ""]
        for item in feed.items {
            texts += [item.id, item.guid ?? "", item.link ?? ""]
        }
        return texts.contains { text in
            text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }
    }

    @Test func controlCharactersInLinksAndIdsNeverReachTheOutput() throws {
        let rss =
            "<rss><channel><title>c</title><item><title>t</title><guid>a&#27;[2Jb</guid>"
            + "<link>https://c.example/&#7;x</link></item></channel></rss>"
        let feed = try FeedDocument.parse(Data(rss.utf8))
        #expect(!Self.hasControlCharacters(feed))
        #expect(feed.items.first?.link?.hasPrefix("https://c.example/") == true)
    }

    @Test func mutationIsReproducibleFromTheSeed() {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        let source = Array(FeedFixtures.rss.utf8)
        #expect(Self.mutate(source, using: &first) == Self.mutate(source, using: &second))
    }
}
