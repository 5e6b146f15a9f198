import Streams
import StreamsTesting
import Testing

@Test func scheduledDisposableDisposesOnItsScheduler() {
    let scheduler = TestScheduler(simulateProcessingDelay: true)
    let inner = BooleanDisposable()
    let disposable = ScheduledDisposable(scheduler: scheduler, disposable: inner)
    disposable.dispose()
    #expect(!inner.isDisposed)
    #expect(!disposable.isDisposed)
    #expect(scheduler.pendingWork.map(\.description) == ["ScheduledDisposable due at t=1"])
    scheduler.advance(by: .ticks(1))
    #expect(inner.isDisposed)
    #expect(disposable.isDisposed)
    disposable.dispose()
    scheduler.advance(by: .ticks(1))
    #expect(scheduler.pendingWork.isEmpty)
}
