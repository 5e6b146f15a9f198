extension ObservableType {
    /// Subscribes with handlers that receive `object`, held weakly, as their first argument;
    /// once `object` is gone, the handlers are skipped.
    ///
    /// ```swift
    /// titles.subscribe(with: self, onNext: { owner, title in owner.show(title) })
    /// ```
    @inlinable
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object,
        onNext: (@Sendable (Object, Element) -> Void)? = nil,
        onError: (@Sendable (Object, any Error) -> Void)? = nil,
        onCompleted: (@Sendable (Object) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        let reference = _WeakReference(object)
        return subscribe(
            onNext: { value in
                if let object = reference.value { onNext?(object, value) }
            },
            onError: { error in
                if let object = reference.value { onError?(object, error) }
            },
            onCompleted: {
                if let object = reference.value { onCompleted?(object) }
            },
            onDisposed: {
                if let object = reference.value { onDisposed?(object) }
            })
    }

    /// Sends every event of this sequence, terminal ones included, to each of `observers`
    /// (without it, `bind(to: AnyObserver { … })` could not tell `Element` from `Element?`).
    @inlinable
    public func bind(to observers: AnyObserver<Element>...) -> any Disposable {
        _send(to: observers)
    }

    /// Sends every event of this sequence, terminal ones included, to each of `observers`
    /// (observers, subjects).
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element {
        _send(to: observers)
    }

    /// Sends every event of this sequence, terminal ones included, to each of `observers` of
    /// optional values.
    @inlinable
    public func bind<Observer: ObserverType>(to observers: Observer...) -> any Disposable
    where Observer.Element == Element? {
        _send(to: observers)
    }

    /// Sends every value of this sequence to each of `relays`.
    ///
    /// A relay cannot end, so a terminal event only ends the binding. (RxSwift stops the
    /// program in debug builds when a bound sequence fails; Streams does not trap.)
    @inlinable
    public func bind(to relays: PublishRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value of this sequence to each of `relays`; a terminal event only ends the
    /// binding.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value of this sequence to each of `relays`; a terminal event only ends the
    /// binding.
    @inlinable
    public func bind(to relays: ReplayRelay<Element>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value of this sequence to each of `relays` of optional values.
    @inlinable
    public func bind(to relays: PublishRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value of this sequence to each of `relays` of optional values.
    @inlinable
    public func bind(to relays: BehaviorRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Sends every value of this sequence to each of `relays` of optional values.
    @inlinable
    public func bind(to relays: ReplayRelay<Element?>...) -> any Disposable {
        _accept(relays.map { relay in { relay.accept($0) } })
    }

    /// Subscribes each of `observers` to every event (what `bind(to:)` and `drive` share).
    @inlinable
    func _send<Observer: ObserverType>(to observers: [Observer]) -> any Disposable
    where Observer.Element == Element {
        subscribe { event in
            for observer in observers { observer.on(event) }
        }
    }

    /// Subscribes each of `observers`, of optional values, to every event.
    @inlinable
    func _send<Observer: ObserverType>(to observers: [Observer]) -> any Disposable
    where Observer.Element == Element? {
        subscribe { event in
            for observer in observers { observer.on(event.map { $0 }) }
        }
    }

    /// Hands every value to each of `accepts` (a relay's `accept`); a terminal event only ends
    /// the subscription.
    @inlinable
    func _accept(_ accepts: [@Sendable (Element) -> Void]) -> any Disposable {
        subscribe(onNext: { value in
            for accept in accepts { accept(value) }
        })
    }

    /// Calls `onNext` with every value; a terminal event only ends the binding.
    @inlinable
    public func bind(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
        subscribe(onNext: onNext)
    }

    /// Calls `onNext` with `object`, held weakly, and every value; once `object` is gone the
    /// calls are skipped, and a terminal event only ends the binding.
    @inlinable
    public func bind<Object: AnyObject & Sendable>(
        with object: Object, onNext: @escaping @Sendable (Object, Element) -> Void
    ) -> any Disposable {
        subscribe(with: object, onNext: onNext)
    }

    /// Passes this sequence and `curriedArgument` to `binder`, as RxSwift's curried binding
    /// does.
    @inlinable
    public func bind<First, Result>(to binder: (Self) -> (First) -> Result, curriedArgument: First) -> Result {
        binder(self)(curriedArgument)
    }

    /// Passes this sequence to `binder` and returns its result, so that a binding reads from
    /// left to right.
    @inlinable
    public func bind<Result>(to binder: (Self) -> Result) -> Result {
        binder(self)
    }
}
