extension ObservableType {
    /// Subscribes with handlers for each kind of event.
    ///
    /// The returned disposable ends the subscription; after its `dispose()` returns, no
    /// handler starts. `onDisposed` runs once, when the subscription ends for any reason
    /// (terminal event or dispose). The subscription is counted in ``LiveSubscriptions``.
    @inlinable
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        let sink = _SubscribeSink<Element>(
            onNext: onNext, onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
        sink.setUpstream(subscribe(AnyObserver { sink.on($0) }))
        return sink
    }

    /// Subscribes `observer`: a subject, a test's recording observer, any ``ObserverType``.
    @inlinable
    public func subscribe<Observer: ObserverType>(_ observer: Observer) -> any Disposable
    where Observer.Element == Element {
        subscribe(observer.asObserver())
    }

    /// Subscribes with one handler for every event.
    @inlinable
    public func subscribe(_ on: @escaping @Sendable (Event<Element>) -> Void) -> any Disposable {
        subscribe(
            onNext: { on(.next($0)) },
            onError: { on(.error($0)) },
            onCompleted: { on(.completed) }
        )
    }
}

/// The terminal sink behind `subscribe(onNext:…)`: enforces the grammar and counts itself.
///
/// `@unchecked Sendable`: its life is one atomic (see ``_UpstreamSink``), the handlers are
/// immutable `@Sendable` closures.
@usableFromInline
final class _SubscribeSink<Element: Sendable>: _UpstreamSink, Disposable, @unchecked Sendable {
    @usableFromInline let tracker: SubscriptionTracker?
    @usableFromInline let onNext: (@Sendable (Element) -> Void)?
    @usableFromInline let onError: (@Sendable (any Error) -> Void)?
    @usableFromInline let onCompleted: (@Sendable () -> Void)?
    @usableFromInline let onDisposed: (@Sendable () -> Void)?

    @inlinable
    init(
        onNext: (@Sendable (Element) -> Void)?,
        onError: (@Sendable (any Error) -> Void)?,
        onCompleted: (@Sendable () -> Void)?,
        onDisposed: (@Sendable () -> Void)?
    ) {
        self.onNext = onNext
        self.onError = onError
        self.onCompleted = onCompleted
        self.onDisposed = onDisposed
        tracker = LiveSubscriptions.increment()
    }

    @inlinable
    func on(_ event: Event<Element>) {
        if isStopped { return }
        switch event {
        case .next(let value):
            onNext?(value)
        case .error(let error):
            if _endOnce(sending: { onError?(error) }) { finish() }
        case .completed:
            if _endOnce(sending: { onCompleted?() }) { finish() }
        }
    }

    /// After the sink ended and disposed its upstream: the `onDisposed` handler, and the
    /// subscription is no longer live.
    @inlinable
    func finish() {
        onDisposed?()
        LiveSubscriptions.decrement(tracker)
    }

    @inlinable
    func dispose() {
        if _isEndedForGood { return }
        if _endOnce() { finish() }
    }
}
