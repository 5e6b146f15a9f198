import Dispatch
import Streams
import StreamsTesting
import Testing

// The test runner drains the main queue (as an app's main loop does), so these wait for it.
@Test func mainSchedulerQueuesWorkFromOtherThreadsOnTheMainThread() async {
    #expect(!MainScheduler.isMainThread)
    let ranOnMain: Bool = await withCheckedContinuation { continuation in
        MainScheduler.instance.schedule { continuation.resume(returning: MainScheduler.isMainThread) }
    }
    #expect(ranOnMain)
}

@Test func mainSchedulerRunsInlineOnTheMainThreadAndItsAsyncInstanceNever() async {
    // It runs work inline only while none of its own is queued, and tests running beside this
    // one (drivers default to it) may have some queued at any moment: try on a few turns of
    // the main queue. The asynchronous instance must never run inline, on any of them.
    var ranInline = false
    for _ in 0..<50 where !ranInline {
        let observed: [Bool] = await withCheckedContinuation { continuation in
            DispatchQueue.main.async {
                let inline = TestBox(false)
                MainScheduler.instance.schedule { inline.value = true }
                let queued = TestBox(false)
                MainScheduler.asyncInstance.schedule { queued.value = true }
                continuation.resume(returning: [inline.value, queued.value])
            }
        }
        #expect(!observed[1])
        ranInline = observed[0]
        if !ranInline { try? await Task.sleep(for: .milliseconds(10)) }
    }
    #expect(ranInline)
}

@Test func mainSchedulerQueuesWorkScheduledFromItsOwnActionBehindIt() async {
    let order: [String] = await withCheckedContinuation { continuation in
        DispatchQueue.main.async {
            let log = TestBox([String]())
            MainScheduler.instance.schedule {
                MainScheduler.instance.schedule {
                    log.value.append("nested")
                    continuation.resume(returning: log.value)
                }
                log.value.append("outer done")
            }
        }
    }
    #expect(order == ["outer done", "nested"])
}

@Test func sharingSchedulerDefaultsToTheMainSchedulerAndCanBeMocked() {
    withSubscriptionTracking {
        #expect(SharingScheduler.current is MainScheduler)
        let scheduler = TestScheduler(initialClock: 0)
        SharingScheduler.mock(scheduler: scheduler) {
            #expect(SharingScheduler.make() is TestScheduler)
            let res = scheduler.start { Driver.of(1, 2) }
            #expect(res.events == [.next(200, 1), .next(200, 2), .completed(200)])
        }
        #expect(SharingScheduler.current is MainScheduler)
    }
}

@Test func signalFallbackKeepsItsOwnSchedulerWithoutASecondOne() {
    withSubscriptionTracking {
        let scheduler = TestScheduler(initialClock: 0)
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start {
            xs.asSignal(onErrorSignalWith: .just(-1, scheduler: scheduler))
        }
        #expect(res.events == [.next(210, 1), .next(220, -1), .completed(220)])
        let driven = scheduler.start(created: 1100, subscribed: 1200, disposed: 2000) {
            SharingScheduler.mock(scheduler: scheduler) {
                Observable<Int>.error(TestError(2)).asDriver(onErrorDriveWith: .just(7))
            }
        }
        #expect(driven.events == [.next(1200, 7), .completed(1200)])
    }
}
