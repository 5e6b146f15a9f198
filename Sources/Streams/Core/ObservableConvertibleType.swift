/// A type that can be turned into an ``Observable``: every ``ObservableType``, and the traits
/// ``Single``, ``Maybe`` and ``Completable``, which are not observables themselves.
///
/// As in RxSwift, it is what code that only needs the events takes: `TestScheduler.start`
/// records any of them.
public protocol ObservableConvertibleType<Element>: Sendable {
    /// The type of the values in the sequence.
    associatedtype Element: Sendable

    /// The sequence as a plain ``Observable``.
    func asObservable() -> Observable<Element>
}
