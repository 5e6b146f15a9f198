import Streams
import StreamsTesting
import Testing

@Test func asInfallibleReplacesAnErrorWithTheValue() {
    withSubscriptionTracking {
        let scheduler = TestScheduler()
        let xs = scheduler.createHotObservable([.next(210, 1), .error(220, TestError(1))])
        let res = scheduler.start { xs.asInfallible(onErrorJustReturn: 0).map { $0 * 2 } }
        #expect(res.events == [.next(210, 2), .next(220, 0), .completed(220)])
    }
}

@Test func asInfallibleFallsBackToAnotherInfallible() {
    withSubscriptionTracking {
        let log = Log<Int>()
        Observable<Int>.error(TestError(1)).asInfallible(onErrorFallbackTo: .of(7, 8))
            .subscribe(onNext: { log.append($0) })
        #expect(log.all == [7, 8])
    }
}

@Test func asInfallibleRecoversFromTheError() {
    withSubscriptionTracking {
        let log = Log<Int>()
        Observable<Int>.error(TestError(3)).asInfallible(onErrorRecover: { _ in .just(3) })
            .filter { $0 > 0 }
            .subscribe(onNext: { log.append($0) })
        #expect(log.all == [3])
    }
}

@Test func infallibleCreateSendsValuesAndCompletion() {
    withSubscriptionTracking {
        let log = Log<String>()
        let source = Infallible<Int>.create { observer in
            observer(.next(1))
            observer(.completed)
            return Disposables.empty
        }
        source.scan(0, accumulator: +).subscribe(onNext: { log.append("\($0)") }, onCompleted: { log.append("end") })
        #expect(log.all == ["1", "end"])
    }
}
