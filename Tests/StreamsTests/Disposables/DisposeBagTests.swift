import Streams
import StreamsTesting
import Testing

@Test func disposeBagDisposingHoldsTheGivenDisposables() {
    withSubscriptionTracking {
        let subject = PublishSubject<Int>()
        let bag = DisposeBag(disposing: subject.subscribe(onNext: { _ in }), subject.subscribe(onNext: { _ in }))
        #expect(subject.hasObservers)
        bag.dispose()
        #expect(!subject.hasObservers)
    }
}

@Test func singleAssignmentDisposableSetDisposableIsSet() {
    let slot = SingleAssignmentDisposable()
    let inner = BooleanDisposable()
    slot.setDisposable(inner)
    slot.dispose()
    #expect(inner.isDisposed)
}
