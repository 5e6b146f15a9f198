/// Recognises 7-bit terminal escape sequences in text, scalar by scalar, so that a well-formed
/// one is dropped whole: CSI (`ESC [`) up to its final byte; OSC, DCS, SOS, PM and APC strings
/// (`ESC ]`, `ESC P`, `ESC X`, `ESC ^`, `ESC _`) up to BEL or ST; and the two-character escapes.
/// A title then never keeps debris such as `]2;pwned` once the ESC itself is gone.
///
/// Nothing else is swallowed. A C1 control (U+0080–U+009F) is text to this filter, for the
/// caller to remove on its own: real feeds carry lone C1 characters (text encoded twice), and
/// reading U+009D as the start of a string would drop everything after it. A sequence that
/// turns out not to be well-formed (a string cut by a line break or another control, or longer
/// than ``longestSequence``, or the text ends first) gives back what it held, without its
/// introducer, so the words after a stray ESC are kept.
struct _EscapeSequenceFilter {
    /// What became of a scalar given to ``take(_:)``.
    enum Outcome: Equatable {
        /// The scalar is text.
        case text
        /// The scalar belongs to a sequence still being read, or to one that just ended; it is
        /// dropped.
        case held
        /// The sequence being read was not one: these scalars it held are text, and the scalar
        /// given is to be taken again.
        case released([Unicode.Scalar])
    }

    /// How far a sequence being read has got.
    private enum State {
        case none, start, intermediate, parameters, controlIntermediate, string, stringEscape
    }

    /// The most scalars a sequence may hold before it is taken for text.
    static let longestSequence = 4096

    private var state = State.none
    private var held: [Unicode.Scalar] = []
    /// How many of the held scalars introduce the sequence (`ESC`, `ESC [`, `ESC ]`): they are
    /// not given back.
    private var introducerLength = 0

    /// Whether `scalar` is text, dropped as part of a sequence, or shows the sequence being
    /// read was not one.
    mutating func take(_ scalar: Unicode.Scalar) -> Outcome {
        let value = scalar.value
        switch state {
        case .none:
            guard value == 0x1B else { return .text }
            begin()
        case .start:
            switch value {
            case 0x5B: hold(scalar, next: .parameters, isIntroducer: true)
            case 0x50, 0x58, 0x5D, 0x5E, 0x5F: hold(scalar, next: .string, isIntroducer: true)
            case 0x20...0x2F: hold(scalar, next: .intermediate)
            case 0x30...0x7E: end()
            default: return release()
            }
        case .intermediate:
            switch value {
            case 0x20...0x2F: return hold(scalar, next: .intermediate)
            case 0x30...0x7E: end()
            default: return release()
            }
        case .parameters, .controlIntermediate:
            switch value {
            case 0x30...0x3F where state == .parameters: return hold(scalar, next: .parameters)
            case 0x20...0x2F: return hold(scalar, next: .controlIntermediate)
            case 0x40...0x7E: end()
            default: return release()
            }
        case .string:
            switch value {
            case 0x07, 0x9C: end()
            case 0x1B: return hold(scalar, next: .stringEscape)
            case 0x20...0x7E, 0xA0...0x2027, 0x202A...: return hold(scalar, next: .string)
            default: return release()
            }
        case .stringEscape:
            guard value != 0x5C else {
                end()
                return .held
            }
            // An ESC inside a string that does not end it starts a sequence of its own.
            held.removeLast()
            let text = Array(held.dropFirst(introducerLength))
            begin()
            return .released(text)
        }
        return .held
    }

    /// What a sequence still being read at the end of the text held, without its introducer:
    /// text, as it was never ended.
    mutating func finish() -> [Unicode.Scalar] {
        guard state != .none else { return [] }
        let text = Array(held.dropFirst(introducerLength))
        end()
        return text
    }

    private mutating func begin() {
        held.removeAll(keepingCapacity: true)
        held.append("\u{1B}")
        introducerLength = 1
        state = .start
    }

    @discardableResult
    private mutating func hold(_ scalar: Unicode.Scalar, next: State, isIntroducer: Bool = false) -> Outcome {
        guard held.count < Self.longestSequence else { return release() }
        held.append(scalar)
        if isIntroducer { introducerLength += 1 }
        state = next
        return .held
    }

    private mutating func release() -> Outcome {
        let text = Array(held.dropFirst(introducerLength))
        end()
        return .released(text)
    }

    private mutating func end() {
        state = .none
        held.removeAll(keepingCapacity: true)
        introducerLength = 0
    }
}
