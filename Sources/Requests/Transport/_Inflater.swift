/// A streaming decoder for the bodies HTTP compresses: gzip (RFC 1952, several members in a
/// row included), zlib (RFC 1950) and raw deflate (RFC 1951), which servers send as
/// `Content-Encoding: deflate` either way.
///
/// Input is taken in pieces as it arrives and output is handed on as it is made, so the caller
/// counts inflated bytes while they are produced and stops a small body that inflates to
/// gigabytes at its limit: the decoder holds one fixed buffer of 256 KB (the 32 KB window
/// deflate refers back to and the output not handed on yet, handed on every 64 KB) and a
/// little unconsumed input.
///
/// Each step (a header, a symbol, a back-reference, a run of a stored block's bytes) reads all
/// its bits before it writes anything, so a step that runs out of input is undone and resumed
/// when more arrives.
struct _Inflater {
    /// How the deflate data is wrapped.
    enum Wrapper: Equatable {
        /// gzip members, each checked by its CRC-32 and size.
        case gzip
        /// A zlib header and Adler-32 check, or (detected from the first two bytes) raw deflate.
        case zlibOrRaw
        /// Raw deflate, no header and no check.
        case raw
    }

    /// Why a body cannot be decoded; the text names what is wrong, for the error message.
    struct Damage: Error, Equatable {
        let detail: String
    }

    private enum Phase {
        case wrapperHeader
        case blockHeader
        case stored(remaining: Int)
        case codes(literals: _HuffmanTable, distances: _HuffmanTable)
        case trailer
        /// After a gzip member's trailer: another member may follow.
        case betweenMembers
        case finished
    }

    /// Raised inside a step when the input ends in its middle.
    private struct NeedsInput: Error {}

    private let wrapper: Wrapper
    private var isZlib = false
    private var phase = Phase.wrapperHeader
    private var isLastBlock = false

    private var input: [UInt8] = []
    private var position = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0

    /// The window of bytes already handed on, then output not yet handed on: the first
    /// `written` bytes are in use, the rest is room (grown only when a step needs more).
    private var output = [UInt8](repeating: 0, count: 4 * 65_536)
    private var written = 0
    private var handedOn = 0
    private var check = _Checksum()
    /// Where the current gzip member's output starts in `output` (negative once trimmed past):
    /// a member may not refer back into the one before it.
    private var memberStart = 0
    private var memberSize: UInt32 = 0

    /// A gzip header longer than this (a name or comment that never ends) is damage.
    private static let longestHeader = 65_536
    private static let window = 32_768
    /// Output is handed on in chunks of about this size.
    private static let chunk = 65_536

    init(wrapper: Wrapper) {
        self.wrapper = wrapper
        if wrapper == .raw { phase = .blockHeader }
    }

    /// Whether the data ended where a stream may end.
    var isComplete: Bool {
        switch phase {
        case .finished, .betweenMembers: true
        default: false
        }
    }

    /// Decodes `bytes` as far as they go, handing each piece of output to `emit`; an error
    /// `emit` throws (a limit reached) stops the decoding and is rethrown.
    mutating func feed(_ bytes: some Collection<UInt8>, emit: ([UInt8]) throws -> Void) throws {
        if case .finished = phase { return }
        input.append(contentsOf: bytes)
        try run(emit: emit)
        try handOn(emit: emit)
        if position > 0 {
            input.removeFirst(position)
            position = 0
        }
    }

    /// Checks that the data ended at the end of a stream; an error names what is missing.
    func finish() throws(Damage) {
        guard isComplete else { throw Damage(detail: "it ends in the middle of the compressed data") }
    }

    // MARK: - Steps

    private mutating func run(emit: ([UInt8]) throws -> Void) throws {
        while true {
            let saved = (position, bitBuffer, bitCount)
            do {
                guard try step() else { return }
            } catch is NeedsInput {
                (position, bitBuffer, bitCount) = saved
                if case .wrapperHeader = phase, input.count - position > Self.longestHeader {
                    throw Damage(detail: "its gzip header does not end")
                }
                return
            }
            if written - handedOn >= Self.chunk { try handOn(emit: emit) }
        }
    }

    /// One step; false when there is nothing more to do with this input.
    private mutating func step() throws -> Bool {
        switch phase {
        case .finished:
            return false
        case .wrapperHeader:
            try readWrapperHeader()
            phase = .blockHeader
        case .blockHeader:
            try readBlockHeader()
        case .stored(let remaining):
            if remaining == 0 {
                endBlock()
            } else if bitCount >= 8 {
                put(UInt8(try bits(8)))
                phase = .stored(remaining: remaining - 1)
            } else {
                // At a byte boundary with no bits held: copy the stored bytes as they are.
                let run = min(remaining, input.count - position, Self.chunk)
                guard run > 0 else { throw NeedsInput() }
                makeRoom(run)
                output[written..<written + run] = input[position..<position + run]
                written += run
                position += run
                phase = .stored(remaining: remaining - run)
            }
        case .codes(let literals, let distances):
            try decodeSymbol(literals: literals, distances: distances)
        case .trailer:
            try readTrailer()
        case .betweenMembers:
            // Another member starts with gzip's magic; anything else after the last member
            // (padding some servers add) is ignored.
            dropToByteBoundary()
            guard let first = try? peekByte(0), let second = try? peekByte(1) else { return false }
            guard first == 0x1F, second == 0x8B else {
                phase = .finished
                return false
            }
            phase = .wrapperHeader
        }
        return true
    }

    private mutating func readWrapperHeader() throws {
        switch wrapper {
        case .raw:
            return
        case .zlibOrRaw:
            let first = try peekByte(0)
            let second = try peekByte(1)
            let header = UInt16(first) << 8 | UInt16(second)
            isZlib = first & 0x0F == 8 && first >> 4 <= 7 && header % 31 == 0 && second & 0x20 == 0
            if isZlib { _ = try bits(16) }
        case .gzip:
            guard try bits(8) == 0x1F, try bits(8) == 0x8B else {
                throw Damage(detail: "it does not start as gzip data")
            }
            guard try bits(8) == 8 else { throw Damage(detail: "its gzip data uses an unknown method") }
            let flags = try bits(8)
            _ = try bits(32)  // modification time
            _ = try bits(16)  // extra flags, system
            if flags & 0x04 != 0 {
                let length = try bits(16)
                for _ in 0..<length { _ = try bits(8) }
            }
            if flags & 0x08 != 0 { while try bits(8) != 0 {} }  // file name
            if flags & 0x10 != 0 { while try bits(8) != 0 {} }  // comment
            if flags & 0x02 != 0 { _ = try bits(16) }  // header CRC
            memberSize = 0
            check = _Checksum()
            memberStart = written
        }
    }

    private mutating func readBlockHeader() throws {
        let last = try bits(1) == 1
        let type = try bits(2)
        switch type {
        case 0:
            dropToByteBoundary()
            let length = try bits(16)
            let complement = try bits(16)
            guard length == ~complement & 0xFFFF else {
                throw Damage(detail: "a stored block's length does not match its check")
            }
            phase = .stored(remaining: Int(length))
        case 1:
            phase = .codes(literals: _HuffmanTable.fixedLiterals, distances: _HuffmanTable.fixedDistances)
        case 2:
            let (literals, distances) = try readDynamicTables()
            phase = .codes(literals: literals, distances: distances)
        default:
            throw Damage(detail: "it uses a reserved block type")
        }
        isLastBlock = last
    }

    private mutating func readDynamicTables() throws -> (_HuffmanTable, _HuffmanTable) {
        let literalCount = Int(try bits(5)) + 257
        let distanceCount = Int(try bits(5)) + 1
        let codeLengthCount = Int(try bits(4)) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw Damage(detail: "a block declares more codes than deflate has")
        }
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount { codeLengthLengths[order[index]] = UInt8(try bits(3)) }
        let codeLengths = try _HuffmanTable(lengths: codeLengthLengths)
        var lengths: [UInt8] = []
        lengths.reserveCapacity(literalCount + distanceCount)
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codeLengths)
            switch symbol {
            case 0...15:
                lengths.append(UInt8(symbol))
            case 16:
                guard let previous = lengths.last else {
                    throw Damage(detail: "a block repeats a code length before giving one")
                }
                lengths.append(contentsOf: repeatElement(previous, count: 3 + Int(try bits(2))))
            case 17:
                lengths.append(contentsOf: repeatElement(0, count: 3 + Int(try bits(3))))
            default:
                lengths.append(contentsOf: repeatElement(0, count: 11 + Int(try bits(7))))
            }
        }
        guard lengths.count == literalCount + distanceCount else {
            throw Damage(detail: "a block's code lengths run past their count")
        }
        guard lengths[256] != 0 else { throw Damage(detail: "a block has no end-of-block code") }
        return (
            try _HuffmanTable(lengths: Array(lengths[..<literalCount])),
            try _HuffmanTable(lengths: Array(lengths[literalCount...]))
        )
    }

    private static let lengthBase: [Int] = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra: [Int] = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase: [Int] = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra: [Int] = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private mutating func decodeSymbol(literals: _HuffmanTable, distances: _HuffmanTable) throws {
        let symbol = try decode(literals)
        if symbol < 256 {
            put(UInt8(symbol))
            return
        }
        if symbol == 256 {
            endBlock()
            return
        }
        let lengthIndex = symbol - 257
        guard lengthIndex < 29 else { throw Damage(detail: "it uses a length code deflate does not have") }
        let length = Self.lengthBase[lengthIndex] + Int(try bits(Self.lengthExtra[lengthIndex]))
        let distanceIndex = try decode(distances)
        guard distanceIndex < 30 else { throw Damage(detail: "it uses a distance code deflate does not have") }
        let distance = Self.distanceBase[distanceIndex] + Int(try bits(Self.distanceExtra[distanceIndex]))
        guard distance <= written - max(memberStart, 0) else {
            throw Damage(detail: "it refers back before its start")
        }
        copy(length: length, distance: distance)
    }

    private mutating func put(_ byte: UInt8) {
        makeRoom(1)
        output[written] = byte
        written += 1
    }

    /// Repeats the `distance` bytes before the end until `length` bytes are added. The copy is
    /// made in runs, each at most what lies between its source and the end, so no run
    /// overlaps itself: a short distance doubles the run each time, and a distance of at
    /// least `length` is one run.
    private mutating func copy(length: Int, distance: Int) {
        makeRoom(length)
        let start = written - distance
        let end = written
        output.withUnsafeMutableBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var copied = 0
            while copied < length {
                let run = min(length - copied, distance + copied)
                (base + end + copied).copyMemory(from: base + start, byteCount: run)
                copied += run
            }
        }
        written += length
    }

    private mutating func makeRoom(_ count: Int) {
        guard written + count > output.count else { return }
        output.append(contentsOf: repeatElement(0, count: max(count, output.count)))
    }

    private mutating func endBlock() {
        guard isLastBlock else {
            phase = .blockHeader
            return
        }
        isLastBlock = false
        phase = wrapper == .gzip || isZlib ? .trailer : .finished
    }

    private mutating func readTrailer() throws {
        dropToByteBoundary()
        // The check covers everything decoded, so bring it up to date first.
        updateCheck()
        if wrapper == .gzip {
            let crc = UInt32(try bits(32))
            let size = UInt32(try bits(32))
            guard crc == check.crc32 else { throw Damage(detail: "its gzip check (CRC-32) does not match") }
            guard size == memberSize else { throw Damage(detail: "its gzip size does not match") }
            phase = .betweenMembers
        } else {
            var adler: UInt32 = 0
            for _ in 0..<4 { adler = adler << 8 | UInt32(try bits(8)) }
            guard adler == check.adler32 else { throw Damage(detail: "its zlib check (Adler-32) does not match") }
            phase = .finished
        }
    }

    // MARK: - Output

    private var checkedUpTo = 0

    private mutating func updateCheck() {
        guard checkedUpTo < written else { return }
        output.withUnsafeBytes { bytes in
            let fresh = UnsafeRawBufferPointer(rebasing: bytes[checkedUpTo..<written])
            if wrapper == .gzip {
                check.updateCRC32(fresh)
            } else if isZlib {
                check.updateAdler32(fresh)
            }
        }
        memberSize &+= UInt32(truncatingIfNeeded: written - checkedUpTo)
        checkedUpTo = written
    }

    private mutating func handOn(emit: ([UInt8]) throws -> Void) throws {
        guard handedOn < written else { return }
        updateCheck()
        let fresh = Array(output[handedOn..<written])
        handedOn = written
        if written > Self.window * 4 {
            let dropped = written - Self.window
            output.withUnsafeMutableBytes { bytes in
                guard let base = bytes.baseAddress else { return }
                base.copyMemory(from: base + dropped, byteCount: Self.window)
            }
            written = Self.window
            memberStart -= dropped
            handedOn -= dropped
            checkedUpTo -= dropped
        }
        try emit(fresh)
    }

    // MARK: - Bits

    private mutating func refill() {
        while bitCount <= 56, position < input.count {
            bitBuffer |= UInt64(input[position]) << UInt64(bitCount)
            position += 1
            bitCount += 8
        }
    }

    /// The next `count` bits (at most 32), least significant first.
    private mutating func bits(_ count: Int) throws -> UInt32 {
        guard count > 0 else { return 0 }
        if bitCount < count { refill() }
        guard bitCount >= count else { throw NeedsInput() }
        let value = UInt32(truncatingIfNeeded: bitBuffer & ((1 << UInt64(count)) - 1))
        bitBuffer >>= UInt64(count)
        bitCount -= count
        return value
    }

    private mutating func dropToByteBoundary() {
        let extra = bitCount % 8
        bitBuffer >>= UInt64(extra)
        bitCount -= extra
    }

    /// The byte `offset` bytes ahead, at a byte boundary, without consuming it.
    private mutating func peekByte(_ offset: Int) throws -> UInt8 {
        refill()
        if bitCount >= 8 * (offset + 1) { return UInt8(truncatingIfNeeded: bitBuffer >> UInt64(8 * offset)) }
        let index = position + offset - bitCount / 8
        guard index < input.count else { throw NeedsInput() }
        return input[index]
    }

    private mutating func decode(_ table: _HuffmanTable) throws -> Int {
        if bitCount < table.longest { refill() }
        let entry = table.entries[Int(truncatingIfNeeded: bitBuffer) & table.mask]
        let length = Int(entry & 0xF)
        guard length != 0, length <= bitCount else {
            if bitCount < table.longest { throw NeedsInput() }
            throw Damage(detail: "it uses a Huffman code its block does not define")
        }
        bitBuffer >>= UInt64(length)
        bitCount -= length
        return Int(entry >> 4)
    }
}

/// A canonical Huffman code as a lookup table indexed by the next `longest` bits of input (in
/// the order deflate sends them): each entry is the symbol shifted left by 4, or'ed with the
/// code's length, or 0 where no code starts with those bits.
struct _HuffmanTable: Sendable {
    let entries: [UInt16]
    let longest: Int
    let mask: Int

    init(lengths: [UInt8]) throws(_Inflater.Damage) {
        var counts = [Int](repeating: 0, count: 16)
        for length in lengths { counts[Int(length)] += 1 }
        counts[0] = 0
        let longest = max(counts.lastIndex { $0 > 0 } ?? 1, 1)
        var remaining = 1
        for length in 1...15 {
            remaining = remaining << 1 - counts[length]
            guard remaining >= 0 else { throw _Inflater.Damage(detail: "a block's Huffman code is over-subscribed") }
        }
        // The first code of each length (RFC 1951, 3.2.2).
        var next = [Int](repeating: 0, count: 16)
        var code = 0
        for length in 1...15 {
            code = (code + counts[length - 1]) << 1
            next[length] = code
        }
        var entries = [UInt16](repeating: 0, count: 1 << longest)
        for (symbol, length) in lengths.enumerated() where length > 0 {
            let length = Int(length)
            let assigned = next[length]
            next[length] += 1
            // Deflate sends a code's bits from the most significant; the table is indexed by
            // bits as they arrive, so reverse the code.
            var reversed = 0
            for bit in 0..<length where assigned >> bit & 1 == 1 { reversed |= 1 << (length - 1 - bit) }
            let entry = UInt16(symbol << 4 | length)
            var index = reversed
            while index < entries.count {
                entries[index] = entry
                index += 1 << length
            }
        }
        self.entries = entries
        self.longest = longest
        self.mask = (1 << longest) - 1
    }

    static let fixedLiterals: _HuffmanTable = {
        var lengths = [UInt8](repeating: 8, count: 288)
        for symbol in 144..<256 { lengths[symbol] = 9 }
        for symbol in 256..<280 { lengths[symbol] = 7 }
        // Cannot throw: the fixed code is complete.
        return (try? _HuffmanTable(lengths: lengths)) ?? _HuffmanTable(empty: ())
    }()

    static let fixedDistances: _HuffmanTable = {
        (try? _HuffmanTable(lengths: [UInt8](repeating: 5, count: 30))) ?? _HuffmanTable(empty: ())
    }()

    private init(empty: Void) {
        entries = [0]
        longest = 1
        mask = 1
    }
}

/// The running checks of gzip (CRC-32) and zlib (Adler-32).
struct _Checksum {
    private(set) var crc32: UInt32 = 0
    private(set) var adler32: UInt32 = 1

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    mutating func updateCRC32(_ bytes: UnsafeRawBufferPointer) {
        var value = ~crc32
        Self.crcTable.withUnsafeBufferPointer { table in
            for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
        }
        crc32 = ~value
    }

    mutating func updateAdler32(_ bytes: UnsafeRawBufferPointer) {
        var low = adler32 & 0xFFFF
        var high = adler32 >> 16
        var pending = 0
        for byte in bytes {
            low += UInt32(byte)
            high += low
            pending += 1
            if pending == 5552 {
                low %= 65521
                high %= 65521
                pending = 0
            }
        }
        adler32 = (high % 65521) << 16 | (low % 65521)
    }
}
