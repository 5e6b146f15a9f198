import Dispatch
import Harness

/// Runs `body` on the cooperative pool and blocks the calling thread until it finishes.
func blockingRun(_ body: @escaping @Sendable () async throws -> Double) throws -> Double {
    let done = DispatchSemaphore(value: 0)
    let box = ResultBox()
    Task {
        do { box.result = .success(try await body()) } catch { box.result = .failure(error) }
        done.signal()
    }
    done.wait()
    return try box.result?.get() ?? 0
}

/// Carries a result from a task to the thread waiting for it.
///
/// `@unchecked Sendable`: written once by the task before it signals the semaphore, read once
/// by the waiter after the semaphore.
private final class ResultBox: @unchecked Sendable {
    var result: Swift.Result<Double, any Error>?
}

/// `streams.async` for Swift's own `AsyncStream`: a producer task yields the values while the
/// consuming task reads them with `for await`; nanoseconds per event, from the first yield to
/// the last value consumed.
func asyncStreamEvents() throws -> Sample {
    let n = Workload.asyncEvents
    let expected = (0..<n).reduce(0, &+)
    let elapsed = try blockingRun {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let producer = Task {
            let start = monotonicNanoseconds()
            for i in 0..<n { continuation.yield(i) }
            continuation.finish()
            return start
        }
        var sum = 0
        for await value in stream { sum &+= value }
        let end = monotonicNanoseconds()
        let elapsed = Double(end - (await producer.value))
        blackHole(sum)
        try expectEqual(sum, expected, "AsyncStream checksum")
        return elapsed
    }
    return Sample(elapsed / Double(n))
}
