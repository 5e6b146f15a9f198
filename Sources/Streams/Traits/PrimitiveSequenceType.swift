/// What ``Single``, ``Maybe`` and ``Completable`` share: each wraps an observable whose grammar
/// it guarantees (one value or an error; at most one value; no value), and the operators that
/// keep every such grammar (making, recovering, retrying, shifting in time, choosing threads,
/// debugging) are written once here and return the same trait, as RxSwift's
/// `PrimitiveSequence` operators do.
///
/// ```swift
/// let user = api.fetchUser(id)            // Single<User>
///     .timeout(.seconds(5), scheduler: scheduler)
///     .retry(2)
///     .observe(on: ui)
/// ```
public protocol PrimitiveSequenceType: ObservableConvertibleType {
    /// Wraps `source`, which must keep this trait's grammar. For the operators of this
    /// protocol; code outside Streams makes traits with their `create` and operators.
    static func _wrapping(_ source: Observable<Element>) -> Self
}

extension PrimitiveSequenceType {
    /// A trait that fails with `error`.
    @inlinable
    public static func error(_ error: any Error) -> Self { _wrapping(.error(error)) }

    /// A trait that never ends.
    @inlinable
    public static func never() -> Self { _wrapping(.never()) }

    /// A trait built anew for every subscription by `factory`; a thrown error fails it.
    @inlinable
    public static func deferred(_ factory: @escaping @Sendable () throws -> Self) -> Self {
        _wrapping(.deferred { try factory().asObservable() })
    }

    /// A trait that holds a resource while it is subscribed: `resourceFactory` makes it at each
    /// subscription, `primitiveSequenceFactory` makes the trait that uses it, and the resource
    /// is disposed when the subscription ends.
    @inlinable
    public static func using<Resource: Disposable>(
        _ resourceFactory: @escaping @Sendable () throws -> Resource,
        primitiveSequenceFactory: @escaping @Sendable (Resource) throws -> Self
    ) -> Self {
        _wrapping(
            .using(resourceFactory, observableFactory: { try primitiveSequenceFactory($0).asObservable() }))
    }

    /// On failure, continues with the trait that `handler` returns for the error.
    @inlinable
    public func `catch`(_ handler: @escaping @Sendable (any Error) throws -> Self) -> Self {
        Self._wrapping(asObservable().catch { try handler($0).asObservable() })
    }

    /// On failure, subscribes again, without end.
    @inlinable
    public func retry() -> Self { Self._wrapping(asObservable().retry()) }

    /// On failure, subscribes again, for at most `maxAttempts` subscriptions in all.
    @inlinable
    public func retry(_ maxAttempts: Int) -> Self { Self._wrapping(asObservable().retry(maxAttempts)) }

    /// On failure, subscribes again each time the sequence `notificationHandler` makes from
    /// the failures sends; see ``ObservableType/retry(when:)``.
    @inlinable
    public func retry<Trigger: ObservableType, Failure: Error>(
        when notificationHandler: @escaping @Sendable (Observable<Failure>) -> Trigger
    ) -> Self {
        Self._wrapping(asObservable().retry(when: notificationHandler))
    }

    /// Sends the outcome `dueTime` later on `scheduler` (a failure at once).
    @inlinable
    public func delay(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Self {
        Self._wrapping(asObservable().delay(dueTime, scheduler: scheduler))
    }

    /// Subscribes `dueTime` after the subscription, on `scheduler`.
    @inlinable
    public func delaySubscription(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Self {
        Self._wrapping(asObservable().delaySubscription(dueTime, scheduler: scheduler))
    }

    /// Delivers the outcome through `scheduler`.
    @inlinable
    public func observe(on scheduler: any Scheduler) -> Self {
        Self._wrapping(asObservable().observe(on: scheduler))
    }

    /// Subscribes (and disposes) on `scheduler`.
    @inlinable
    public func subscribe(on scheduler: any Scheduler) -> Self {
        Self._wrapping(asObservable().subscribe(on: scheduler))
    }

    /// Fails with ``StreamsError/timeout`` if no outcome comes within `dueTime`.
    @inlinable
    public func timeout(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Self {
        Self._wrapping(asObservable().timeout(dueTime, scheduler: scheduler))
    }

    /// Switches to `other` if no outcome comes within `dueTime`.
    @inlinable
    public func timeout(_ dueTime: SchedulerDuration, other: Self, scheduler: any Scheduler) -> Self {
        Self._wrapping(asObservable().timeout(dueTime, other: other.asObservable(), scheduler: scheduler))
    }

    /// Prints the trait's events; see ``ObservableType/debug(_:trimOutput:file:line:function:)``.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #fileID, line: UInt = #line,
        function: String = #function
    ) -> Self {
        Self._wrapping(
            asObservable().debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }
}

extension PrimitiveSequenceType where Element == Int {
    /// A trait that sends 0 after `dueTime` on `scheduler`, then completes.
    @inlinable
    public static func timer(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Self {
        _wrapping(Observable<Int>.timer(dueTime, scheduler: scheduler))
    }
}

// MARK: - Handlers that receive an object held weakly

extension Single {
    /// Subscribes with handlers that receive `object`, held weakly, as their first argument;
    /// once `object` is gone, the handlers are skipped.
    @discardableResult
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object, onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
        onFailure: (@Sendable (Object, any Error) -> Void)? = nil, onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        let owner = _WeakReference(object)
        return subscribe(
            onSuccess: { value in owner.value.map { onSuccess?($0, value) } },
            onFailure: { error in owner.value.map { onFailure?($0, error) } },
            onDisposed: { owner.value.map { onDisposed?($0) } })
    }
}

extension Maybe {
    /// Subscribes with handlers that receive `object`, held weakly, as their first argument;
    /// once `object` is gone, the handlers are skipped.
    @discardableResult
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object, onSuccess: (@Sendable (Object, Element) -> Void)? = nil,
        onError: (@Sendable (Object, any Error) -> Void)? = nil, onCompleted: (@Sendable (Object) -> Void)? = nil,
        onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        let owner = _WeakReference(object)
        return subscribe(
            onSuccess: { value in owner.value.map { onSuccess?($0, value) } },
            onError: { error in owner.value.map { onError?($0, error) } },
            onCompleted: { owner.value.map { onCompleted?($0) } },
            onDisposed: { owner.value.map { onDisposed?($0) } })
    }
}

extension Completable {
    /// Subscribes with handlers that receive `object`, held weakly, as their first argument;
    /// once `object` is gone, the handlers are skipped.
    @discardableResult
    public func subscribe<Object: AnyObject & Sendable>(
        with object: Object, onCompleted: (@Sendable (Object) -> Void)? = nil,
        onError: (@Sendable (Object, any Error) -> Void)? = nil, onDisposed: (@Sendable (Object) -> Void)? = nil
    ) -> any Disposable {
        let owner = _WeakReference(object)
        return subscribe(
            onCompleted: { owner.value.map { onCompleted?($0) } },
            onError: { error in owner.value.map { onError?($0, error) } },
            onDisposed: { owner.value.map { onDisposed?($0) } })
    }
}
