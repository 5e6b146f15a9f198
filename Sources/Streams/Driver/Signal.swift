extension SharedSequence where Sharing == SignalSharingStrategy {
    /// Calls the handlers with the signal's events, on its scheduler. A signal cannot fail, so
    /// there is no error handler.
    ///
    /// The returned disposable ends the subscription.
    public func emit(
        onNext: (@Sendable (Element) -> Void)? = nil, onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Emits to handlers that receive `object`, held weakly, as their first argument; once
    /// `object` is gone, the handlers are skipped.
    public func emit<Object: AnyObject & Sendable>(
        with object: Object, onNext: (@Sendable (Object, Element) -> Void)? = nil,
        onCompleted: (@Sendable (Object) -> Void)? = nil, onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(with: object, onNext: onNext, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes and ignores the values: for a signal whose work is in its side effects.
    public func emit() -> any Disposable {
        source.subscribe()
    }

    /// Sends every event to each of `observers`.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        _send(to: observers)
    }

    /// Sends every event to each of `observers`, of optional values.
    public func emit<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        _send(to: observers)
    }

    /// Sends every value to each of `relays`.
    public func emit(to relays: PublishRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays`, which take it as their current value.
    public func emit(to relays: BehaviorRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays`.
    public func emit(to relays: ReplayRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays` of optional values.
    public func emit(to relays: PublishRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays` of optional values.
    public func emit(to relays: BehaviorRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value to each of `relays` of optional values.
    public func emit(to relays: ReplayRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// This signal.
    public func asSignal() -> Signal<Element> { self }
}
