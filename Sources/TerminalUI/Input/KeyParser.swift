/// Decodes the bytes a terminal sends into key and paste events, incrementally.
///
/// Feed it whatever each `read` returned; it returns the events that are complete and keeps
/// the rest (a UTF-8 character or an escape sequence split across reads, an unfinished
/// bracketed paste) for the next call. Unknown or malformed sequences are consumed and never
/// come out as text.
///
/// A lone Escape cannot be told apart from the start of a sequence until more bytes arrive or
/// some time passes, so the parser holds it: when ``hasPendingEscape`` stays true for a short
/// while (25 to 50 ms) the run loop calls ``flush()``, which emits it.
///
/// Nothing it holds grows without bound: a sequence longer than 64 bytes is dropped, and a
/// bracketed paste keeps at most ``maximumPasteLength`` bytes. A longer paste comes out cut at
/// that length and the rest of it, up to its end marker, is dropped rather than read as keys.
/// A paste whose end marker never comes would hold every key after it, Ctrl-C included, so
/// the run loop ends it by time with ``endPaste()``.
///
/// ```swift
/// var parser = KeyParser()
/// parser.feed([0x6a, 0x1b, 0x5b, 0x41])   // [.key("j"), .key(up)]
/// parser.feed([0x1b])                      // [], hasPendingEscape == true
/// parser.flush()                           // [.key(escape)]
/// ```
public struct KeyParser: Sendable {
    /// Sequences longer than this are garbage: they are dropped rather than buffered, whole,
    /// however the reads cut them.
    static let maximumSequenceLength = 64

    private var pending: [UInt8] = []
    /// Inside an over-long sequence whose start was dropped: its remaining parameter bytes and
    /// its final byte are dropped too, so that they never come out as text. Which bytes those
    /// are depends on how the sequence started.
    private var droppedSequence: SequenceKind?
    /// The paste collected so far, while inside `ESC[200~` … `ESC[201~`.
    private var paste: [UInt8]?
    /// Inside a paste that outgrew ``maximumPasteLength`` and was already sent: its bytes are
    /// dropped up to its end marker.
    private var isDroppingPaste = false

    /// The most bytes a paste keeps; a longer one is cut here.
    public let maximumPasteLength: Int

    /// A parser with nothing buffered, keeping at most `maximumPasteLength` bytes of a paste
    /// (1 MiB by default; at least 1).
    public init(maximumPasteLength: Int = 1 << 20) {
        self.maximumPasteLength = max(1, maximumPasteLength)
    }

    /// Whether an Escape is held back waiting to see if a sequence follows; if it stays true for
    /// a short while, call ``flush()``.
    public var hasPendingEscape: Bool { !isInPaste && pending.first == 0x1b }

    /// Whether a bracketed paste has started and not yet ended (including the dropped rest of
    /// a paste cut at ``maximumPasteLength``); if no byte arrives for a while, call
    /// ``endPaste()``.
    public var isInPaste: Bool { paste != nil || isDroppingPaste }

    /// Whether anything is held back: a part of a key, sequence or character, or a paste.
    public var hasPendingInput: Bool { isInPaste || !pending.isEmpty || droppedSequence != nil }

    /// Parses `bytes` after whatever is still buffered and returns the events now complete.
    public mutating func feed(_ bytes: some Sequence<UInt8>) -> [InputEvent] {
        pending.append(contentsOf: bytes)
        return parse(flushing: false)
    }

    /// Resolves what is held back because more bytes might have followed: a lone Escape
    /// becomes an Escape key, `ESC [` and `ESC O` become Alt-[ and Alt-O, an unfinished sequence
    /// or UTF-8 character is dropped. An unfinished paste is kept.
    public mutating func flush() -> [InputEvent] {
        defer { droppedSequence = nil }
        return parse(flushing: true)
    }

    /// Ends an unfinished paste as if its end marker had come: what it collected comes out as a
    /// paste (a partial end marker is dropped), and the bytes after it are keys again. Call it
    /// when a paste stays open too long; does nothing outside a paste.
    public mutating func endPaste() -> [InputEvent] {
        guard isInPaste else { return [] }
        var events: [InputEvent] = []
        if let paste { events.append(.paste(String(decoding: paste, as: UTF8.self))) }
        paste = nil
        isDroppingPaste = false
        // Only a partial end marker can be left pending inside a paste.
        pending.removeAll(keepingCapacity: true)
        return events
    }

    private mutating func parse(flushing: Bool) -> [InputEvent] {
        var events: [InputEvent] = []
        var index = 0
        while index < pending.count {
            if isInPaste {
                guard let next = collectPaste(from: index, into: &events) else {
                    return events
                }
                index = next
                continue
            }
            if let kind = droppedSequence {
                index = skipDroppedSequence(kind, from: index)
                continue
            }
            switch decode(at: index, flushing: flushing) {
            case .event(let event, let length):
                if let event { events.append(event) }
                index += length
            case .dropSequence(let kind, let length):
                droppedSequence = kind
                index += length
            case .startPaste(let length):
                paste = []
                index += length
            case .incomplete:
                pending.removeFirst(index)
                return events
            }
        }
        pending.removeAll(keepingCapacity: true)
        return events
    }

    /// Skips the parameter bytes of a dropped sequence and its final byte, reading them as the
    /// decoder of its kind reads a sequence that arrives whole, so that the reads' cuts change
    /// nothing: after `ESC [` a byte that cannot be in a sequence ends it and is parsed afresh
    /// (``decodeCSI(at:flushing:)``); after `ESC O` any byte but a digit or `;` is the final one
    /// (``decodeSS3(at:flushing:)``).
    private mutating func skipDroppedSequence(_ kind: SequenceKind, from start: Int) -> Int {
        var index = start
        while index < pending.count, kind.isParameter(pending[index]) { index += 1 }
        guard index < pending.count else { return index }
        droppedSequence = nil
        switch kind {
        case .controlSequence: return (0x40...0x7e).contains(pending[index]) ? index + 1 : index
        case .singleShift: return index + 1
        }
    }

    /// How an escape sequence started, which decides the bytes it can hold.
    private enum SequenceKind {
        /// `ESC [`: parameter and intermediate bytes 0x20–0x3f, then a final byte 0x40–0x7e.
        case controlSequence
        /// `ESC O`: digits and `;`, then any final byte.
        case singleShift

        func isParameter(_ byte: UInt8) -> Bool {
            switch self {
            case .controlSequence: (0x20...0x3f).contains(byte)
            case .singleShift: (0x30...0x39).contains(byte) || byte == 0x3b
            }
        }
    }

    private static let pasteEnd: [UInt8] = [0x1b, 0x5b, 0x32, 0x30, 0x31, 0x7e]

    /// Moves paste bytes from `pending` into `paste`. Returns the index after the end marker, or
    /// nil when the marker has not arrived; then `pending` keeps only a possible partial marker.
    private mutating func collectPaste(from start: Int, into events: inout [InputEvent]) -> Int? {
        let end = Self.pasteEnd
        var index = start
        while index < pending.count {
            if pending[index] == 0x1b {
                let available = min(end.count, pending.count - index)
                if pending[index..<(index + available)].elementsEqual(end[0..<available]) {
                    if available == end.count {
                        keepPasteBytes(pending[start..<index], into: &events)
                        if let paste { events.append(.paste(String(decoding: paste, as: UTF8.self))) }
                        paste = nil
                        isDroppingPaste = false
                        return index + end.count
                    }
                    // A partial end marker at the very end: keep it for the next read.
                    keepPasteBytes(pending[start..<index], into: &events)
                    pending.removeFirst(index)
                    return nil
                }
            }
            index += 1
        }
        keepPasteBytes(pending[start...], into: &events)
        pending.removeAll(keepingCapacity: true)
        return nil
    }

    /// Adds `bytes` to the paste up to ``maximumPasteLength``; the paste that reaches it is sent
    /// at once, cut before a character that would not fit whole, and the rest is dropped.
    private mutating func keepPasteBytes(_ bytes: ArraySlice<UInt8>, into events: inout [InputEvent]) {
        guard var kept = paste else { return }
        let room = maximumPasteLength - kept.count
        if bytes.count <= room {
            kept.append(contentsOf: bytes)
            paste = kept
            return
        }
        kept.append(contentsOf: bytes.prefix(room))
        // Back up to the start of a UTF-8 character cut by the limit, so none is half kept.
        var cut = kept.count
        var back = 0
        while cut > 0, back < 3, kept[cut - 1] & 0xc0 == 0x80 {
            cut -= 1
            back += 1
        }
        if cut > 0, kept[cut - 1] >= 0xc0 {
            let lead = kept[cut - 1]
            let length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2
            if kept.count - (cut - 1) < length { kept.removeSubrange((cut - 1)...) }
        }
        events.append(.paste(String(decoding: kept, as: UTF8.self)))
        paste = nil
        isDroppingPaste = true
    }

    private enum Decoded {
        /// An event (or nil for consumed garbage) and the number of bytes it took.
        case event(InputEvent?, Int)
        /// `ESC[200~`: a bracketed paste starts after `length` bytes.
        case startPaste(Int)
        /// The first `length` bytes of a sequence too long to be real: they are dropped, and so
        /// is the rest of it when it comes.
        case dropSequence(SequenceKind, Int)
        /// More bytes are needed.
        case incomplete
    }

    private func decode(at index: Int, flushing: Bool) -> Decoded {
        let byte = pending[index]
        switch byte {
        case 0x1b:
            return decodeEscape(at: index, flushing: flushing)
        default:
            return decodeSingle(at: index, flushing: flushing)
        }
    }

    /// Decodes a key that does not start with ESC.
    private func decodeSingle(at index: Int, flushing: Bool) -> Decoded {
        let byte = pending[index]
        switch byte {
        case 0x0d, 0x0a: return .event(.key(Key(.enter)), 1)
        case 0x09: return .event(.key(Key(.tab)), 1)
        case 0x7f, 0x08: return .event(.key(Key(.backspace)), 1)
        case 0x00: return .event(.key(.control(" ")), 1)
        case 0x01...0x1a:
            return .event(.key(.control(Character(Unicode.Scalar(byte + 0x60)))), 1)
        case 0x1c...0x1f:
            return .event(.key(.control(Character(Unicode.Scalar(byte + 0x40)))), 1)
        case 0x20...0x7e:
            return .event(.key(.character(Character(Unicode.Scalar(byte)))), 1)
        default:
            return decodeUTF8(at: index, flushing: flushing)
        }
    }

    private func decodeUTF8(at index: Int, flushing: Bool) -> Decoded {
        let lead = pending[index]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xc2...0xdf: (length, minimum, value) = (2, 0x80, UInt32(lead & 0x1f))
        case 0xe0...0xef: (length, minimum, value) = (3, 0x800, UInt32(lead & 0x0f))
        case 0xf0...0xf4: (length, minimum, value) = (4, 0x10000, UInt32(lead & 0x07))
        default: return .event(nil, 1)
        }
        var offset = 1
        while offset < length {
            guard index + offset < pending.count else {
                return flushing ? .event(nil, pending.count - index) : .incomplete
            }
            let next = pending[index + offset]
            guard next & 0xc0 == 0x80 else { return .event(nil, offset) }
            value = value << 6 | UInt32(next & 0x3f)
            offset += 1
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value), !scalar.isTerminalControl else {
            return .event(nil, length)
        }
        return .event(.key(.character(Character(scalar))), length)
    }

    private func decodeEscape(at index: Int, flushing: Bool) -> Decoded {
        guard index + 1 < pending.count else {
            return flushing ? .event(.key(Key(.escape)), 1) : .incomplete
        }
        switch pending[index + 1] {
        case 0x5b:  // [
            return decodeCSI(at: index, flushing: flushing)
        case 0x4f:  // O
            return decodeSS3(at: index, flushing: flushing)
        case 0x1b:
            return .event(.key(Key(.escape)), 1)
        default:
            switch decodeSingle(at: index + 1, flushing: flushing) {
            case .event(.key(var key), let length):
                key.modifiers.insert(.alt)
                return .event(.key(key), length + 1)
            case .event(_, let length):
                return .event(nil, length + 1)
            case .incomplete:
                return .incomplete
            case .startPaste, .dropSequence:
                return .event(nil, 1)
            }
        }
    }

    private func decodeSS3(at index: Int, flushing: Bool) -> Decoded {
        var end = index + 2
        while end < pending.count, SequenceKind.singleShift.isParameter(pending[end]) {
            end += 1
        }
        guard end < pending.count else {
            if end - index > Self.maximumSequenceLength { return .dropSequence(.singleShift, end - index) }
            if !flushing { return .incomplete }
            return end == index + 2 ? .event(.key(.alt("O")), 2) : .event(nil, end - index)
        }
        let length = end - index + 1
        if end - index > Self.maximumSequenceLength { return .event(nil, length) }
        let parameters = Self.parameters(pending[(index + 2)..<end])
        let modifiers = Self.modifiers(parameters.last ?? 1)
        let code: Key.Code? =
            switch pending[end] {
            case 0x41: .up
            case 0x42: .down
            case 0x43: .right
            case 0x44: .left
            case 0x48: .home
            case 0x46: .end
            case 0x4d: .enter
            case 0x50: .function(1)
            case 0x51: .function(2)
            case 0x52: .function(3)
            case 0x53: .function(4)
            default: nil
            }
        return .event(code.map { .key(Key($0, modifiers: modifiers)) }, length)
    }

    private func decodeCSI(at index: Int, flushing: Bool) -> Decoded {
        var end = index + 2
        while end < pending.count, SequenceKind.controlSequence.isParameter(pending[end]) {
            end += 1
        }
        guard end < pending.count else {
            if end - index > Self.maximumSequenceLength { return .dropSequence(.controlSequence, end - index) }
            if !flushing { return .incomplete }
            return end == index + 2 ? .event(.key(.alt("[")), 2) : .event(nil, end - index)
        }
        let final = pending[end]
        guard (0x40...0x7e).contains(final) else {
            // A byte that cannot be in a sequence: drop what came before it, parse it afresh.
            return .event(nil, end - index)
        }
        let length = end - index + 1
        if end - index > Self.maximumSequenceLength { return .event(nil, length) }
        let body = pending[(index + 2)..<end]
        if let first = body.first, (0x3c...0x3f).contains(first) {
            return .event(nil, length)  // private sequences: mouse reports, mode replies
        }
        let parameters = Self.parameters(body)
        let modifiers = Self.modifiers(parameters.count > 1 ? parameters[1] : 1)
        let code: Key.Code?
        switch final {
        case 0x41: code = .up
        case 0x42: code = .down
        case 0x43: code = .right
        case 0x44: code = .left
        case 0x48: code = .home
        case 0x46: code = .end
        case 0x50: code = .function(1)
        case 0x51: code = .function(2)
        case 0x52: code = .function(3)
        case 0x53: code = .function(4)
        case 0x5a:  // Z
            return .event(.key(Key(.tab, modifiers: modifiers.union(.shift))), length)
        case 0x7e:  // ~
            let number = parameters.first ?? 0
            if number == 200 { return .startPaste(length) }
            code = Self.tildeKeys[number]
        case 0x75:  // u: the kitty keyboard protocol's CSI code ; modifiers u
            return .event(Self.unicodeKey(parameters.first ?? 0, modifiers: modifiers).map { .key($0) }, length)
        default: code = nil
        }
        return .event(code.map { .key(Key($0, modifiers: modifiers)) }, length)
    }

    private static let tildeKeys: [Int: Key.Code] = [
        1: .home, 7: .home, 4: .end, 8: .end, 2: .insert, 3: .delete, 5: .pageUp, 6: .pageDown,
        11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
        17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
        23: .function(11), 24: .function(12),
    ]

    private static func unicodeKey(_ codePoint: Int, modifiers: Key.Modifiers) -> Key? {
        switch codePoint {
        case 13: return Key(.enter, modifiers: modifiers)
        case 9: return Key(.tab, modifiers: modifiers)
        case 27: return Key(.escape, modifiers: modifiers)
        case 127, 8: return Key(.backspace, modifiers: modifiers)
        default:
            guard let scalar = Unicode.Scalar(UInt32(clamping: codePoint)), !scalar.isTerminalControl else {
                return nil
            }
            return Key(.character(Character(scalar)), modifiers: modifiers)
        }
    }

    /// Numeric parameters separated by `;`; a sub-parameter after `:` is ignored.
    private static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int] {
        var result: [Int] = []
        var current = 0
        var inSubparameter = false
        for byte in bytes {
            switch byte {
            case 0x30...0x39:
                if !inSubparameter { current = min(current * 10 + Int(byte - 0x30), 1_000_000) }
            case 0x3a: inSubparameter = true
            case 0x3b:
                result.append(current)
                current = 0
                inSubparameter = false
            default: break
            }
        }
        if !bytes.isEmpty { result.append(current) }
        return result
    }

    /// The xterm modifier parameter: 1 + (shift 1, alt 2, ctrl 4, meta 8).
    private static func modifiers(_ parameter: Int) -> Key.Modifiers {
        let bits = max(parameter - 1, 0)
        var modifiers: Key.Modifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }
}
