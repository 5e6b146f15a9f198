import Foundation
import Testing

@_spi(Fuzzing) @testable import BaseServices

/// Random and damaged files through the opening path the app uses (checks, then migrations):
/// each must open or be refused with a ``DatabaseError`` that leaves the file byte for byte as
/// it was. Seeded, so a failure names a file that reproduces it.
@Suite struct MigrationFuzzTests {
    private typealias Generator = FeedDocumentFuzzTests.SeededGenerator

    /// Writes `bytes` at `path` and opens it; returns the refusal, or nil when it opened.
    private static func open(_ bytes: [UInt8], at path: String) throws -> DatabaseError? {
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        do {
            try _openAndCloseDatabase(atPath: path, environment: .development)
            return nil
        } catch {
            return error
        }
    }

    private static func contents(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    /// A closed Rivulet database holding the welcome list, as bytes.
    private static func realDatabase(in folder: TemporaryFolder) throws -> [UInt8] {
        let path = folder.file("real.sqlite")
        #expect(try _openAndCloseDatabase(atPath: path, environment: .development))
        return contents(path)
    }

    private static func randomBytes(count: Int, using generator: inout Generator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    @Test func randomBytesAreRefusedAsNotADatabaseAndLeftUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        var generator = Generator(state: 6_006)
        for iteration in 0..<200 {
            let bytes = Self.randomBytes(count: Int.random(in: 1...3_000, using: &generator), using: &generator)
            let refusal = try Self.open(bytes, at: path)
            #expect(refusal?.kind == .notADatabase, "iteration \(iteration)")
            #expect(Self.contents(path) == bytes, "iteration \(iteration)")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "iteration \(iteration)")
        }
    }

    @Test func randomPagesBehindASQLiteHeaderAreRefusedAndLeftUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        var generator = Generator(state: 3_003)
        for iteration in 0..<150 {
            var bytes = Array("SQLite format 3\0".utf8)
            bytes += [0x10, 0x00, 0x01, 0x01, 0x00, 0x40, 0x20, 0x20]  // page size 4096, the fixed fields
            bytes += Self.randomBytes(count: 4_096 * Int.random(in: 1...3, using: &generator) - 24, using: &generator)
            let refusal = try Self.open(bytes, at: path)
            #expect(refusal != nil, "iteration \(iteration)")
            #expect(Self.contents(path) == bytes, "iteration \(iteration)")
        }
    }

    @Test func truncatedCopiesOfARealDatabaseAreRefusedAndLeftUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        let real = try Self.realDatabase(in: folder)
        var generator = Generator(state: 1_001)
        let lengths =
            [1, 99, 100, 101, 4_095, 4_096, 4_097]
            + (0..<60).map { _ in Int.random(in: 1..<real.count, using: &generator) }
        for length in lengths where length < real.count {
            let bytes = Array(real[..<length])
            let refusal = try Self.open(bytes, at: path)
            #expect(refusal?.kind == .notADatabase, "length \(length) of \(real.count)")
            #expect(Self.contents(path) == bytes, "length \(length) of \(real.count)")
        }
    }

    @Test func damagedCopiesOfARealDatabaseOpenOrAreRefusedUnchanged() throws {
        let folder = TemporaryFolder()
        let path = folder.file()
        let real = try Self.realDatabase(in: folder)
        var generator = Generator(state: 8_008)
        var refused = 0
        for iteration in 0..<120 {
            var bytes = real
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if let refusal = try Self.open(bytes, at: path) {
                refused += 1
                #expect(!refusal.message.isEmpty, "iteration \(iteration)")
                #expect(Self.contents(path) == bytes, "iteration \(iteration): \(refusal)")
            }
        }
        // Damage in the header and the schema must be caught often, or the test proves little.
        #expect(refused > 10)
    }
}
