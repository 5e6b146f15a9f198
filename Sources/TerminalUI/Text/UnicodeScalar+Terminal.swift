extension Unicode.Scalar {
    /// Whether a terminal would act on this scalar instead of showing it: C0 controls, DEL and
    /// the C1 controls U+0080–U+009F.
    @inlinable
    var isTerminalControl: Bool {
        value < 0x20 || (value >= 0x7f && value < 0xa0)
    }

    /// Whether this scalar reorders text around it (bidi embeddings, overrides, isolates and
    /// marks), which lets data disguise what it shows, as U+202E does.
    @inlinable
    var isBidiControl: Bool {
        switch value {
        case 0x202a...0x202e, 0x2066...0x2069, 0x200e, 0x200f, 0x061c: true
        default: false
        }
    }
}

extension Character {
    /// Whether this character may be stored in a cell: no controls, no bidi controls.
    @inlinable
    var isSafeForTerminal: Bool {
        if let ascii = asciiValue { return ascii >= 0x20 && ascii < 0x7f }
        for scalar in unicodeScalars where scalar.isTerminalControl || scalar.isBidiControl {
            return false
        }
        return true
    }
}
