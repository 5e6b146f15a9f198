/// A random number generator that repeats its sequence for a seed (SplitMix64), so a randomized
/// test that fails can print its seed and be run again with the same choices.
///
/// ```swift
/// var generator = SeededGenerator(seed: 42)
/// let delay = Int.random(in: 0..<100, using: &generator)
/// ```
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    /// The generator's state; the seed it started from, advanced by every draw.
    public var state: UInt64

    /// A generator that starts from `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
