import Dispatch
import Streams
import StreamsTesting
import Testing

// The systems here keep their state as a string that every event is appended to, so a diagram
// shows each state whole. In the `react` tests an upper-case letter at the end of the state is a
// request, and its effect answers with lower-case letters.

/// Appends `event` to the state; an event `-X` removes every `X` instead.
private func append(_ state: inout String, _ event: String) {
    if event.hasPrefix("-") {
        state.removeAll { String($0) == event.dropFirst() }
    } else {
        state += event
    }
}

/// The request a state ends with: its last character when that is an upper-case letter.
private func lastRequest(_ state: String) -> String? {
    guard let last = state.last, last.isUppercase else { return nil }
    return String(last)
}

/// Every request a state holds: its upper-case letters.
private func heldRequests(_ state: String) -> Set<String> {
    Set(state.filter(\.isUppercase).map(String.init))
}

// MARK: - The loop

@Test func systemSendsTheInitialStateFirstThenOneStatePerEvent() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-a-b")
        let states = scheduler.record(
            Observable.system(initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input)),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sa}-{sab}")
        scheduler.expectSubscriptions(input, ["^---------!"])
    }
}

@Test func systemSendsNothingUntilItsSchedulerRuns() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(Observable.just("a"))),
            disposed: 10)
        #expect(states.events.isEmpty)
        scheduler.run()
        scheduler.expect(states, "({s}{sa}|)")
    }
}

@Test func systemFoldsAnEventSentWhileAStepRunsAfterThatStep() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        // This feedback answers every short state at once, from inside the step that made it.
        let answer = Feedback<String, String> { states in states.filter { $0.count < 4 }.map { _ in "x" } }
        let states = scheduler.record(
            Observable.system(initialState: "s", reduce: append, scheduler: scheduler, feedback: answer),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "({s}{sx}{sxx}{sxxx})")
    }
}

@Test func systemFoldsEventsOfOneMomentInOneTurnEachIntoItsOwnState() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-(ab)-c")
        let seen = scheduler.createObserver(String.self)
        let watcher = Feedback<String, String> { states in
            states.do(onNext: { seen.onNext($0) }).filter { _ in false }
        }
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input), watcher),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}({sa}{sab})-{sabc}")
        // Feedbacks see every state, in order, at the moment it is made.
        scheduler.expect(seen, "{s}({sa}{sab})-{sabc}")
    }
}

@Test func systemFoldsTheEventsOfSeveralFeedbacksInArrivalOrder() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let letters = scheduler.hot("-a---c")
        let digits = scheduler.hot("---1---2")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(letters), .events(digits)),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sa}-{sa1}-{sa1c}-{sa1c2}")
    }
}

@Test func systemCompletesWhenEveryFeedbackHasCompleted() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let first = scheduler.hot("-a|")
        let second = scheduler.hot("---b|")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(first), .events(second)),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sa}-{sab}|")
    }
}

@Test func systemEndsWithTheErrorOfAFeedbackAfterFoldingWhatCameBefore() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let failing = scheduler.hot("-a-#")
        let other = scheduler.hot("------b")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(failing), .events(other)),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sa}-#")
        // The error disposes every other feedback.
        scheduler.expectSubscriptions(other, ["^--!"])
    }
}

@Test func systemDisposalDisposesEveryFeedback() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-a----b")
        let states = scheduler.record(
            Observable.system(initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input)),
            disposed: 4)
        scheduler.run()
        scheduler.expect(states, "{s}{sa}")
        scheduler.expectSubscriptions(input, ["^---!"])
    }
}

@Test func systemDisposedBeforeItStartsSendsNothingAndDisposesItsFeedbacks() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-a")
        let states = scheduler.record(
            Observable.system(initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input)))
        states.dispose()
        scheduler.run()
        #expect(states.events.isEmpty)
        scheduler.expectSubscriptions(input, ["(^!)"])
    }
}

@Test func systemKeepsAnEventSentBeforeItsSchedulerRuns() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        // A front end's first key may come before the scheduler has run the start.
        let input = PublishRelay<String>()
        let states = scheduler.record(
            Observable.system(initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input)),
            disposed: 10)
        input.accept("a")
        scheduler.run()
        scheduler.expect(states, "({s}{sa})")
    }
}

@Test func systemSubscribedTwiceRunsTwoIndependentLoops() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-a--b")
        let system = Observable.system(
            initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input))
        let first = scheduler.record(system, disposed: 10)
        scheduler.advance(to: 2)
        let second = scheduler.record(system, disposed: 10)
        scheduler.run()
        scheduler.expect(first, "{s}{sa}--{sab}")
        scheduler.expect(second, [.next(2, "s"), .next(4, "sb")])
    }
}

@Test func driverSystemFoldsSignalsOfFeedbacksThatWatchTheState() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-a-b")
        let state = Driver.system(
            initialState: "s", reduce: append, scheduler: scheduler,
            feedback: { _ in input.asSignal(onErrorSignalWith: .empty(scheduler: scheduler)) },
            { state in
                // Answers a state that ends with `b`, once.
                state.filter { $0.hasSuffix("b") }.map { _ in "!" }.asObservable()
                    .asSignal(onErrorSignalWith: .empty(scheduler: scheduler))
            })
        let states = scheduler.record(state, disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sa}-({sab}{sab!})")
    }
}

// MARK: - react(request:effects:)

@Test func reactRunsTheEffectOfTheRequestAndFoldsItsEvents() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A")
        let answer = scheduler.cold("--a")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(request: lastRequest, effects: { _ in answer.asObservable() })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}-{sAa}")
        // The answer ends the request, so the effect is disposed as soon as its answer is folded.
        scheduler.expectSubscriptions(answer, ["-^-!"])
    }
}

@Test func reactIgnoresARequestThatRepeats() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        // The request stays `A` while `A` comes again and while its answer is folded.
        let input = scheduler.hot("-A-A")
        let effect = scheduler.cold("-----x")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(request: { $0.contains("A") ? "A" : nil }, effects: { _ in effect.asObservable() })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}-{sAA}--{sAAx}")
        scheduler.expectSubscriptions(effect, ["-^--------!"])
    }
}

@Test func reactCancelsTheEffectOfASupersededRequest() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A-B")
        let (effectA, effectB) = (scheduler.cold("---a"), scheduler.cold("---b"))
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(request: lastRequest, effects: { ($0 == "A" ? effectA : effectB).asObservable() })),
            disposed: 10)
        scheduler.run()
        // `a`, due at 4, never comes: its request was superseded at 3.
        scheduler.expect(states, "{s}{sA}-{sAB}--{sABb}")
        scheduler.expectSubscriptions(effectA, ["-^-!"])
        scheduler.expectSubscriptions(effectB, ["---^--!"])
    }
}

@Test func reactNeverStartsARequestSupersededWithinOneTurn() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        // A burst: both requests are folded in one turn, and only the last one runs.
        let input = scheduler.hot("-(AB)")
        let (effectA, effectB) = (scheduler.cold("-a"), scheduler.cold("-b"))
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(request: lastRequest, effects: { ($0 == "A" ? effectA : effectB).asObservable() })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}({sA}{sAB}){sABb}")
        scheduler.expectSubscriptions(effectA, [String]())
        scheduler.expectSubscriptions(effectB, ["-^!"])
    }
}

@Test func reactDisposesTheEffectWhenTheRequestBecomesNil() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A--c")
        let effect = scheduler.cold("-----a")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(request: lastRequest, effects: { _ in effect.asObservable() })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}--{sAc}")
        scheduler.expectSubscriptions(effect, ["-^--!"])
    }
}

@Test func reactEffectsErrorEndsTheSystem() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A-----b")
        let failing = scheduler.cold("--#")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(request: lastRequest, effects: { _ in failing.asObservable() })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}-#")
        scheduler.expectSubscriptions(input, ["^--!"])
    }
}

@Test func reactEffectsErrorMappedToAnEventKeepsTheSystemRunning() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A-----b")
        let failing = scheduler.cold("--#")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(
                    request: lastRequest,
                    effects: { _ in failing.asObservable().catch { _ in Observable.just("!") } })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}-{sA!}---{sA!b}")
    }
}

@Test func reactDisposalOfTheSystemEndsTheRunningEffect() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A")
        let effect = scheduler.cold("-------a")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(request: lastRequest, effects: { _ in effect.asObservable() })),
            disposed: 5)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}")
        scheduler.expectSubscriptions(effect, ["-^---!"])
        scheduler.expectSubscriptions(input, ["^----!"])
    }
}

// MARK: - react(requests:effects:)

@Test func reactRequestsStartsAnEffectPerRequestAndStopsTheOnesThatGoAway() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A--B--{-A}")
        let (effectA, effectB) = (scheduler.cold("-a"), scheduler.cold("-b"))
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(requests: heldRequests, effects: { ($0 == "A" ? effectA : effectB).asObservable() })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}{sAa}-{sAaB}{sAaBb}-{saBb}")
        // `A` runs once while it is held (adding `B` does not restart it) and stops when it goes.
        scheduler.expectSubscriptions(effectA, ["-^-----!"])
        scheduler.expectSubscriptions(effectB, ["----^-----!"])
    }
}

@Test func reactRequestsStartsARequestAgainWhenItComesBack() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A-{-A}-A")
        let effect = scheduler.cold("-------a")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(requests: heldRequests, effects: { _ in effect.asObservable() })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}-{s}-{sA}")
        scheduler.expectSubscriptions(effect, ["-^-!", "-----^----!"])
    }
}

@Test func reactRequestsEffectsErrorEndsTheSystem() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-AB")
        let (effectA, effectB) = (scheduler.cold("-------a"), scheduler.cold("-#"))
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: append, scheduler: scheduler, feedback: .events(input),
                .react(requests: heldRequests, effects: { ($0 == "A" ? effectA : effectB).asObservable() })),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}{sAB}#")
        scheduler.expectSubscriptions(effectA, ["-^-!"])
    }
}

// MARK: - Threads

/// Counts the steps of a reducer and whether two of them ever overlapped.
private final class StepLedger: Sendable {
    private struct Counts {
        var inside = 0
        var overlapped = false
        var folded: [Int: Int] = [:]
    }

    private let counts = SanitizerVisibleMutex(Counts())

    func fold(_ state: inout Int, _ value: Int) {
        counts.withLock {
            $0.inside += 1
            if $0.inside > 1 { $0.overlapped = true }
        }
        state += 1
        counts.withLock {
            $0.folded[value, default: 0] += 1
            $0.inside -= 1
        }
    }

    var overlapped: Bool { counts.withLock { $0.overlapped } }
    /// Whether every value below `count` was folded exactly once, and nothing else was.
    func foldedEachOnce(below count: Int) -> Bool {
        counts.withLock { $0.folded.count == count && $0.folded.allSatisfy { $0.key < count && $0.value == 1 } }
    }
}

/// Sends 0 ..< `threads` × `perThread` into `relay`, from `threads` threads at once.
private func sendFromManyThreads(_ relay: PublishRelay<Int>, threads: Int, perThread: Int) {
    DispatchQueue.concurrentPerform(iterations: threads) { thread in
        for value in 0..<perThread { relay.accept(thread * perThread + value) }
    }
}

@Test func systemFoldsEveryEventFromManyThreadsExactlyOnceOnVirtualTime() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let relay = PublishRelay<Int>()
        let ledger = StepLedger()
        let states = scheduler.record(
            Observable.system(initialState: 0, reduce: ledger.fold, scheduler: scheduler, feedback: .events(relay)))
        scheduler.run()
        sendFromManyThreads(relay, threads: 4, perThread: 5_000)
        scheduler.run()
        states.dispose()
        #expect(states.events.map(\.value.element) == (0...20_000).map { Optional($0) })
        #expect(ledger.foldedEachOnce(below: 20_000))
        #expect(!ledger.overlapped)
    }
}

@Test func systemFoldsEventsFromManyThreadsOneAtATimeWhenItsSchedulerRunsThemWhereTheyArrive() {
    withSubscriptionTracking {
        let relay = PublishRelay<Int>()
        let ledger = StepLedger()
        let last = SanitizerVisibleMutex((count: 0, isOrdered: true))
        let subscription = Observable.system(
            initialState: 0, reduce: ledger.fold, scheduler: ImmediateScheduler(), feedback: .events(relay)
        )
        .subscribe(onNext: { state in
            last.withLock {
                if state != $0.count + 1 && state != 0 { $0.isOrdered = false }
                $0.count = state
            }
        })
        sendFromManyThreads(relay, threads: 4, perThread: 5_000)
        subscription.dispose()
        #expect(last.withLock { $0.count } == 20_000)
        #expect(last.withLock { $0.isOrdered })
        #expect(ledger.foldedEachOnce(below: 20_000))
        #expect(!ledger.overlapped)
    }
}

// MARK: - Effects returned by reduce

/// Appends `event` to the state, and asks for one effect per upper-case letter in it.
private func appendAsking(_ state: inout String, _ event: String) -> [String] {
    append(&state, event)
    return event.filter(\.isUppercase).map(String.init)
}

@Test func effectsStartInTheTurnOfTheirStepAfterItsStateInOrder() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A--(BC)")
        let (effectA, effectB, effectC) = (scheduler.cold("--a|"), scheduler.cold("-b|"), scheduler.cold("-c|"))
        let started = Log<String>()
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: appendAsking,
                effects: { effect in
                    started.append(effect)
                    return (effect == "A" ? effectA : effect == "B" ? effectB : effectC).asObservable()
                },
                scheduler: scheduler, feedback: .events(input)),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}-{sAa}({sAaB}{sAaBC})({sAaBCb}{sAaBCbc})")
        // Each effect runs until it ends, on its own: a later one never cancels an earlier one.
        scheduler.expectSubscriptions(effectA, ["-^--!"])
        scheduler.expectSubscriptions(effectB, ["----^-!"])
        scheduler.expectSubscriptions(effectC, ["----^-!"])
        #expect(started.all == ["A", "B", "C"])
    }
}

@Test func anEffectsImmediateAnswerIsFoldedInTheSameTurnAfterTheEventsWaiting() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        // `A` and `x` arrive together; `A`'s effect answers at once, so `a` comes after `x`.
        let input = scheduler.hot("-(Ax)")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: appendAsking, effects: { _ in Observable.just("a") },
                scheduler: scheduler, feedback: .events(input)),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}({sA}{sAx}{sAxa})")
    }
}

@Test func anEffectsStateIsSeenByTheFeedbacksBeforeTheEffectStarts() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A")
        let seen = Log<String>()
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: appendAsking,
                effects: { _ in
                    seen.append("effect")
                    return .empty()
                },
                scheduler: scheduler,
                feedback: .events(input),
                Feedback { states in
                    states.do(onNext: { seen.append($0) }).flatMap { _ in Observable<String>.empty() }
                }),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}")
        #expect(seen.all == ["s", "sA", "effect"])
    }
}

@Test func disposingTheSystemDisposesTheEffectsThatRun() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A")
        let effect = scheduler.cold("-----a")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: appendAsking, effects: { _ in effect.asObservable() },
                scheduler: scheduler, feedback: .events(input)),
            disposed: 4)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}")
        scheduler.expectSubscriptions(effect, ["-^--!"])
    }
}

@Test func anEffectThatEndsDoesNotEndTheSystem() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.cold("-A--b|")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: appendAsking, effects: { _ in Observable.just("a") },
                scheduler: scheduler, feedback: .events(input)),
            disposed: 10)
        scheduler.run()
        // The system ends when its one feedback does, not when the effect did.
        scheduler.expect(states, "{s}({sA}{sAa})--{sAab}|")
    }
}

@Test func anEffectsErrorEndsTheSystemAfterTheEventsBeforeIt() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let input = scheduler.hot("-A--b")
        let effect = scheduler.cold("-a#")
        let states = scheduler.record(
            Observable.system(
                initialState: "s", reduce: appendAsking, effects: { _ in effect.asObservable() },
                scheduler: scheduler, feedback: .events(input)),
            disposed: 10)
        scheduler.run()
        scheduler.expect(states, "{s}{sA}{sAa}#")
        scheduler.expectSubscriptions(input, ["^--!"])
        scheduler.expectSubscriptions(effect, ["-^-!"])
    }
}
