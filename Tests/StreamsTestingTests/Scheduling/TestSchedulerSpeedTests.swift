import Streams
import StreamsTesting
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the thread sanitizer instruments this process, which slows everything several times.
private let isThreadSanitized: Bool = {
    guard let handle = dlopen(nil, RTLD_NOW) else { return false }
    defer { dlclose(handle) }
    return dlsym(handle, "__tsan_init") != nil
}()

/// CPU time of the calling thread: unlike the wall clock, it does not count the time other
/// processes of a busy machine take, so the floor below holds on a loaded CI runner.
private func threadCPUSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

private final class Counter: Sendable {
    let value = Atomic<Int>(0)
}

#if DEBUG
    private let (actions, requiredRate) = (200_000, 200_000.0)
#else
    private let (actions, requiredRate) = (1_000_000, 2_000_000.0)
#endif

/// The throughput floor: 200,000 scheduled actions a second in a debug build, 2,000,000 in a
/// release build (`swift test -c release --filter schedulerThroughput`), counting the
/// scheduling of every action at a scattered tick (a heap as large as the count) and running
/// them all. Under the thread sanitizer only the count is checked, on a smaller heap.
@Test func schedulerThroughputMeetsTheFloorForThisBuild() {
    let count = isThreadSanitized ? 20_000 : actions
    let scheduler = TestScheduler(runStepLimit: count + 1)
    let counter = Counter()
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    let start = threadCPUSeconds()
    for _ in 0..<count {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        scheduler.scheduleAt(Int(seed >> 40) % 1_000_000 + 1) {
            counter.value.add(1, ordering: .relaxed)
        }
    }
    scheduler.run()
    let rate = Double(count) / max(threadCPUSeconds() - start, 1e-9)
    print("TestScheduler: \(Int(rate)) actions/s (thread CPU time) over a heap of \(count)")
    #expect(counter.value.load(ordering: .relaxed) == count)
    if !isThreadSanitized {
        #expect(rate >= requiredRate, "\(Int(rate)) actions/s is below the floor of \(Int(requiredRate))")
    }
}
