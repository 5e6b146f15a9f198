import Streams
import StreamsTesting
import Testing

// Drivers and signals on a virtual clock: each operator keeps the kind and the scheduler, the
// time-based ones run on that scheduler, and the ways to drive and emit deliver every event.

/// A driver over hot values at their ticks (nothing fails).
private func driver(_ scheduler: TestScheduler, _ values: [(Int, Int)]) -> Driver<Int> {
    scheduler.createHotObservable(values.map { Recorded.next($0.0, $0.1) })
        .asDriver(onErrorJustReturn: -1, scheduler: scheduler)
}

/// The values recorded, without their ticks.
private func values<Element: Sendable>(_ observer: TestableObserver<Element>) -> [Element] {
    observer.events.compactMap(\.value.element)
}

/// What the sequence `build` makes on a fresh virtual clock records in the standard run
/// (made at 100, subscribed at 200, disposed at 1000).
private func recorded<Source: ObservableType>(
    _ build: @escaping @Sendable (TestScheduler) -> Source
) -> TestableObserver<Source.Element> {
    let scheduler = TestScheduler(initialClock: 0)
    return scheduler.start { build(scheduler) }
}

/// A driver of its trigger's value × 10, then that + 1, at 5 and 20 ticks after it starts.
private func inner(_ scheduler: TestScheduler) -> @Sendable (Int) -> Driver<Int> {
    { value in
        Driver.timer(.ticks(5), period: .ticks(15), scheduler: scheduler).map { value * 10 + $0 }
            .asObservable().take(2).asDriver(onErrorJustReturn: -1, scheduler: scheduler)
    }
}

@Test func sharedSequenceFlatteningOperatorsKeepTheirRules() {
    withSubscriptionTracking {
        let first = recorded { driver($0, [(210, 1), (215, 2), (240, 3)]).flatMapFirst(inner($0)) }
        #expect(first.events.map(\.time) == [215, 230, 245, 260])
        #expect(values(first) == [10, 11, 30, 31])
        let merged = recorded { driver($0, [(210, 1), (215, 2)]).flatMap(inner($0)) }
        #expect(values(merged) == [10, 20, 11, 21])
        let latest = recorded { scheduler in
            driver(scheduler, [(210, 1), (215, 2)]).map(inner(scheduler)).switchLatest()
        }
        #expect(values(latest) == [20, 21])
        let all = recorded { scheduler in driver(scheduler, [(210, 1), (215, 2)]).map(inner(scheduler)).merge() }
        #expect(values(all) == [10, 20, 11, 21])
    }
}

@Test func sharedSequenceTimeOperatorsRunOnTheSequencesScheduler() {
    withSubscriptionTracking {
        let source = [(210, 1), (212, 2), (230, 3), (300, 4)]
        let debounced = recorded { driver($0, source).debounce(.ticks(10)) }
        #expect(debounced.events == [.next(222, 2), .next(240, 3), .next(310, 4)])
        let throttled = recorded { driver($0, source).throttle(.ticks(10), latest: false) }
        #expect(values(throttled) == [1, 3, 4])
        let delayed = recorded { driver($0, [(210, 1)]).delay(.ticks(7)) }
        #expect(delayed.events == [.next(217, 1)])
    }
}

@Test func sharedSequenceCombiningKeepsTheFirstSourcesScheduler() {
    withSubscriptionTracking {
        let a = [(210, 1), (230, 3)]
        let b = [(220, 20), (240, 40)]
        let run1 = recorded { Driver.merge(driver($0, a), driver($0, b)) }
        #expect(values(run1) == [1, 20, 3, 40])
        #expect(
            values(recorded { Driver.combineLatest(driver($0, a), driver($0, b), resultSelector: +) }) == [21, 23, 43])
        let pairs = recorded { Driver.zip(driver($0, a), driver($0, b)).map { "\($0.0)-\($0.1)" } }
        #expect(values(pairs) == ["1-20", "3-40"])
    }
}

@Test func sharedSequenceCombiningManyOrOfOneTypeOrNone() {
    withSubscriptionTracking {
        let eight = recorded { scheduler in
            let one = Driver.just(1, scheduler: scheduler)
            return Driver.combineLatest(one, one, one, one, one, one, one, one) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
        }
        #expect(values(eight) == [8])
        let arrays = recorded { scheduler in
            Driver.zip([Driver.of(1, 2, scheduler: scheduler), Driver.of(3, 4, scheduler: scheduler)])
        }
        #expect(values(arrays) == [[1, 3], [2, 4]])
        let sequence = recorded { scheduler in
            Driver.concat(Driver.of(1, 2, scheduler: scheduler), Driver.from([3], scheduler: scheduler))
        }
        #expect(values(sequence) == [1, 2, 3])
        #expect(sequence.events.last == .completed(200))
        let run2 = recorded { _ in Driver<Int>.merge([Driver<Int>]()) }
        #expect(run2.events == [.completed(200)])
    }
}

@Test func sharedSequenceLatestFromSampleAndSkip() {
    withSubscriptionTracking {
        let ticks = [(205, 0), (215, 0), (235, 0)]
        let numbers = [(210, 1), (220, 2), (230, 3)]
        let latest = recorded { driver($0, ticks).withLatestFrom(driver($0, numbers)) }
        #expect(latest.events == [.next(215, 1), .next(235, 3)])
        let sampled = recorded { driver($0, numbers).sample(driver($0, ticks)) }
        #expect(sampled.events == [.next(215, 1), .next(235, 3)])
        let skipped = recorded { driver($0, numbers).skip(2).enumerated().map { "\($0.index):\($0.element)" } }
        #expect(skipped.events == [.next(230, "0:3")])
    }
}

private struct Row: Sendable, Equatable {
    let id: Int
    let title: String
}

@Test func sharedSequenceDistinctUntilChangedByKeyComparerAndKeyPath() {
    withSubscriptionTracking {
        let rows = { @Sendable (scheduler: TestScheduler) -> Driver<Row> in
            scheduler.createHotObservable([
                .next(210, Row(id: 1, title: "a")), .next(220, Row(id: 1, title: "b")),
                .next(230, Row(id: 2, title: "b")),
            ])
            .asDriver(onErrorJustReturn: Row(id: 0, title: ""), scheduler: scheduler)
        }
        let run3 = recorded { rows($0).distinctUntilChanged(at: \.title) }
        #expect(values(run3).map(\.id) == [1, 1])
        let run4 = recorded { rows($0).distinctUntilChanged(by: { $0.id }) }
        #expect(values(run4).map(\.title) == ["a", "b"])
        let byComparer = recorded { rows($0).distinctUntilChanged({ $0.id }, comparer: { abs($0 - $1) < 2 }) }
        #expect(values(byComparer).count == 1)
    }
}

@Test func observableDistinctUntilChangedTakesAKeySelectorComparerAndKeyPath() {
    withSubscriptionTracking {
        let numbers = { @Sendable (scheduler: TestScheduler) in
            scheduler.createHotObservable([.next(210, 1), .next(220, 3), .next(230, 4), .next(240, 7)])
        }
        let run5 = recorded { numbers($0).distinctUntilChanged(by: { $0 % 2 }) }
        #expect(values(run5) == [1, 4, 7])
        let run6 = recorded { numbers($0).distinctUntilChanged({ $0 }, comparer: { $1 - $0 == 1 }) }
        #expect(values(run6) == [1, 3, 7])
        let failing = recorded { scheduler in
            numbers(scheduler).distinctUntilChanged(by: { value throws -> Int in
                if value == 4 { throw TestError(4) }
                return value
            })
        }
        #expect(failing.events == [.next(210, 1), .next(220, 3), .error(230, TestError(4))])
        let strings = recorded { $0.createHotObservable([.next(210, "ab"), .next(220, "cd"), .next(230, "efg")]) }
        #expect(values(strings).count == 3)
        let counted = recorded {
            $0.createHotObservable([.next(210, "ab"), .next(220, "cd"), .next(230, "efg")]).distinctUntilChanged(
                at: \.count)
        }
        #expect(values(counted) == ["ab", "efg"])
    }
}

@Test func distinctUntilChangedOverPairsComparesWholeValues() {
    withSubscriptionTracking {
        // With an unlabeled key selector beside the comparer, Swift could read `{ $0 == $1 }`
        // on pairs as a key selector over the pair's two halves (RxSwift issue #2097).
        let pairs = recorded {
            $0.createHotObservable([.next(210, (1, 1)), .next(220, (2, 2)), .next(230, (2, 3)), .next(240, (2, 3))])
                .distinctUntilChanged { $0 == $1 }.map { "\($0.0)\($0.1)" }
        }
        #expect(values(pairs) == ["11", "22", "23"])
        let driven = recorded { scheduler in
            Driver.combineLatest(driver(scheduler, [(210, 1), (220, 1)]), driver(scheduler, [(210, 1)]))
                .distinctUntilChanged { $0 == $1 }.map { "\($0.0)\($0.1)" }
        }
        #expect(values(driven) == ["11"])
    }
}

@Test func sharedSequenceDoRunsItsEffectsAroundEachValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let log = SanitizerVisibleMutex<[String]>([])
        let logged = Driver.of(1, scheduler: scheduler)
            .do(
                onNext: { value in log.withLock { $0.append("next \(value)") } },
                afterNext: { value in log.withLock { $0.append("after \(value)") } },
                onCompleted: { log.withLock { $0.append("completed") } },
                onSubscribe: { log.withLock { $0.append("subscribe") } },
                onDispose: { log.withLock { $0.append("dispose") } })
        let subscription = logged.drive(onNext: { value in log.withLock { $0.append("drive \(value)") } })
        scheduler.advance(by: 10)
        subscription.dispose()
        #expect(log.withLock { $0 } == ["subscribe", "next 1", "drive 1", "after 1", "completed", "dispose"])
    }
}

private final class Owner: Sendable {}

@Test func driveSendsEveryEventToItsHandlersObserversAndRelays() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let source = scheduler.createHotObservable([.next(1, 1), .next(2, 2), .completed(3)])
            .asDriver(onErrorJustReturn: -1, scheduler: scheduler)
        let log = SanitizerVisibleMutex<[String]>([])
        let observer = scheduler.createObserver(Int.self)
        let optional = scheduler.createObserver(Int?.self)
        let publish = PublishRelay<Int>()
        let behavior = BehaviorRelay(value: 0)
        let replay = ReplayRelay<Int>.create(bufferSize: 5)
        let replayed = scheduler.createObserver(Int.self)
        var owner: Owner? = Owner()
        let bag = DisposeBag()
        replay.subscribe(replayed.asObserver()).disposed(by: bag)
        source.drive(
            onNext: { value in log.withLock { $0.append("next \(value)") } },
            onCompleted: { log.withLock { $0.append("completed") } },
            onDisposed: { log.withLock { $0.append("disposed") } }
        ).disposed(by: bag)
        if let owner {
            source.drive(with: owner, onNext: { _, value in log.withLock { $0.append("owned \(value)") } })
                .disposed(by: bag)
        }
        source.drive(observer.asObserver()).disposed(by: bag)
        source.drive(optional.asObserver()).disposed(by: bag)
        source.drive(publish).disposed(by: bag)
        source.drive(behavior).disposed(by: bag)
        source.drive(replay).disposed(by: bag)
        let optionalRelay = BehaviorRelay<Int?>(value: nil)
        source.drive(optionalRelay).disposed(by: bag)
        source.drive().disposed(by: bag)
        scheduler.advance(to: 1)
        owner = nil
        scheduler.advance(to: 3)
        #expect(log.withLock { $0 } == ["next 1", "owned 1", "next 2", "completed", "disposed"])
        #expect(observer.events == [.next(1, 1), .next(2, 2), .completed(3)])
        #expect(optional.events == [.next(1, 1), .next(2, 2), .completed(3)])
        #expect(behavior.value == 2)
        #expect(optionalRelay.value == 2)
        #expect(values(replayed) == [1, 2])
        _ = bag
    }
}

@Test func emitSendsEveryEventToItsHandlersObserversAndRelays() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        let signal = relay.asSignal(scheduler: scheduler)
        let observer = scheduler.createObserver(Int.self)
        let behavior = BehaviorRelay(value: 0)
        let log = SanitizerVisibleMutex<[Int]>([])
        let owner = Owner()
        let bag = DisposeBag()
        signal.emit(to: observer.asObserver()).disposed(by: bag)
        signal.emit(to: behavior).disposed(by: bag)
        signal.emit(with: owner, onNext: { _, value in log.withLock { $0.append(value) } }).disposed(by: bag)
        signal.emit().disposed(by: bag)
        scheduler.scheduleAt(10) { relay.accept(7) }
        scheduler.advance(to: 20)
        #expect(observer.events == [.next(10, 7)])
        #expect(behavior.value == 7)
        #expect(log.withLock { $0 } == [7])
        _ = bag
    }
}

@Test func sharedSequencesAreMadeFromValuesRelaysAndInfallibles() {
    withSubscriptionTracking {
        let relay = BehaviorRelay(value: "first")
        let run7 = recorded { relay.asDriver(scheduler: $0) }
        #expect(run7.events == [.next(200, "first")])
        let run8 = recorded { Infallible.just(3).asDriver(scheduler: $0) }
        #expect(run8.events == [.next(200, 3), .completed(200)])
        let run9 = recorded { Driver.from(optional: Int?.none, scheduler: $0) }
        #expect(run9.events == [.completed(200)])
        let made = SanitizerVisibleMutex(0)
        let deferred = recorded { scheduler in
            Driver.deferred(scheduler: scheduler) {
                made.withLock { $0 += 1 }
                return Driver.just(made.withLock { $0 }, scheduler: scheduler)
            }
        }
        #expect(deferred.events == [.next(200, 1), .completed(200)])
        let interval = recorded { Signal.interval(.ticks(10), scheduler: $0).asObservable().take(2) }
        #expect(interval.events == [.next(210, 0), .next(220, 1), .completed(220)])
        let recovered = recorded { scheduler in
            scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
                .asSignal(onErrorSignalWith: Signal.just(9, scheduler: scheduler), scheduler: scheduler)
        }
        #expect(recovered.events == [.next(210, 1), .next(220, 9), .completed(220)])
    }
}
