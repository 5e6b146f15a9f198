/// Recognises terminal escape sequences in text, scalar by scalar, so that they are dropped
/// whole: CSI up to its final byte; OSC, DCS, SOS, PM and APC strings up to BEL or ST; the
/// two-character escapes; and their 8-bit forms. A title then never keeps debris such as
/// `]2;pwned` once the ESC itself is gone.
///
/// A string that is never terminated ends at the next line break, or after
/// ``longestString`` scalars: a stray C1 control (as a misdecoded byte often gives) costs at
/// most the rest of its line, never the rest of the text.
struct _EscapeSequenceFilter {
    /// How far a sequence being dropped has got.
    private enum State {
        case none, start, intermediate, control, string, stringEscape
    }

    /// The most scalars an unterminated string may swallow.
    static let longestString = 256

    private var state = State.none
    private var stringLength = 0

    /// Whether `scalar` belongs to an escape sequence (and is to be dropped).
    mutating func skips(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        switch state {
        case .none:
            switch value {
            case 0x1B: state = .start
            case 0x9B: state = .control
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F: startString()
            default: return false
            }
        case .start:
            switch value {
            case 0x5B: state = .control
            case 0x50, 0x58, 0x5D, 0x5E, 0x5F: startString()
            case 0x20...0x2F: state = .intermediate
            case 0x30...0x7E: state = .none
            default:
                state = .none
                return skips(scalar)
            }
        case .intermediate, .control:
            let continues: ClosedRange<UInt32> = state == .control ? 0x20...0x3F : 0x20...0x2F
            let finals: ClosedRange<UInt32> = state == .control ? 0x40...0x7E : 0x30...0x7E
            if finals.contains(value) {
                state = .none
            } else if !continues.contains(value) {
                state = .none
                return skips(scalar)
            }
        case .string:
            switch value {
            case 0x07, 0x9C: state = .none
            case 0x1B: state = .stringEscape
            case 0x0A, 0x0D, 0x2028, 0x2029:
                state = .none
                return false
            default:
                stringLength += 1
                if stringLength > Self.longestString {
                    state = .none
                    return false
                }
            }
        case .stringEscape:
            guard value != 0x5C else {
                state = .none
                return true
            }
            state = .start
            return skips(scalar)
        }
        return true
    }

    private mutating func startString() {
        state = .string
        stringLength = 0
    }
}
