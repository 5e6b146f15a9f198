/// The outcome of a ``Maybe``.
public enum MaybeEvent<Element: Sendable>: Sendable {
    /// The maybe's value.
    case success(Element)
    /// The maybe failed.
    case error(any Error)
    /// The maybe ended without a value.
    case completed
}

extension MaybeEvent: Equatable where Element: Equatable {
    /// Outcomes are equal when their kinds and values match; errors match by their type and
    /// text, as ``Event``'s do.
    public static func == (lhs: MaybeEvent, rhs: MaybeEvent) -> Bool {
        switch (lhs, rhs) {
        case (.success(let a), .success(let b)): return a == b
        case (.error(let a), .error(let b)): return _errorsMatch(a, b)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

/// A sequence that sends at most one value, then completes, or fails: a cache lookup, an
/// optional record. See ``Single`` for why the traits are separate types.
///
/// ```swift
/// cache.cachedUser(id).subscribe(onSuccess: show, onCompleted: { load(id) })
/// ```
public struct Maybe<Element: Sendable>: PrimitiveSequenceType {
    @usableFromInline
    let source: Observable<Element>

    @inlinable
    init(unchecked source: Observable<Element>) {
        self.source = source
    }

    /// The maybe as an observable: at most one value, then completion, or an error.
    @inlinable
    public func asObservable() -> Observable<Element> { source }

    /// Wraps `source`, which must send at most one value then complete, or fail.
    @inlinable
    public static func _wrapping(_ source: Observable<Element>) -> Maybe<Element> { Maybe(unchecked: source) }

    /// Creates a maybe from a producer that calls its observer once; later calls are ignored.
    public static func create(
        subscribe produce: @escaping @Sendable (@escaping @Sendable (MaybeEvent<Element>) -> Void) -> any Disposable
    ) -> Maybe<Element> {
        Maybe(
            unchecked: Observable.create { observer in
                produce { event in
                    switch event {
                    case .success(let value): observer.onResult(Result<Element, Never>.success(value))
                    case .error(let error): observer.onError(error)
                    case .completed: observer.onCompleted()
                    }
                }
            })
    }

    /// A maybe that succeeds with `element`.
    @inlinable
    public static func just(_ element: Element) -> Maybe<Element> { Maybe(unchecked: .just(element)) }

    /// A maybe that sends `element` in one action on `scheduler`, and completes in the next,
    /// as ``Observable/just(_:scheduler:)`` does.
    @inlinable
    public static func just(_ element: Element, scheduler: any Scheduler) -> Maybe<Element> {
        Maybe(unchecked: .just(element, scheduler: scheduler))
    }

    /// A maybe that completes without a value.
    @inlinable
    public static func empty() -> Maybe<Element> { Maybe(unchecked: .empty()) }

    /// Subscribes with handlers for the value, the failure and the completion without value.
    @discardableResult
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        // Touched only by the subscription's events, which never overlap.
        let hasValue = _SerialBox(false)
        return source.subscribe(
            onNext: { value in
                hasValue.value = true
                onSuccess?(value)
            },
            onError: onError,
            onCompleted: {
                if !hasValue.value { onCompleted?() }
            },
            onDisposed: onDisposed)
    }

    /// Subscribes with one handler for the outcome.
    @discardableResult
    public func subscribe(_ observer: @escaping @Sendable (MaybeEvent<Element>) -> Void) -> any Disposable {
        subscribe(
            onSuccess: { observer(.success($0)) }, onError: { observer(.error($0)) },
            onCompleted: { observer(.completed) })
    }

    /// The value, or `nil` if the maybe completes empty, awaited; throws the failure.
    public var value: Element? {
        get async throws {
            for try await element in source.values { return element }
            try Task.checkCancellation()
            return nil
        }
    }

    /// The value transformed by `transform`; an error it throws fails the maybe.
    @inlinable
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Maybe<Result> {
        Maybe<Result>(unchecked: source.map(transform))
    }

    /// The value transformed by `transform`, or nothing when it returns `nil`; an error it
    /// throws fails the maybe.
    @inlinable
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result?
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: source.compactMap(transform))
    }

    /// The value if it satisfies `predicate`; otherwise the maybe completes empty.
    @inlinable
    public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(unchecked: source.filter(predicate))
    }

    /// Continues with the maybe that `selector` makes from the value.
    @inlinable
    public func flatMap<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: source.flatMap { try selector($0).source })
    }

    /// Succeeds with `element` if the maybe completes empty.
    @inlinable
    public func ifEmpty(default element: Element) -> Single<Element> {
        Single(unchecked: source.ifEmpty(default: element))
    }

    /// Continues with `other` if the maybe completes empty.
    @inlinable
    public func ifEmpty(switchTo other: Single<Element>) -> Single<Element> {
        Single(unchecked: source.ifEmpty(switchTo: other.source))
    }

    /// Continues with `other` if the maybe completes empty.
    @inlinable
    public func ifEmpty(switchTo other: Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: source.ifEmpty(switchTo: other.source))
    }

    /// On failure, succeeds with `element` instead.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Maybe<Element> {
        Maybe(unchecked: source.catchAndReturn(element))
    }

    /// Runs side effects without changing the outcome; see ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    @inlinable
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Maybe<Element> {
        Maybe(
            unchecked: source.do(
                onNext: onNext, afterNext: afterNext, onError: onError, afterError: afterError,
                onCompleted: onCompleted, afterCompleted: afterCompleted, onSubscribe: onSubscribe,
                onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// The maybe as a ``Completable``: its value is dropped.
    @inlinable
    public func asCompletable() -> Completable { Completable(unchecked: source.ignoreElements()) }
}
