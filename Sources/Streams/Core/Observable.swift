/// A sequence of values over time that observers subscribe to.
///
/// An `Observable` is cold: nothing happens until someone subscribes, and each subscription
/// runs the producer anew (use ``ObservableType/share(replay:)`` to share one). Events follow
/// the grammar `next* (error | completed)?`; after a terminal event or after the subscription's
/// `dispose()` returns, the observer receives nothing more.
///
/// ```swift
/// let bag = DisposeBag()
/// let subject = PublishSubject<Int>()
/// subject
///     .map { $0 * 2 }
///     .filter { $0 > 2 }
///     .subscribe(onNext: { print($0) })
///     .disposed(by: bag)
/// subject.onNext(1)  // filtered out
/// subject.onNext(2)  // prints 4
/// ```
@frozen
public struct Observable<Element: Sendable>: ObservableType {
    @usableFromInline
    let _subscribe: @Sendable (AnyObserver<Element>) -> any Disposable

    /// Creates an observable from a raw subscribe function.
    ///
    /// The function must respect the event grammar and return a disposable that stops the
    /// producer. Prefer ``Observable/create(_:)``, which enforces the grammar for you; this
    /// initializer is for operators that forward an upstream that already does.
    @inlinable
    public init(unchecked subscribe: @escaping @Sendable (AnyObserver<Element>) -> any Disposable) {
        self._subscribe = subscribe
    }

    /// Starts a subscription that delivers events to `observer`.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        _subscribe(observer)
    }

    /// Returns `self`.
    @inlinable
    public func asObservable() -> Observable<Element> { self }
}
