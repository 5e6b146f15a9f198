import Harness
import OpenCombine
import Streams

/// The stream benchmarks: Rivulet's Streams against OpenCombine and a hand-written closure chain.
public func streamsBenchmarks() -> [Benchmark] {
    [chain(), fanout(), subscribeDispose(), behavior()] + operatorBenchmarks() + [asyncBridge(), virtualScheduler()]
}

// MARK: - streams.async

private func asyncBridge() -> Benchmark {
    Benchmark(
        "streams.async", unit: "ns/event",
        [
            Contestant("rivulet", rivuletValuesEvents),
            Contestant("asyncstream", asyncStreamEvents),
        ])
}

// MARK: - streams.chain

private func chain() -> Benchmark {
    let n = Workload.chainEvents
    let expected = Workload.chainChecksum(n)
    return Benchmark(
        "streams.chain", unit: "ns/event",
        [
            Contestant("rivulet") {
                let subject = PublishSubject<Int>()
                let counter = Counter()
                let subscription = subject.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.scan(0) { $0 &+ $1 }
                    .subscribe(onNext: { counter.value = $0 })
                let elapsed = measureNanoseconds {
                    for i in 0..<n { subject.onNext(i) }
                }
                subscription.dispose()
                blackHole(counter)
                try expectEqual(counter.value, expected, "rivulet chain checksum")
                return Sample(elapsed / Double(n))
            },
            Contestant("opencombine") {
                let subject = PassthroughSubject<Int, Never>()
                let counter = Counter()
                let subscription = subject.map { $0 &+ 1 }.filter { $0 & 1 == 0 }.scan(0) { $0 &+ $1 }
                    .sink { counter.value = $0 }
                let elapsed = measureNanoseconds {
                    for i in 0..<n { subject.send(i) }
                }
                subscription.cancel()
                blackHole(counter)
                try expectEqual(counter.value, expected, "opencombine chain checksum")
                return Sample(elapsed / Double(n))
            },
            Contestant("closures") {
                let subject = ClosureSubject<Int>()
                let counter = Counter()
                subject.subscribe(closureChain(into: { counter.value = $0 }))
                let elapsed = measureNanoseconds {
                    for i in 0..<n { subject.send(i) }
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "closure chain checksum")
                return Sample(elapsed / Double(n))
            },
        ])
}

// MARK: - streams.fanout

private func fanout() -> Benchmark {
    let subscribers = Workload.fanoutSubscribers
    let events = Workload.fanoutEvents
    let deliveries = Double(subscribers * events)
    let expected = Workload.fanoutChecksum()
    return Benchmark(
        "streams.fanout", unit: "ns/delivery",
        [
            Contestant("rivulet") {
                let subject = PublishSubject<Int>()
                let counter = Counter()
                let subscriptions = (0..<subscribers).map { _ in
                    subject.subscribe(onNext: { counter.value &+= $0 })
                }
                let elapsed = measureNanoseconds {
                    for i in 0..<events { subject.onNext(i) }
                }
                for subscription in subscriptions { subscription.dispose() }
                blackHole(counter)
                try expectEqual(counter.value, expected, "rivulet fan-out checksum")
                return Sample(elapsed / deliveries)
            },
            Contestant("opencombine") {
                let subject = PassthroughSubject<Int, Never>()
                let counter = Counter()
                let subscriptions = (0..<subscribers).map { _ in
                    subject.sink { counter.value &+= $0 }
                }
                let elapsed = measureNanoseconds {
                    for i in 0..<events { subject.send(i) }
                }
                for subscription in subscriptions { subscription.cancel() }
                blackHole(counter)
                try expectEqual(counter.value, expected, "opencombine fan-out checksum")
                return Sample(elapsed / deliveries)
            },
            Contestant("closures") {
                let subject = ClosureSubject<Int>()
                let counter = Counter()
                for _ in 0..<subscribers { subject.subscribe { counter.value &+= $0 } }
                let elapsed = measureNanoseconds {
                    for i in 0..<events { subject.send(i) }
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "closure fan-out checksum")
                return Sample(elapsed / deliveries)
            },
        ])
}

// MARK: - streams.subscribe

private func subscribeDispose() -> Benchmark {
    let cycles = Workload.subscribeCycles
    let expected = cycles * 2
    return Benchmark(
        "streams.subscribe", unit: "ns/cycle",
        [
            Contestant("rivulet") {
                let source = Observable.just(1).map { $0 &+ 1 }
                let counter = Counter()
                let elapsed = measureNanoseconds {
                    for _ in 0..<cycles {
                        let subscription = source.subscribe(onNext: { counter.value &+= $0 })
                        subscription.dispose()
                    }
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "rivulet subscribe checksum")
                return Sample(elapsed / Double(cycles))
            },
            Contestant("opencombine") {
                let source = Just(1).map { $0 &+ 1 }
                let counter = Counter()
                let elapsed = measureNanoseconds {
                    for _ in 0..<cycles {
                        let subscription = source.sink { counter.value &+= $0 }
                        subscription.cancel()
                    }
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "opencombine subscribe checksum")
                return Sample(elapsed / Double(cycles))
            },
            Contestant("closures") {
                let source = ClosureObservable.just(1).map { $0 &+ 1 }
                let counter = Counter()
                let elapsed = measureNanoseconds {
                    for _ in 0..<cycles {
                        let subscription = source.subscribe(onNext: { counter.value &+= $0 })
                        subscription.dispose()
                    }
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "closure subscribe checksum")
                return Sample(elapsed / Double(cycles))
            },
        ])
}

// MARK: - streams.behavior

private func behavior() -> Benchmark {
    let n = Workload.behaviorSends
    let expected = (0..<n).reduce(0, &+)
    return Benchmark(
        "streams.behavior", unit: "ns/send",
        [
            Contestant("rivulet") {
                let subject = BehaviorSubject(value: 0)
                let counter = Counter()
                let subscription = subject.subscribe(onNext: { counter.value &+= $0 })
                let elapsed = measureNanoseconds {
                    for i in 0..<n { subject.onNext(i) }
                }
                subscription.dispose()
                blackHole(counter)
                try expectEqual(counter.value, expected, "rivulet behavior checksum")
                return Sample(elapsed / Double(n))
            },
            Contestant("opencombine") {
                let subject = CurrentValueSubject<Int, Never>(0)
                let counter = Counter()
                let subscription = subject.sink { counter.value &+= $0 }
                let elapsed = measureNanoseconds {
                    for i in 0..<n { subject.send(i) }
                }
                subscription.cancel()
                blackHole(counter)
                try expectEqual(counter.value, expected, "opencombine behavior checksum")
                return Sample(elapsed / Double(n))
            },
        ])
}
