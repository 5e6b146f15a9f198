extension SharedSequence where Sharing == DriverSharingStrategy {
    /// Drives a UI element: calls the handlers with the driver's events, on its scheduler.
    /// A driver cannot fail, so there is no error handler.
    ///
    /// The returned disposable ends the subscription.
    public func drive(
        onNext: (@Sendable (Element) -> Void)? = nil, onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Drives with handlers that receive `object`, held weakly, as their first argument; once
    /// `object` is gone, the handlers are skipped.
    ///
    /// ```swift
    /// output.title.drive(with: self, onNext: { owner, title in owner.show(title) })
    /// ```
    public func drive<Object: AnyObject & Sendable>(
        with object: Object, onNext: (@Sendable (Object, Element) -> Void)? = nil,
        onCompleted: (@Sendable (Object) -> Void)? = nil, onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and ignores the values: for a driver whose work is in its side effects.
    public func drive() -> any Disposable {
        source.subscribe()
    }

    /// Sends every event to each of `observers`.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        _send(to: observers)
    }

    /// Sends every event to each of `observers`, of optional values.
    public func drive<Observer: ObserverType>(_ observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        _send(to: observers)
    }

    /// Sends every value to each of `relays`.
    public func drive(_ relays: PublishRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays`, which take it as their current value.
    public func drive(_ relays: BehaviorRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays`.
    public func drive(_ relays: ReplayRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays` of optional values.
    public func drive(_ relays: PublishRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays` of optional values.
    public func drive(_ relays: BehaviorRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays` of optional values.
    public func drive(_ relays: ReplayRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// This driver.
    public func asDriver() -> Driver<Element> { self }
}
