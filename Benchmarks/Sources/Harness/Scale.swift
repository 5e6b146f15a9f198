import Synchronization

/// How big the workloads are: full size for figures, or a small size (`--check`) that runs
/// every benchmark once for its correctness checks only, in seconds rather than minutes.
public enum Scale {
    private static let divisor = Atomic<Int>(1)

    /// Whether the workloads run at the small size of a correctness check.
    public static var isCheck: Bool { divisor.load(ordering: .relaxed) != 1 }

    /// Makes every workload `divisor` times smaller (1 for full size). Call before the first
    /// benchmark runs.
    public static func shrink(by divisor: Int) {
        Self.divisor.store(Swift.max(divisor, 1), ordering: .relaxed)
    }

    /// `full`, divided by the current divisor, and at least `minimum`.
    @inline(__always)
    public static func size(_ full: Int, minimum: Int = 1) -> Int {
        Swift.max(full / divisor.load(ordering: .relaxed), minimum)
    }
}
