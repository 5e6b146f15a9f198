import Streams
import StreamsTesting
import Testing

@Test func mapObserverTransformsValuesBeforeSending() {
    let log = Log<Event<String>>()
    let observer = AnyObserver<String> { log.append($0) }.mapObserver { (value: Int) in "\(value)" }
    observer.onNext(1)
    observer.onCompleted()
    #expect(log.all == [.next("1"), .completed])
}

@Test func mapObserverSendsATransformErrorAsAnError() {
    let log = Log<Event<String>>()
    let observer = AnyObserver<String> { log.append($0) }.mapObserver { (_: Int) throws -> String in throw TestError(1)
    }
    observer.onNext(1)
    #expect(log.all == [.error(TestError(1))])
}
