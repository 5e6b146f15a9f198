import Streams
import StreamsTesting
import Testing

// Each operator must send nothing after its terminal event, even when a source misbehaves and
// keeps sending after it was disposed. The recorder subscribes raw, so nothing downstream hides
// a violation.

@Test func mergeSendsNothingAfterItsError() {
    let a = LeakySource<Int>()
    let b = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = Observable.merge(a.observable, b.observable).subscribe(recorder.observer)
    a.send(.next(1))
    b.send(.error(TestError(1)))
    a.send(.next(2))
    a.send(.completed)
    #expect(recorder.all == [.next(1), .error(TestError(1))])
    subscription.dispose()
}

@Test func combineLatestSendsNothingAfterItsCompletion() {
    let a = LeakySource<Int>()
    let b = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = Observable.combineLatest(a.observable, b.observable) { $0 + $1 }.subscribe(recorder.observer)
    a.send(.next(1))
    b.send(.next(2))
    a.send(.completed)
    b.send(.completed)
    b.send(.next(5))
    a.send(.error(TestError(1)))
    #expect(recorder.all == [.next(3), .completed])
    subscription.dispose()
}

@Test func zipSendsNothingAfterItsCompletion() {
    let a = LeakySource<Int>()
    let b = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = Observable.zip(a.observable, b.observable) { $0 + $1 }.subscribe(recorder.observer)
    a.send(.next(1))
    a.send(.completed)
    b.send(.next(2))
    b.send(.next(3))
    a.send(.next(4))
    b.send(.completed)
    b.send(.next(5))
    a.send(.next(6))
    #expect(recorder.all == [.next(3), .completed])
    subscription.dispose()
}

@Test func withLatestFromSendsNothingAfterItsCompletion() {
    let a = LeakySource<Int>()
    let b = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = a.observable.withLatestFrom(b.observable) { $0 + $1 }.subscribe(recorder.observer)
    b.send(.next(10))
    a.send(.next(1))
    a.send(.completed)
    a.send(.next(2))
    b.send(.error(TestError(1)))
    #expect(recorder.all == [.next(11), .completed])
    subscription.dispose()
}

@Test func takeUntilSendsNothingAfterItsCompletion() {
    let a = LeakySource<Int>()
    let stop = LeakySource<Void>()
    let recorder = RawRecorder<Int>()
    let subscription = a.observable.take(until: stop.observable).subscribe(recorder.observer)
    a.send(.next(1))
    stop.send(.next(()))
    a.send(.next(2))
    stop.send(.next(()))
    #expect(recorder.all == [.next(1), .completed])
    subscription.dispose()
}

@Test func flatMapSendsNothingAfterAnInnerError() {
    let outer = LeakySource<Int>()
    let inner = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = outer.observable.flatMap { _ in inner.observable }.subscribe(recorder.observer)
    outer.send(.next(1))
    inner.send(.next(1))
    inner.send(.error(TestError(1)))
    inner.send(.next(2))
    outer.send(.completed)
    #expect(recorder.all == [.next(1), .error(TestError(1))])
    subscription.dispose()
}

@Test func flatMapLatestSendsNothingAfterItsCompletion() {
    let outer = LeakySource<Int>()
    let inner = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = outer.observable.flatMapLatest { _ in inner.observable }.subscribe(recorder.observer)
    outer.send(.next(1))
    outer.send(.completed)
    inner.send(.next(1))
    inner.send(.completed)
    inner.send(.next(2))
    #expect(recorder.all == [.next(1), .completed])
    subscription.dispose()
}

@Test func concatMapSendsNothingAfterItsError() {
    let outer = LeakySource<Int>()
    let inner = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = outer.observable.concatMap { _ in inner.observable }.subscribe(recorder.observer)
    outer.send(.next(1))
    outer.send(.error(TestError(1)))
    inner.send(.next(1))
    outer.send(.next(2))
    #expect(recorder.all == [.error(TestError(1))])
    subscription.dispose()
}

@Test func takeSendsNothingAfterItsCompletion() {
    let source = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = source.observable.take(1).subscribe(recorder.observer)
    source.send(.next(1))
    source.send(.next(2))
    source.send(.error(TestError(1)))
    #expect(recorder.all == [.next(1), .completed])
    subscription.dispose()
}

@Test func tryMapSendsNothingAfterItsError() {
    let source = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = source.observable
        .tryMap { value -> Int in
            if value == 2 { throw TestError(2) }
            return value
        }
        .subscribe(recorder.observer)
    source.send(.next(1))
    source.send(.next(2))
    source.send(.next(3))
    #expect(recorder.all == [.next(1), .error(TestError(2))])
    subscription.dispose()
}

@Test func operatorsSendNothingAfterDownstreamDispose() {
    let a = LeakySource<Int>()
    let b = LeakySource<Int>()
    let recorder = RawRecorder<Int>()
    let subscription = Observable.merge(a.observable, b.observable).subscribe(recorder.observer)
    a.send(.next(1))
    subscription.dispose()
    b.send(.next(2))
    a.send(.completed)
    #expect(recorder.all == [.next(1)])
}
