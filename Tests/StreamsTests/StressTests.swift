import Dispatch
import Foundation
import Streams
import StreamsTesting
import Synchronization
import TestMeasures
import Testing

// Stress: 8 producer threads send into subjects and operators while other threads subscribe and
// dispose; checked plainly and under the thread sanitizer. A debug run pushes 8 × 100,000 events
// through one pipeline that uses every operator at once, and 8 × 100,000 through each operator on
// its own (about 40 s on two cores); under the sanitizer, 8 × 4,000 and 8 × 1,000, because there
// the full sizes take about 100 s of both cores and starve the wall-clock tests running beside
// them. `RIVULET_STRESS_FULL=1` (`.ci/stress`) makes every test 8 × 100,000 under the sanitizer
// as well. The tests run one after another, so that the rest of the suite,
// some of which waits on the wall clock, keeps a share of the machine, in a lane of their own
// (`TestLane`), so that they start with the run rather than after the parallel tests.

private let producerCount = 8
private let isFullRun = ProcessInfo.processInfo.environment["RIVULET_STRESS_FULL"] == "1"
/// Whether the thread sanitizer's runtime is loaded: it makes every contended hand-over dearer.
private let isUnderThreadSanitizer = dlsym(nil, "__tsan_init") != nil
private let pipelineEventsPerProducer = isFullRun || !isUnderThreadSanitizer ? 100_000 : 4_000
private let operatorEventsPerProducer = isFullRun || !isUnderThreadSanitizer ? 100_000 : 1_000
private let churnIterations = 300

private struct Item: Sendable, Equatable {
    let producer: Int
    let sequence: Int
}

/// A flag and counters that threads share.
private final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}

/// Counts deliveries to one observer that overlapped another: the observer contract says none do.
private final class OverlapDetector: Sendable {
    private let inDelivery = Atomic<Bool>(false)
    private let overlaps = Atomic<Int>(0)

    func during(_ body: () -> Void) {
        if inDelivery.exchange(true, ordering: .acquiringAndReleasing) { overlaps.wrappingAdd(1, ordering: .relaxed) }
        body()
        inDelivery.store(false, ordering: .releasing)
    }

    var count: Int { overlaps.load(ordering: .relaxed) }
}

/// Checks what one observer receives from producers on many threads: no two deliveries overlap,
/// each producer's values arrive in order without gaps or repeats (from the first one seen when
/// `fromStart` is false, for subscribers that join late), and exactly one terminal event.
private final class OrderChecker: Sendable {
    private struct State {
        var next: [Int?]
        var received = 0
        var outOfOrder = 0
        var terminals = 0
        var afterTerminal = 0
    }

    private let overlaps = OverlapDetector()
    private let state: SanitizerVisibleMutex<State>

    init(fromStart: Bool) {
        state = SanitizerVisibleMutex(State(next: Array(repeating: fromStart ? 0 : nil, count: producerCount)))
    }

    var observer: AnyObserver<Item> { AnyObserver { self.on($0) } }

    func on(_ event: Event<Item>) {
        overlaps.during { record(event) }
    }

    private func record(_ event: Event<Item>) {
        state.withLock { state in
            if state.terminals > 0 { state.afterTerminal += 1 }
            switch event {
            case .next(let item):
                if let expected = state.next[item.producer], expected != item.sequence { state.outOfOrder += 1 }
                state.next[item.producer] = item.sequence + 1
                state.received += 1
            case .error, .completed:
                state.terminals += 1
            }
        }
    }

    var received: Int { state.withLock { $0.received } }
    var outOfOrder: Int { state.withLock { $0.outOfOrder } }
    var terminals: Int { state.withLock { $0.terminals } }
    var afterTerminal: Int { state.withLock { $0.afterTerminal } }
    var overlapCount: Int { overlaps.count }
    /// Whether every producer's last value was `count - 1`.
    func sawEveryProducerEnd(at count: Int) -> Bool { state.withLock { $0.next.allSatisfy { $0 == count } } }
}

/// Checks `combineLatest` over the producers: no overlap, and each emission differs from the one
/// before in exactly one producer's value, which moved on by exactly one (so nothing was lost,
/// repeated or reordered).
private final class CombinationChecker: Sendable {
    private struct State {
        var previous: [Int]?
        var emissions = 0
        var badSteps = 0
        var terminals = 0
    }

    private let overlaps = OverlapDetector()
    private let state = SanitizerVisibleMutex(State())

    var observer: AnyObserver<[Item]> { AnyObserver { self.on($0) } }

    func on(_ event: Event<[Item]>) {
        overlaps.during { record(event) }
    }

    private func record(_ event: Event<[Item]>) {
        state.withLock { state in
            switch event {
            case .next(let items):
                if let previous = state.previous, previous.count == items.count {
                    var moved = 0
                    var isStepOfOne = true
                    for index in items.indices where items[index].sequence != previous[index] {
                        moved += 1
                        isStepOfOne = isStepOfOne && items[index].sequence == previous[index] + 1
                    }
                    if moved != 1 || !isStepOfOne { state.badSteps += 1 }
                    for index in items.indices { state.previous?[index] = items[index].sequence }
                } else {
                    state.previous = items.map(\.sequence)
                }
                state.emissions += 1
            case .error, .completed:
                state.terminals += 1
            }
        }
    }

    var emissions: Int { state.withLock { $0.emissions } }
    var badSteps: Int { state.withLock { $0.badSteps } }
    var last: [Int]? { state.withLock { $0.previous } }
    var terminals: Int { state.withLock { $0.terminals } }
    var overlapCount: Int { overlaps.count }
}

/// Runs each body on its own thread (real threads, so producers and churners really overlap even
/// on a machine with few cores) at the lowest priority, with `tracker` bound, and waits for all
/// of them.
private func onThreads(_ bodies: [@Sendable () -> Void], tracker: SubscriptionTracker) {
    let group = DispatchGroup()
    for body in bodies {
        group.enter()
        let thread = Thread {
            // The lowest priority, for this thread only (Linux keeps nice values per thread), so the
            // stress never starves tests that run beside it and measure wall-clock timeouts.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
            LiveSubscriptions.withTracker(tracker) { body() }
            group.leave()
        }
        thread.start()
    }
    group.wait()
}

/// The bodies of `producerCount` threads, each sending `count` items (from `first`) into its
/// own subject, then raising `done` when the last one finished.
private func producers(
    into subjects: [PublishSubject<Item>], from first: Int = 0, count: Int, done: Flag
) -> [@Sendable () -> Void] {
    let remaining = SanitizerVisibleMutex(subjects.count)
    return subjects.indices.map { index in
        let subject = subjects[index]
        return {
            for sequence in first..<count { subject.onNext(Item(producer: index, sequence: sequence)) }
            if remaining.withLock({
                $0 -= 1; return $0 == 0
            }) {
                done.set()
            }
        }
    }
}

/// The body of a thread that subscribes to `source` with a late-joining checker and disposes
/// again, until the producers are done or `churnIterations` rounds have run.
private func churner<Element>(
    _ source: Observable<Element>, observer: @escaping @Sendable () -> AnyObserver<Element>, done: Flag
) -> @Sendable () -> Void {
    {
        var rounds = 0
        while rounds < churnIterations && !done.isSet {
            let subscription = source.subscribe(observer())
            subscription.dispose()
            rounds += 1
        }
    }
}

private func makeSubjects() -> [PublishSubject<Item>] {
    (0..<producerCount).map { _ in PublishSubject<Item>() }
}

/// Collects the checkers churn threads create, so the test can inspect them afterwards.
private final class CheckerPool<Checker: Sendable>: Sendable {
    private let checkers = SanitizerVisibleMutex<[Checker]>([])
    private let make: @Sendable () -> Checker

    init(_ make: @escaping @Sendable () -> Checker) { self.make = make }

    func next() -> Checker {
        let checker = make()
        checkers.withLock { $0.append(checker) }
        return checker
    }

    var all: [Checker] { checkers.withLock { $0 } }
}

@Suite(.serialized, .stressLane) struct StreamStressTests {
    @Test func pipelineOfMergeShareCombineLatestAndFlatMapLatestLosesNothingUnderEightProducers() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let merged = Observable.merge(subjects.map { $0.asObservable() }).share()
        let combined = Observable.combineLatest(subjects)
        let switched = merged.flatMapLatest { Observable.just($0) }
        let all = OrderChecker(fromStart: true)
        let latest = CombinationChecker()
        let switchedAll = OrderChecker(fromStart: true)
        let lateMerged = CheckerPool { OrderChecker(fromStart: false) }
        let lateCombined = CheckerPool { CombinationChecker() }
        let done = Flag()

        let subscriptions = LiveSubscriptions.withTracker(tracker) {
            [
                merged.subscribe(all.observer), combined.subscribe(latest.observer),
                switched.subscribe(switchedAll.observer),
            ]
        }
        // Every producer sends its first value before the race starts, so combineLatest has a value
        // from each and must emit exactly once per later event.
        for (index, subject) in subjects.enumerated() { subject.onNext(Item(producer: index, sequence: 0)) }
        onThreads(
            producers(into: subjects, from: 1, count: pipelineEventsPerProducer, done: done)
                + [
                    churner(merged, observer: { lateMerged.next().observer }, done: done),
                    churner(combined, observer: { lateCombined.next().observer }, done: done),
                ],
            tracker: tracker)
        for subject in subjects { subject.onCompleted() }
        for subscription in subscriptions { subscription.dispose() }

        let total = producerCount * pipelineEventsPerProducer
        #expect(all.received == total)
        #expect(all.outOfOrder == 0)
        #expect(all.sawEveryProducerEnd(at: pipelineEventsPerProducer))
        #expect(all.terminals == 1 && all.afterTerminal == 0 && all.overlapCount == 0)
        #expect(switchedAll.received == total)
        #expect(switchedAll.outOfOrder == 0)
        #expect(switchedAll.terminals == 1 && switchedAll.overlapCount == 0)
        #expect(latest.emissions == total - (producerCount - 1))
        #expect(latest.badSteps == 0)
        #expect(latest.last == Array(repeating: pipelineEventsPerProducer - 1, count: producerCount))
        #expect(latest.terminals == 1 && latest.overlapCount == 0)
        #expect(lateMerged.all.allSatisfy { $0.outOfOrder == 0 && $0.overlapCount == 0 })
        #expect(lateCombined.all.allSatisfy { $0.badSteps == 0 && $0.overlapCount == 0 })
        #expect(tracker.live == 0)
        #expect(subjects.allSatisfy { !$0.hasObservers })
    }

    @Test func mergeKeepsEveryEventInProducerOrderWhileSubscribersComeAndGo() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let merged = Observable.merge(subjects.map { $0.asObservable() })
        let all = OrderChecker(fromStart: true)
        let late = CheckerPool { OrderChecker(fromStart: false) }
        let done = Flag()

        let subscription = LiveSubscriptions.withTracker(tracker) { merged.subscribe(all.observer) }
        onThreads(
            producers(into: subjects, count: operatorEventsPerProducer, done: done)
                + [
                    churner(merged, observer: { late.next().observer }, done: done),
                    churner(merged, observer: { late.next().observer }, done: done),
                ],
            tracker: tracker)
        subscription.dispose()

        #expect(all.received == producerCount * operatorEventsPerProducer)
        #expect(all.outOfOrder == 0)
        #expect(all.sawEveryProducerEnd(at: operatorEventsPerProducer))
        #expect(all.overlapCount == 0)
        #expect(!late.all.isEmpty)
        #expect(late.all.allSatisfy { $0.outOfOrder == 0 && $0.overlapCount == 0 && $0.afterTerminal == 0 })
        #expect(tracker.live == 0)
    }

    @Test func combineLatestEmitsOncePerEventAndStepsOneProducerAtATime() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let combined = Observable.combineLatest(subjects)
        let latest = CombinationChecker()
        let late = CheckerPool { CombinationChecker() }
        let done = Flag()

        let subscription = LiveSubscriptions.withTracker(tracker) { combined.subscribe(latest.observer) }
        for (index, subject) in subjects.enumerated() { subject.onNext(Item(producer: index, sequence: 0)) }
        onThreads(
            producers(into: subjects, from: 1, count: operatorEventsPerProducer, done: done)
                + [churner(combined, observer: { late.next().observer }, done: done)],
            tracker: tracker)
        subscription.dispose()

        #expect(latest.emissions == producerCount * operatorEventsPerProducer - (producerCount - 1))
        #expect(latest.badSteps == 0)
        #expect(latest.last == Array(repeating: operatorEventsPerProducer - 1, count: producerCount))
        #expect(latest.overlapCount == 0)
        #expect(late.all.allSatisfy { $0.badSteps == 0 && $0.overlapCount == 0 })
        #expect(tracker.live == 0)
    }

    /// What `flatMapLatest` delivers in the test below: the switch that produced it, and the item.
    private struct Tagged: Sendable {
        let epoch: Int
        let item: Item
    }

    @Test func flatMapLatestNeverDeliversFromAnInnerAfterASwitchAndDisposesEveryInner() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let inner = Observable.merge(subjects.map { $0.asObservable() })
        let switches = PublishSubject<Int>()
        let switched = switches.flatMapLatest { epoch in inner.map { Tagged(epoch: epoch, item: $0) } }
        let switchCount = 2_000

        struct State {
            var epoch = -1
            var staleDeliveries = 0
            var next: [Int?] = Array(repeating: nil, count: producerCount)
            var outOfOrder = 0
            var received = 0
        }
        let state = SanitizerVisibleMutex(State())
        let overlaps = OverlapDetector()
        let done = Flag()

        let subscription = LiveSubscriptions.withTracker(tracker) {
            switched.subscribe(onNext: { tagged in
                overlaps.during {
                    state.withLock { state in
                        if tagged.epoch < state.epoch { state.staleDeliveries += 1 }
                        if tagged.epoch > state.epoch {
                            state.epoch = tagged.epoch
                            state.next = Array(repeating: nil, count: producerCount)
                        }
                        let producer = tagged.item.producer
                        if let expected = state.next[producer], expected != tagged.item.sequence {
                            state.outOfOrder += 1
                        }
                        state.next[producer] = tagged.item.sequence + 1
                        state.received += 1
                    }
                }
            })
        }
        switches.onNext(0)
        onThreads(
            producers(into: subjects, count: operatorEventsPerProducer, done: done) + [
                {
                    var epoch = 1
                    while epoch < switchCount && !done.isSet {
                        switches.onNext(epoch)
                        epoch += 1
                    }
                }
            ],
            tracker: tracker)
        // After the race, the latest inner must still get everything.
        for (index, subject) in subjects.enumerated() {
            subject.onNext(Item(producer: index, sequence: operatorEventsPerProducer))
        }
        let finalState = state.withLock { $0 }
        subscription.dispose()

        #expect(finalState.received > 0)
        #expect(finalState.next.allSatisfy { $0 == operatorEventsPerProducer + 1 })
        #expect(finalState.staleDeliveries == 0)
        #expect(finalState.outOfOrder == 0)
        #expect(overlaps.count == 0)
        #expect(tracker.live == 0)
        #expect(subjects.allSatisfy { !$0.hasObservers })
    }

    @Test func shareGivesEveryEventToItsSubscribersWhileOthersJoinAndLeave() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let shared = Observable.merge(subjects.map { $0.asObservable() }).share()
        // A second share that nobody holds on to: churners connect and disconnect it over and over.
        let flickering = Observable.merge(subjects.map { $0.asObservable() }).share(replay: 1)
        let first = OrderChecker(fromStart: true)
        let second = OrderChecker(fromStart: true)
        let late = CheckerPool { OrderChecker(fromStart: false) }
        let done = Flag()

        let subscriptions = LiveSubscriptions.withTracker(tracker) {
            [shared.subscribe(first.observer), shared.subscribe(second.observer)]
        }
        onThreads(
            producers(into: subjects, count: operatorEventsPerProducer, done: done)
                + [
                    churner(shared, observer: { late.next().observer }, done: done),
                    churner(flickering, observer: { late.next().observer }, done: done),
                ],
            tracker: tracker)
        for subscription in subscriptions { subscription.dispose() }

        for checker in [first, second] {
            #expect(checker.received == producerCount * operatorEventsPerProducer)
            #expect(checker.outOfOrder == 0)
            #expect(checker.overlapCount == 0)
        }
        #expect(late.all.allSatisfy { $0.outOfOrder == 0 && $0.overlapCount == 0 })
        #expect(tracker.live == 0)
        #expect(subjects.allSatisfy { !$0.hasObservers })
    }

    @Test func mergeOfObservablesAndMergeMaxConcurrentKeepEveryEventInProducerOrder() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let inners = Observable.from(subjects.map { $0.asObservable() })
        let unlimited = OrderChecker(fromStart: true)
        let limited = OrderChecker(fromStart: true)
        let late = CheckerPool { OrderChecker(fromStart: false) }
        let done = Flag()

        let subscriptions = LiveSubscriptions.withTracker(tracker) {
            [
                inners.merge().subscribe(unlimited.observer),
                inners.merge(maxConcurrent: producerCount).subscribe(limited.observer),
            ]
        }
        onThreads(
            producers(into: subjects, count: operatorEventsPerProducer, done: done)
                + [churner(inners.merge(maxConcurrent: 2), observer: { late.next().observer }, done: done)],
            tracker: tracker)
        for subscription in subscriptions { subscription.dispose() }

        for checker in [unlimited, limited] {
            #expect(checker.received == producerCount * operatorEventsPerProducer)
            #expect(checker.outOfOrder == 0)
            #expect(checker.overlapCount == 0)
        }
        #expect(late.all.allSatisfy { $0.outOfOrder == 0 && $0.overlapCount == 0 && $0.afterTerminal == 0 })
        #expect(tracker.live == 0)
        #expect(subjects.allSatisfy { !$0.hasObservers })
    }

    @Test func switchLatestDeliversWithoutOverlapAndDisposesEveryInnerWhileSwitching() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let switches = PublishSubject<Observable<Item>>()
        let checker = OrderChecker(fromStart: false)
        let done = Flag()

        let subscription = LiveSubscriptions.withTracker(tracker) {
            switches.switchLatest().subscribe(checker.observer)
        }
        let switcher: @Sendable () -> Void = {
            var step = 0
            while !done.isSet {
                switches.onNext(subjects[step % subjects.count].asObservable())
                step += 1
            }
        }
        onThreads(
            producers(into: subjects, count: operatorEventsPerProducer, done: done) + [switcher], tracker: tracker)
        switches.onCompleted()
        subscription.dispose()

        #expect(checker.overlapCount == 0)
        #expect(checker.afterTerminal == 0)
        #expect(tracker.live == 0)
        #expect(subjects.allSatisfy { !$0.hasObservers })
    }

    @Test func ambLetsExactlyOneOfRacingProducersWin() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let checker = OrderChecker(fromStart: false)
        let winners = SanitizerVisibleMutex(Set<Int>())
        let done = Flag()

        let subscription = LiveSubscriptions.withTracker(tracker) {
            Observable.amb(subjects.map { $0.asObservable() })
                .do(onNext: { item in winners.withLock { _ = $0.insert(item.producer) } })
                .subscribe(checker.observer)
        }
        onThreads(producers(into: subjects, count: operatorEventsPerProducer, done: done), tracker: tracker)
        subscription.dispose()

        #expect(winners.withLock { $0.count } == 1)
        #expect(checker.received == operatorEventsPerProducer)
        #expect(checker.outOfOrder == 0)
        #expect(checker.overlapCount == 0)
        #expect(tracker.live == 0)
        #expect(subjects.allSatisfy { !$0.hasObservers })
    }

    @Test func zipOfManySourcesGroupsTheNthValuesOfEveryProducer() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let overlaps = OverlapDetector()
        let state = SanitizerVisibleMutex((groups: 0, badGroups: 0))
        let done = Flag()

        let subscription = LiveSubscriptions.withTracker(tracker) {
            Observable.zip(subjects.map { $0.asObservable() }).subscribe(
                AnyObserver { event in
                    overlaps.during {
                        guard case .next(let items) = event else { return }
                        state.withLock { state in
                            let expected = state.groups
                            if items.contains(where: { $0.sequence != expected }) { state.badGroups += 1 }
                            state.groups += 1
                        }
                    }
                })
        }
        onThreads(producers(into: subjects, count: operatorEventsPerProducer, done: done), tracker: tracker)
        subscription.dispose()

        #expect(state.withLock { $0.groups } == operatorEventsPerProducer)
        #expect(state.withLock { $0.badGroups } == 0)
        #expect(overlaps.count == 0)
        #expect(tracker.live == 0)
    }

    @Test func refCountSharesOneConnectionWhileSubscribersComeAndGo() {
        let tracker = SubscriptionTracker()
        let subjects = makeSubjects()
        let shared = Observable.merge(subjects.map { $0.asObservable() }).publish().refCount()
        let first = OrderChecker(fromStart: true)
        let second = OrderChecker(fromStart: true)
        let late = CheckerPool { OrderChecker(fromStart: false) }
        let done = Flag()

        let subscriptions = LiveSubscriptions.withTracker(tracker) {
            [shared.subscribe(first.observer), shared.subscribe(second.observer)]
        }
        onThreads(
            producers(into: subjects, count: operatorEventsPerProducer, done: done)
                + [
                    churner(shared, observer: { late.next().observer }, done: done),
                    churner(shared, observer: { late.next().observer }, done: done),
                ],
            tracker: tracker)
        for subscription in subscriptions { subscription.dispose() }

        for checker in [first, second] {
            #expect(checker.received == producerCount * operatorEventsPerProducer)
            #expect(checker.outOfOrder == 0)
            #expect(checker.overlapCount == 0)
        }
        #expect(late.all.allSatisfy { $0.outOfOrder == 0 && $0.overlapCount == 0 && $0.afterTerminal == 0 })
        #expect(tracker.live == 0)
        #expect(subjects.allSatisfy { !$0.hasObservers })
    }
}
