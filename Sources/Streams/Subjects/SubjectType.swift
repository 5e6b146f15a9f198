/// Something that is both an observable and an observer: values sent to it reach its
/// subscribers. Its ``ObserverType/onNext(_:)`` sends a value to every current subscriber;
/// ``ObserverType/onError(_:)`` and ``ObserverType/onCompleted()`` end it, for its subscribers
/// and for any that come later, who are told at once.
public protocol SubjectType<Element>: ObservableType, ObserverType {}
