import Harness
import Streams
import StreamsTesting

/// `scheduler.virtual`: actions through the `TestScheduler`, each one scheduled and run.
///
/// 100,000 actions are scheduled at scattered ticks (a heap of that size, with ties at every
/// tick), and each schedules one follow-up 1 to 16 ticks later, the way timers and delays do;
/// then `run` drains all 200,000. The figure is actions per second, scheduling included.
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
            }
        ])
}
