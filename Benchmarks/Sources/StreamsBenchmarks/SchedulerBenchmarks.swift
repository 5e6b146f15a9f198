import Harness
import Streams
import StreamsTesting

/// `scheduler.virtual`: actions through the `TestScheduler`, each one scheduled and run.
///
/// 100,000 actions are scheduled at scattered ticks (a heap of that size, with ties at every
/// tick), and each schedules one follow-up 1 to 16 ticks later, the way timers and delays do;
/// then `run` drains all 200,000. The figure is actions per second, scheduling included.
///
/// `heap` is the floor: the same actions through a bare binary heap of (tick, order, closure),
/// with nothing of a scheduler's bookkeeping (no labels, disposables, lock or livelock guard).
/// The target is a ratio to it, so it holds across machines.
func virtualScheduler() -> Benchmark {
    let seeds = Scale.size(100_000)
    let actions = seeds * 2
    return Benchmark(
        "scheduler.virtual", unit: "actions/s", higherIsBetter: true,
        [
            Contestant("rivulet") {
                let scheduler = TestScheduler(initialClock: 0, runStepLimit: actions * 2)
                let counter = Counter()
                let elapsed = try measureNanoseconds {
                    for i in 0..<seeds {
                        scheduler.scheduleAt((i &* 7919) % 10_000, label: "seed") {
                            counter.value &+= 1
                            scheduler.schedule(after: .ticks(1 + i & 15), label: "follow-up") {
                                counter.value &+= 1
                            }
                        }
                    }
                    try scheduler.run(maxSteps: actions * 2)
                }
                blackHole(counter)
                try expectEqual(counter.value, actions, "virtual scheduler actions run")
                return Sample(Double(actions) / (elapsed / 1e9))
            },
            Contestant("heap") {
                let heap = BareHeap()
                let counter = Counter()
                let elapsed = measureNanoseconds {
                    for i in 0..<seeds {
                        heap.schedule(at: (i &* 7919) % 10_000) {
                            counter.value &+= 1
                            heap.schedule(at: heap.now + 1 + (i & 15)) {
                                counter.value &+= 1
                            }
                        }
                    }
                    heap.run()
                }
                blackHole(counter)
                try expectEqual(counter.value, actions, "bare heap actions run")
                return Sample(Double(actions) / (elapsed / 1e9))
            },
        ])
}

/// The floor of `scheduler.virtual`: a binary min-heap of 16-byte keys (tick, then the order
/// scheduled in, for the virtual scheduler's same-tick FIFO) over a table of closures, run
/// until empty. Used by one contestant on one thread, so its storage skips the exclusivity
/// checks, as the virtual scheduler's own does under its lock.
final class BareHeap {
    private struct Key {
        var due: Int
        var order: Int

        @inline(__always)
        func precedes(_ other: Key) -> Bool { due < other.due || (due == other.due && order < other.order) }
    }

    @exclusivity(unchecked) private var keys = ContiguousArray<Key>()
    @exclusivity(unchecked) private var actions = ContiguousArray<(() -> Void)?>()
    @exclusivity(unchecked) private(set) var now = 0

    /// Schedules `action` at tick `due`.
    func schedule(at due: Int, _ action: @escaping () -> Void) {
        let key = Key(due: due, order: actions.count)
        actions.append(action)
        keys.append(key)
        var hole = keys.count - 1
        while hole > 0 {
            let parent = (hole - 1) / 2
            guard key.precedes(keys[parent]) else { break }
            keys[hole] = keys[parent]
            hole = parent
        }
        keys[hole] = key
    }

    /// Runs the earliest action, moving the clock to its tick, until none is left.
    func run() {
        while let top = keys.first {
            let last = keys.removeLast()
            if !keys.isEmpty {
                var hole = 0
                while true {
                    var child = 2 * hole + 1
                    if child >= keys.count { break }
                    if child + 1 < keys.count, keys[child + 1].precedes(keys[child]) { child += 1 }
                    guard keys[child].precedes(last) else { break }
                    keys[hole] = keys[child]
                    hole = child
                }
                keys[hole] = last
            }
            now = top.due
            let action = actions[top.order]
            actions[top.order] = nil
            action?()
        }
    }
}
