import Dispatch
import Streams
import StreamsTesting
import TestMeasures
import Testing

/// A screen as a UI keeps it on its own queue: an ordinary class, not `Sendable`.
private final class Screen {
    var shown: [Int] = []
    var isFinished = false
}

/// A serial queue standing in for an app's UI queue.
private func uiQueue() -> DispatchQueue { DispatchQueue(label: "test.ui") }

@Test func driveConfinedToAQueueHandsANonSendableObjectItsValuesOnThatQueue() {
    let queue = uiQueue()
    queue.sync {
        withSubscriptionTracking {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(10, 1), .next(20, 2), .completed(30)])
            let screen = Screen()
            let subscription = xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
                .drive(
                    confinedTo: queue, with: screen, onNext: { screen, value in screen.shown.append(value) },
                    onCompleted: { screen in screen.isFinished = true })
            scheduler.advance(to: 40)
            #expect(screen.shown == [1, 2])
            #expect(screen.isFinished)
            subscription.dispose()
        }
    }
}

@Test func driveConfinedToAQueueSkipsTheHandlersOnceTheObjectIsGone() {
    let queue = uiQueue()
    queue.sync {
        withSubscriptionTracking {
            let scheduler = TestScheduler(initialClock: 0)
            let xs = scheduler.createHotObservable([.next(10, 1), .next(20, 2)])
            let driver = xs.asDriver(onErrorJustReturn: 0, scheduler: scheduler)
            var shown: [Int] = []
            weak var released: Screen?
            let subscription = {
                let screen = Screen()
                released = screen
                let subscription = driver.drive(
                    confinedTo: queue, with: screen, onNext: { _, value in shown.append(value) })
                scheduler.advance(to: 15)
                return subscription
            }()
            scheduler.advance(to: 25)
            #expect(released == nil)
            #expect(shown == [1])
            subscription.dispose()
        }
    }
}

@Test func emitConfinedToAQueueHandsANonSendableObjectItsValues() {
    let queue = uiQueue()
    queue.sync {
        withSubscriptionTracking {
            let scheduler = TestScheduler(initialClock: 0)
            let relay = PublishRelay<Int>()
            let screen = Screen()
            let subscription = relay.asSignal(scheduler: scheduler)
                .emit(confinedTo: queue, with: screen, onNext: { screen, value in screen.shown.append(value) })
            scheduler.scheduleAt(10) { relay.accept(7) }
            scheduler.advance(to: 20)
            #expect(screen.shown == [7])
            subscription.dispose()
        }
    }
}

@Test func driveConfinedToAQueueDeliversInOrderWhatTheQueuesSchedulerSends() {
    let ui = DispatchQueueScheduler(label: "test.ui")
    let relay = PublishRelay<Int>()
    let delivered = DispatchSemaphore(value: 0)
    let bag = DisposeBag()
    let screen = Screen()
    ui.queue.sync {
        relay.asDriver(onErrorJustReturn: 0, scheduler: ui)
            .drive(confinedTo: ui.queue, with: screen, onNext: { screen, value in screen.shown.append(value) })
            .disposed(by: bag)
    }
    for value in 1...3 { relay.accept(value) }
    ui.queue.async { delivered.signal() }
    delivered.wait()
    #expect(ui.queue.sync { screen.shown } == [1, 2, 3])
}

@Test func driveConfinedToAQueueTrapsWhenTheDriverDeliversElsewhere() async {
    await inOwnProcess(expecting: .failure) {
        let queue = DispatchQueue(label: "test.ui")
        let scheduler = TestScheduler(initialClock: 0)
        let driver = BehaviorRelay(value: 1).asDriver(scheduler: scheduler)
        let subscription = queue.sync {
            driver.drive(confinedTo: queue, with: Screen(), onNext: { screen, value in screen.shown.append(value) })
        }
        // Off the queue: the replayed value is delivered here, and must trap.
        scheduler.advance(to: 1)
        subscription.dispose()
    }
}

@Test func driveConfinedToAQueueTrapsWhenCalledOffItsQueue() async {
    await inOwnProcess(expecting: .failure) {
        let queue = DispatchQueue(label: "test.ui")
        let driver = BehaviorRelay(value: 1).asDriver(scheduler: TestScheduler(initialClock: 0))
        _ = driver.drive(confinedTo: queue, with: Screen(), onNext: { screen, value in screen.shown.append(value) })
    }
}
