import Dispatch
import Streams
import StreamsTesting
import Testing
import ViewModels

@Test func foldLoopSendsTheInitialStateThenOneStatePerEvent() {
    let scheduler = TestScheduler()
    let source = scheduler.createHotObservable([.next(10, 1), .next(20, 2), .completed(30)])
    let states = scheduler.createObserver(Int.self)
    let subscription = source.asObservable()
        .foldLoop(
            100,
            reduce: { (state: inout Int, value: Int) -> [Never] in
                state += value
                return []
            }, perform: { _ in }
        )
        .subscribe(states.asObserver())
    scheduler.advance(by: 100)
    subscription.dispose()
    #expect(states.events == [.next(0, 100), .next(10, 101), .next(20, 103), .completed(30)])
}

@Test func foldLoopRunsTheEventsAnEffectCausesAfterTheStepThatAskedForIt() {
    // Each even number asks for the next one; the effect sends it into the same stream at once.
    let relay = PublishRelay<Int>()
    let seen = SanitizerVisibleMutex<[String]>([])
    let subscription = relay.asObservable()
        .foldLoop(
            [Int](),
            reduce: { (state: inout [Int], value: Int) -> [Int] in
                state.append(value)
                return value.isMultiple(of: 2) && value < 6 ? [value + 1, value + 2] : []
            },
            perform: { relay.accept($0) }
        )
        .subscribe(onNext: { state in seen.withLock { $0.append(state.map(String.init).joined(separator: ",")) } })
    relay.accept(0)
    subscription.dispose()
    // No step ran inside another: every state extends the one before.
    #expect(
        seen.withLock { $0 } == ["", "0", "0,1", "0,1,2", "0,1,2,3", "0,1,2,3,4", "0,1,2,3,4,5", "0,1,2,3,4,5,6"])
}

@Test func foldLoopTakesEventsFromManyThreadsOneStepAtATime() async {
    let relay = PublishRelay<Int>()
    let last = SanitizerVisibleMutex(0)
    let subscription = relay.asObservable()
        .foldLoop(
            0,
            reduce: { (state: inout Int, _: Int) -> [Never] in
                state += 1
                return []
            }, perform: { _ in }
        )
        .subscribe(onNext: { state in last.withLock { $0 = max($0, state) } })
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<4 {
            group.addTask { for value in 0..<5_000 { relay.accept(value) } }
        }
    }
    subscription.dispose()
    #expect(last.withLock { $0 } == 20_000)
}

@Test func foldLoopStopsOnDispose() {
    let relay = PublishRelay<Int>()
    let count = SanitizerVisibleMutex(0)
    let subscription = relay.asObservable()
        .foldLoop(
            0,
            reduce: { (state: inout Int, _: Int) -> [Never] in
                state += 1
                return []
            }, perform: { _ in }
        )
        .subscribe(onNext: { _ in count.withLock { $0 += 1 } })
    relay.accept(1)
    subscription.dispose()
    relay.accept(2)
    #expect(count.withLock { $0 } == 2)
}
