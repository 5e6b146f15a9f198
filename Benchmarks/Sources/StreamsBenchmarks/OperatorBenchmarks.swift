import Harness
import OpenCombine
import Streams

// Three operators that hold inner subscriptions or a shared connection, each against
// OpenCombine's nearest equivalent, doing the same work and proving it with a checksum.

/// Sizes of the operator workloads (smaller in a check).
enum OperatorWorkload {
    /// How many sources `streams.concat` runs one after another, and the values each sends.
    static var concatSources: Int { Scale.size(10_000) }
    static let concatValuesPerSource = 10
    /// How many inner sources `streams.switch` switches to, and the values each sends.
    static var switchInners: Int { Scale.size(100_000) }
    static let switchValuesPerInner = 3
    /// How many times `streams.refcount` connects, and the subscribers and values of each time.
    static var refCountCycles: Int { Scale.size(20_000) }
    static let refCountSubscribers = 4
    static let refCountValues = 8
}

func operatorBenchmarks() -> [Benchmark] {
    [concatenation(), switching(), referenceCounting()]
}

// MARK: - streams.concat

private func concatenation() -> Benchmark {
    let sources = OperatorWorkload.concatSources
    let perSource = OperatorWorkload.concatValuesPerSource
    let events = sources * perSource
    let expected = (0..<sources).reduce(0) { total, source in total &+ (0..<perSource).reduce(0) { $0 &+ source &+ $1 }
    }
    return Benchmark(
        "streams.concat", unit: "ns/event",
        [
            Contestant("rivulet") {
                let inners = (0..<sources).map { source in Observable.from((0..<perSource).map { source &+ $0 }) }
                let counter = Counter()
                let elapsed = measureNanoseconds {
                    let subscription = Observable.concat(inners).subscribe(onNext: { counter.value &+= $0 })
                    subscription.dispose()
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "rivulet concat checksum")
                return Sample(elapsed / Double(events))
            },
            Contestant("opencombine") {
                // Combine has no n-ary concat: a sequence of publishers flattened one at a time.
                let inners = (0..<sources).map { source in
                    Publishers.Sequence<[Int], Never>(sequence: (0..<perSource).map { source &+ $0 })
                }
                let counter = Counter()
                let elapsed = measureNanoseconds {
                    let subscription = Publishers.Sequence<[Publishers.Sequence<[Int], Never>], Never>(sequence: inners)
                        .flatMap(maxPublishers: .max(1)) { $0 }
                        .sink { counter.value &+= $0 }
                    subscription.cancel()
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "opencombine concat checksum")
                return Sample(elapsed / Double(events))
            },
        ])
}

// MARK: - streams.switch

private func switching() -> Benchmark {
    let inners = OperatorWorkload.switchInners
    let perInner = OperatorWorkload.switchValuesPerInner
    let expected = (0..<inners).reduce(0) { total, inner in total &+ (0..<perInner).reduce(0) { $0 &+ inner &+ $1 } }
    return Benchmark(
        "streams.switch", unit: "ns/inner",
        [
            Contestant("rivulet") {
                let outer = PublishSubject<Observable<Int>>()
                let counter = Counter()
                let subscription = outer.switchLatest().subscribe(onNext: { counter.value &+= $0 })
                let sources = (0..<inners).map { inner in Observable.from((0..<perInner).map { inner &+ $0 }) }
                let elapsed = measureNanoseconds {
                    for source in sources { outer.onNext(source) }
                }
                subscription.dispose()
                blackHole(counter)
                try expectEqual(counter.value, expected, "rivulet switch checksum")
                return Sample(elapsed / Double(inners))
            },
            Contestant("opencombine") {
                let outer = PassthroughSubject<Publishers.Sequence<[Int], Never>, Never>()
                let counter = Counter()
                let subscription = outer.switchToLatest().sink { counter.value &+= $0 }
                let sources = (0..<inners).map { inner in
                    Publishers.Sequence<[Int], Never>(sequence: (0..<perInner).map { inner &+ $0 })
                }
                let elapsed = measureNanoseconds {
                    for source in sources { outer.send(source) }
                }
                subscription.cancel()
                blackHole(counter)
                try expectEqual(counter.value, expected, "opencombine switch checksum")
                return Sample(elapsed / Double(inners))
            },
        ])
}

// MARK: - streams.refcount

private func referenceCounting() -> Benchmark {
    let cycles = OperatorWorkload.refCountCycles
    let subscribers = OperatorWorkload.refCountSubscribers
    let values = OperatorWorkload.refCountValues
    let expected = cycles * subscribers * (0..<values).reduce(0, &+)
    return Benchmark(
        "streams.refcount", unit: "ns/cycle",
        [
            Contestant("rivulet") {
                let source = PublishSubject<Int>()
                let shared = source.publish().refCount()
                let counter = Counter()
                let elapsed = measureNanoseconds {
                    for _ in 0..<cycles {
                        let subscriptions = (0..<subscribers).map { _ in
                            shared.subscribe(onNext: { counter.value &+= $0 })
                        }
                        for value in 0..<values { source.onNext(value) }
                        for subscription in subscriptions { subscription.dispose() }
                    }
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "rivulet refCount checksum")
                return Sample(elapsed / Double(cycles))
            },
            Contestant("opencombine") {
                // `share()` is a multicast through a subject that connects on the first
                // subscriber and disconnects after the last cancels.
                let source = PassthroughSubject<Int, Never>()
                let shared = source.share()
                let counter = Counter()
                let elapsed = measureNanoseconds {
                    for _ in 0..<cycles {
                        let subscriptions = (0..<subscribers).map { _ in shared.sink { counter.value &+= $0 } }
                        for value in 0..<values { source.send(value) }
                        for subscription in subscriptions { subscription.cancel() }
                    }
                }
                blackHole(counter)
                try expectEqual(counter.value, expected, "opencombine share checksum")
                return Sample(elapsed / Double(cycles))
            },
        ])
}
