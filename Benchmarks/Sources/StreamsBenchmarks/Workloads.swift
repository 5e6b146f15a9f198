import Harness

/// Sizes of the stream workloads, fixed by the benchmark definitions (smaller in a check).
enum Workload {
    static var chainEvents: Int { Scale.size(1_000_000) }
    static let fanoutSubscribers = 100
    static var fanoutEvents: Int { Scale.size(100_000) }
    static var subscribeCycles: Int { Scale.size(100_000) }
    static var behaviorSends: Int { Scale.size(1_000_000) }
    static var asyncEvents: Int { Scale.size(1_000_000) }

    /// The value the chain's subscriber ends with: Σ (i + 1) over the i in 0..<n with i + 1 even.
    static func chainChecksum(_ n: Int) -> Int {
        var total = 0
        for i in 0..<n where (i &+ 1) & 1 == 0 { total &+= i &+ 1 }
        return total
    }

    /// The sum every fan-out subscriber adds up, times the subscribers.
    static func fanoutChecksum() -> Int {
        fanoutSubscribers &* (0..<fanoutEvents).reduce(0, &+)
    }
}
