public import Synchronization

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
        let upstream = subscribe(AnyObserver { sink.on($0) })
        // A source that ended during `subscribe` (as `just` does) stopped the sink already: its
        // upstream is disposed here, which spares the slot's lock. Otherwise the slot decides,
        // since a terminal event or a dispose may be racing this line.
        if sink.stopped.load(ordering: .acquiring) {
            upstream.dispose()
        } else {
            sink.slot.set(upstream)
        }
        return sink
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
/// `@unchecked Sendable`: `stopped` is atomic, `slot` has its own `Mutex`, the handlers are
/// immutable `@Sendable` closures.
@usableFromInline
final class _SubscribeSink<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline let stopped = Atomic<Bool>(false)
    @usableFromInline let tracker: SubscriptionTracker?
    @usableFromInline let slot = _DisposableSlot()
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
        if stopped.load(ordering: .acquiring) { return }
        switch event {
        case .next(let value):
            onNext?(value)
        case .error(let error):
            guard stop() else { return }
            onError?(error)
            finish()
        case .completed:
            guard stop() else { return }
            onCompleted?()
            finish()
        }
    }

    /// Marks the sink stopped; true for the one caller that stopped it.
    @inlinable
    func stop() -> Bool {
        !stopped.exchange(true, ordering: .acquiringAndReleasing)
    }

    @inlinable
    func finish() {
        slot.dispose()
        onDisposed?()
        LiveSubscriptions.decrement(tracker)
    }

    @inlinable
    func dispose() {
        guard stop() else { return }
        finish()
    }
}
