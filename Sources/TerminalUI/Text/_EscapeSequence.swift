/// The grammar of the 7-bit escape sequences ``TextSanitizer`` drops whole: CSI (`ESC [`
/// parameters, intermediates, a final byte), the OSC, DCS, SOS, PM and APC strings (`ESC ]`,
/// `ESC P`, `ESC X`, `ESC ^`, `ESC _` up to BEL or ST) and the two-character escapes.
///
/// Only a well-formed sequence is a sequence: one that is cut short by a line break, another
/// control, the end of the text or ``longest`` scalars is not, and the text after its
/// introducer stays text. The 8-bit forms (C1 controls such as U+009B and U+009D) are single
/// characters here: a lone C1 character, as text encoded twice carries, never swallows what
/// follows it.
enum _EscapeSequence {
    /// The most scalars a sequence may have; a longer one is taken for text.
    static let longest = 4096

    /// Whether `scalar`, after ESC, starts a CSI or a control string.
    static func isIntroducer(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x5b, 0x5d, 0x50, 0x58, 0x5e, 0x5f: true
        default: false
        }
    }

    /// The index after the well-formed sequence that starts at `start` (an ESC), or `nil` when
    /// there is none.
    static func end(
        in scalars: String.UnicodeScalarView, at start: String.UnicodeScalarView.Index
    ) -> String.UnicodeScalarView.Index? {
        var index = scalars.index(after: start)
        var length = 1
        /// The next scalar's value, or `nil` at the end or past the longest sequence.
        func next() -> UInt32? {
            guard index < scalars.endIndex, length < longest else { return nil }
            let value = scalars[index].value
            index = scalars.index(after: index)
            length += 1
            return value
        }
        guard let first = next() else { return nil }
        switch first {
        case 0x5b:
            var value = next()
            while let parameter = value, (0x30...0x3f).contains(parameter) { value = next() }
            while let intermediate = value, (0x20...0x2f).contains(intermediate) { value = next() }
            guard let final = value, (0x40...0x7e).contains(final) else { return nil }
            return index
        case 0x5d, 0x50, 0x58, 0x5e, 0x5f:
            while let value = next() {
                switch value {
                case 0x07, 0x9c: return index
                case 0x1b: return next() == 0x5c ? index : nil
                case 0x20...0x7e, 0xa0...0x2027, 0x202a...: continue
                default: return nil
                }
            }
            return nil
        case 0x20...0x2f:
            var value = next()
            while let intermediate = value, (0x20...0x2f).contains(intermediate) { value = next() }
            guard let final = value, (0x30...0x7e).contains(final) else { return nil }
            return index
        case 0x30...0x7e:
            return index
        default:
            return nil
        }
    }
}
