#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Monotonic time in nanoseconds (CLOCK_MONOTONIC, comparable across processes on one machine).
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// Runs `body` once and returns how long it took, in nanoseconds.
@inline(__always)
public func measureNanoseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = monotonicNanoseconds()
    try body()
    return Double(monotonicNanoseconds() &- start)
}

/// CPU time the calling thread has used so far, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`).
/// On a machine other processes keep busy, the CPU time a piece of work takes moves far less
/// than its wall-clock time, which also counts the time it waited for a core.
@inline(__always)
public func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// Runs `body` once and returns how long it took and how much CPU time the calling thread used
/// meanwhile, in nanoseconds (work `body` hands to another thread is not counted).
@inline(__always)
public func measureNanosecondsAndCPU(_ body: () throws -> Void) rethrows -> (wall: Double, cpu: Double) {
    let cpuStart = threadCPUNanoseconds()
    let wall = try measureNanoseconds(body)
    return (wall, Double(threadCPUNanoseconds() &- cpuStart))
}

/// Keeps a value alive as far as the optimizer can tell, so the work that produced it is done.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// A counter the benchmarks' observers write into, so that delivery cannot be optimized away.
///
/// `@unchecked Sendable`: each benchmark touches one counter from one thread at a time (every
/// stream under test delivers serially), and reads it only after delivery has finished.
public final class Counter: @unchecked Sendable {
    /// The running value.
    public var value: Int = 0

    /// Creates a counter at zero.
    public init() {}
}

/// The `p`-th percentile (0...100) of `values`, by nearest rank.
public func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    let rank = Int((p / 100 * Double(sorted.count)).rounded(.up)) - 1
    return sorted[min(max(rank, 0), sorted.count - 1)]
}
