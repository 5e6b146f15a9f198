import Streams
import StreamsTesting
import TestMeasures
import Testing

/// A screen as a UI keeps it: an ordinary class, not `Sendable`.
private final class Screen {
    var shown: [Int] = []
    var isFinished = false
}

@Test @MainActor func driveOnMainActorWithHandsANonSendableObjectItsValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(10, 1), .next(20, 2), .completed(30)])
        let screen = Screen()
        let subscription = xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
            .drive(
                onMainActorWith: screen, onNext: { screen, value in screen.shown.append(value) },
                onCompleted: { screen in screen.isFinished = true })
        scheduler.advance(to: 40)
        #expect(screen.shown == [1, 2])
        #expect(screen.isFinished)
        subscription.dispose()
    }
}

@Test @MainActor func driveOnMainActorWithSkipsTheHandlersOnceTheObjectIsGone() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(10, 1), .next(20, 2)])
        let driver = xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
        let shown = SanitizerVisibleMutex<[Int]>([])
        weak var released: Screen?
        let subscription = {
            let screen = Screen()
            released = screen
            let subscription = driver.drive(
                onMainActorWith: screen, onNext: { _, value in shown.withLock { $0.append(value) } })
            scheduler.advance(to: 15)
            return subscription
        }()
        scheduler.advance(to: 25)
        #expect(released == nil)
        #expect(shown.withLock { $0 } == [1])
        subscription.dispose()
    }
}

@Test @MainActor func emitOnMainActorWithHandsANonSendableObjectItsValues() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let relay = PublishRelay<Int>()
        let screen = Screen()
        let subscription = relay.asSignal(scheduler: scheduler)
            .emit(onMainActorWith: screen, onNext: { screen, value in screen.shown.append(value) })
        scheduler.scheduleAt(10) { relay.accept(7) }
        scheduler.advance(to: 20)
        #expect(screen.shown == [7])
        subscription.dispose()
    }
}

@Test func driveOnMainActorWithTrapsWhenTheDriverDeliversElsewhere() async {
    await inOwnProcess(expecting: .failure) {
        let scheduler = TestScheduler(initialClock: 0)
        let driver = BehaviorRelay(value: 1).asDriver(scheduler: scheduler)
        let subscription = await MainActor.run {
            driver.drive(onMainActorWith: Screen(), onNext: { screen, value in screen.shown.append(value) })
        }
        // Off the main actor: the replayed value is delivered here, and must trap.
        scheduler.advance(to: 1)
        subscription.dispose()
    }
}
