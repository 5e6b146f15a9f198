/// Stops the process with `message` on standard error: how a harness tells libFuzzer that an
/// input broke a promise (libFuzzer saves the input as a crash artifact).
public func violation(_ message: String, file: StaticString = #file, line: UInt = #line) -> Never {
    fatalError("promise broken: \(message)", file: file, line: line)
}

/// A small deterministic generator (SplitMix64), for choices a harness derives from its input.
public struct SplitMix: RandomNumberGenerator {
    private var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
