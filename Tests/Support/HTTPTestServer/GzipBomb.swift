public import Foundation

/// A gzip body that inflates to far more than it weighs, written by hand: fixed-Huffman deflate
/// blocks of back-references, each 258 zero bytes for 13 bits (about 160 to 1). Every block is a
/// whole number of bytes, so the body is a head followed by the same block repeated, which a
/// test server streams without holding it. The stream never ends (no final block, no trailer):
/// a client must stop it at its limit.
public enum GzipBomb {
    /// The gzip header and a first block that writes the zero byte the others copy.
    public static let head: Data = {
        var bits = BitWriter()
        bits.blockHeader()
        bits.appendCode(0b0011_0000, length: 8)  // literal 0
        for _ in 0..<6 { bits.appendCopyOf258() }
        bits.appendCode(0, length: 7)  // end of block
        return gzipHeader + bits.bytes
    }()

    /// A block of 1022 back-references: 1,662 bytes that inflate to 263,676.
    public static let block: Data = {
        var bits = BitWriter()
        bits.blockHeader()
        for _ in 0..<1022 { bits.appendCopyOf258() }
        bits.appendCode(0, length: 7)
        return bits.bytes
    }()

    /// How many bytes one ``block`` inflates to.
    public static let inflatedPerBlock = 1022 * 258

    /// Magic, deflate, no flags, no time, no extra flags, unknown system.
    private static let gzipHeader = Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])

    /// Bits in deflate's order: each value's bits from the least significant, Huffman codes from
    /// the most significant.
    private struct BitWriter {
        private(set) var bytes = Data()
        private var current: UInt8 = 0
        private var used = 0

        mutating func appendBit(_ bit: Bool) {
            if bit { current |= 1 << used }
            used += 1
            if used == 8 {
                bytes.append(current)
                (current, used) = (0, 0)
            }
        }

        /// A Huffman code of `length` bits, most significant first.
        mutating func appendCode(_ code: Int, length: Int) {
            for index in stride(from: length - 1, through: 0, by: -1) { appendBit(code >> index & 1 == 1) }
        }

        /// Not the last block; fixed Huffman codes (type 01, written from its low bit).
        mutating func blockHeader() {
            appendBit(false)
            appendBit(true)
            appendBit(false)
        }

        /// Length symbol 285 (258 bytes, code 11000101), then distance code 0 (1 byte back).
        mutating func appendCopyOf258() {
            appendCode(0b1100_0101, length: 8)
            appendCode(0, length: 5)
        }
    }
}
