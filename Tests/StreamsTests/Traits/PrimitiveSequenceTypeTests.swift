import Streams
import StreamsTesting
import Testing

// The operators Single, Maybe and Completable share, on a virtual clock: each keeps its trait
// and behaves as the observable operator of the same name.

/// What `build` makes on a fresh virtual clock records in the standard run (made at 100,
/// subscribed at 200, disposed at 1000).
private func recorded<Element: Sendable>(
    _ build: @escaping @Sendable (TestScheduler) -> Observable<Element>
) -> TestableObserver<Element> {
    let scheduler = TestScheduler(initialClock: 0)
    return scheduler.start { build(scheduler) }
}

/// A single that succeeds with `value` `after` ticks from its subscription.
private func later(_ value: Int, after ticks: Int, on scheduler: TestScheduler) -> Single<Int> {
    Single.just(value).delay(.ticks(ticks), scheduler: scheduler)
}

@Test func traitsShiftInTimeAndChooseTheirScheduler() {
    withSubscriptionTracking {
        let run1 = recorded { later(1, after: 30, on: $0).asObservable() }
        #expect(run1.events == [.next(230, 1), .completed(230)])
        let subscribedLate = recorded { scheduler in
            Maybe.just(2).delaySubscription(.ticks(15), scheduler: scheduler).asObservable()
        }
        #expect(subscribedLate.events == [.next(215, 2), .completed(215)])
        let delivered = recorded { scheduler in
            Completable.empty().delay(.ticks(5), scheduler: scheduler).observe(on: scheduler)
                .subscribe(on: scheduler).asObservable()
        }
        #expect(delivered.events == [.completed(205)])
        let run2 = recorded { Single<Int>.timer(.ticks(40), scheduler: $0).asObservable() }
        #expect(run2.events.first == .next(240, 0))
    }
}

@Test func traitsTimeOutIntoAnErrorOrAnotherOfTheirKind() {
    withSubscriptionTracking {
        let failed = recorded { later(1, after: 50, on: $0).timeout(.ticks(20), scheduler: $0).asObservable() }
        #expect(failed.events == [.error(220, StreamsError.timeout)])
        let switched = recorded { scheduler in
            later(1, after: 50, on: scheduler).timeout(.ticks(20), other: .just(9), scheduler: scheduler)
                .asObservable()
        }
        #expect(switched.events == [.next(220, 9), .completed(220)])
        let inTime = recorded { later(1, after: 10, on: $0).timeout(.ticks(20), scheduler: $0).asObservable() }
        #expect(inTime.events == [.next(210, 1), .completed(210)])
    }
}

/// A single that fails its first `failures` subscriptions, then succeeds with the count.
private func failing(_ failures: Int) -> Single<Int> {
    let attempts = SanitizerVisibleMutex(0)
    return Single.deferred {
        let attempt = attempts.withLock {
            $0 += 1
            return $0
        }
        return attempt <= failures ? .error(TestError(attempt)) : .just(attempt)
    }
}

@Test func traitsRetryAndRecoverAsTheirKind() {
    withSubscriptionTracking {
        let run3 = recorded { _ in failing(2).retry(3).asObservable() }
        #expect(run3.events == [.next(200, 3), .completed(200)])
        let run4 = recorded { _ in failing(3).retry(3).asObservable() }
        #expect(run4.events == [.error(200, TestError(3))])
        let run5 = recorded { _ in failing(5).retry().asObservable() }
        #expect(run5.events == [.next(200, 6), .completed(200)])
        let when = recorded { scheduler in
            failing(2).retry(when: { (errors: Observable<TestError>) in errors.delay(.ticks(10), scheduler: scheduler) }
            )
            .asObservable()
        }
        #expect(when.events == [.next(220, 3), .completed(220)])
        let caught = recorded { _ in Maybe<Int>.error(TestError(1)).catch { _ in .empty() }.asObservable() }
        #expect(caught.events == [.completed(200)])
        let completed = recorded { _ in Completable.error(TestError(2)).catch { _ in .empty() }.asObservable() }
        #expect(completed.events == [.completed(200)])
        let run6 = recorded { _ in Single<Int>.never().asObservable() }
        #expect(run6.events.isEmpty)
    }
}

/// A resource that remembers being disposed.
private final class Resource: Disposable {
    let disposed = SanitizerVisibleMutex(false)
    func dispose() { disposed.withLock { $0 = true } }
}

@Test func traitsHoldAResourceWhileSubscribed() {
    withSubscriptionTracking {
        let resource = Resource()
        let events = recorded { scheduler in
            Single.using(
                { resource },
                primitiveSequenceFactory: { _ in later(4, after: 10, on: scheduler) }
            ).asObservable()
        }
        #expect(events.events == [.next(210, 4), .completed(210)])
        #expect(resource.disposed.withLock { $0 })
    }
}

@Test func zipOfManySinglesMaybesAndCompletables() {
    withSubscriptionTracking {
        let eight = recorded { scheduler in
            let one = later(1, after: 5, on: scheduler)
            return Single.zip(one, one, one, one, one, one, one, later(2, after: 9, on: scheduler)) {
                $0 + $1 + $2 + $3 + $4 + $5 + $6 + $7
            }
            .asObservable()
        }
        #expect(eight.events == [.next(209, 9), .completed(209)])
        let empty = recorded { _ in
            Maybe.zip(Maybe.just(1), Maybe<Int>.empty(), Maybe.just(3)).map { $0.0 }.asObservable()
        }
        #expect(empty.events == [.completed(200)])
        let run7 = recorded { _ in Maybe<[Int]>.zip([Maybe.just(1), .just(2)]).asObservable() }
        #expect(run7.events.first == .next(200, [1, 2]))
        let all = recorded { scheduler in
            Completable.zip(
                Completable.empty().delay(.ticks(5), scheduler: scheduler),
                Completable.empty().delay(.ticks(8), scheduler: scheduler)
            ).asObservable()
        }
        #expect(all.events == [.completed(208)])
        let order = SanitizerVisibleMutex<[Int]>([])
        let inTurn = recorded { scheduler in
            Completable.concat(
                Completable.empty().delay(.ticks(5), scheduler: scheduler).do(onCompleted: {
                    order.withLock { $0.append(1) }
                }),
                Completable.empty().delay(.ticks(5), scheduler: scheduler).do(onCompleted: {
                    order.withLock { $0.append(2) }
                })
            ).asObservable()
        }
        #expect(inTurn.events == [.completed(210)])
        #expect(order.withLock { $0 } == [1, 2])
        let run8 = recorded { _ in Completable.merge([]).asObservable() }
        #expect(run8.events == [.completed(200)])
    }
}

private final class Owner: Sendable {}

@Test func traitsSubscribeWithAnObjectHeldWeakly() {
    withSubscriptionTracking {
        let log = SanitizerVisibleMutex<[String]>([])
        let owner = Owner()
        Single.just(1).subscribe(
            with: owner, onSuccess: { _, value in log.withLock { $0.append("success \(value)") } },
            onDisposed: { _ in log.withLock { $0.append("disposed") } })
        Maybe<Int>.empty().subscribe(with: owner, onCompleted: { _ in log.withLock { $0.append("empty") } })
        Completable.error(TestError(1)).subscribe(
            with: owner, onError: { _, error in log.withLock { $0.append("error \(error)") } })
        var gone: Owner? = Owner()
        let subject = PublishSubject<Int>()
        let subscription = subject.asSingle().subscribe(
            with: gone!, onSuccess: { _, _ in log.withLock { $0.append("skipped") } })
        gone = nil
        subject.onNext(1)
        subject.onCompleted()
        subscription.dispose()
        #expect(log.withLock { $0 } == ["success 1", "disposed", "empty", "error \(TestError(1))"])
    }
}

@Test func traitsDoRunEffectsBeforeAndAfterTheOutcome() {
    withSubscriptionTracking {
        let log = SanitizerVisibleMutex<[String]>([])
        @Sendable func note(_ line: String) { log.withLock { $0.append(line) } }
        Single.just(1).do(
            onSuccess: { note("success \($0)") }, afterSuccess: { note("after \($0)") },
            onSubscribed: { note("subscribed") }
        ).subscribe(onSuccess: { note("handler \($0)") })
        Maybe<Int>.empty().do(onCompleted: { note("empty") }, afterCompleted: { note("after empty") }).subscribe()
        Completable.error(TestError(1)).do(afterError: { _ in note("after error") }).subscribe()
        #expect(
            log.withLock { $0 } == [
                "success 1", "handler 1", "after 1", "subscribed", "empty", "after empty", "after error",
            ])
    }
}
