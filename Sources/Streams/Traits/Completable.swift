/// The outcome of a ``Completable``.
public enum CompletableEvent: Sendable {
    /// The work failed.
    case error(any Error)
    /// The work finished.
    case completed
}

extension CompletableEvent: Equatable {
    /// Outcomes are equal when their kinds match; errors match by their type and text, as
    /// ``Event``'s do.
    public static func == (lhs: CompletableEvent, rhs: CompletableEvent) -> Bool {
        switch (lhs, rhs) {
        case (.error(let a), .error(let b)): return _errorsMatch(a, b)
        case (.completed, .completed): return true
        default: return false
        }
    }
}

/// A sequence that sends no value: it only completes or fails, like a write or a delete. See
/// ``Single`` for why the traits are separate types.
///
/// ```swift
/// database.delete(id).andThen(database.count()).subscribe(onSuccess: show)
/// ```
public struct Completable: PrimitiveSequenceType {
    @usableFromInline
    let source: Observable<Never>

    @inlinable
    init<Element: Sendable>(unchecked source: Observable<Element>) {
        self.source = Observable<Never>(unchecked: { observer in
            source.subscribe(
                AnyObserver { event in
                    switch event {
                    case .next: break
                    case .error(let error): observer.on(.error(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }

    /// The completable as an observable without values.
    @inlinable
    public func asObservable() -> Observable<Never> { source }

    /// Wraps `source`, which must send no value.
    @inlinable
    public static func _wrapping(_ source: Observable<Never>) -> Completable { Completable(unchecked: source) }

    /// Creates a completable from a producer that calls its observer once; later calls are
    /// ignored.
    public static func create(
        subscribe produce: @escaping @Sendable (@escaping @Sendable (CompletableEvent) -> Void) -> any Disposable
    ) -> Completable {
        Completable(
            unchecked: Observable<Never>.create { observer in
                produce { event in
                    switch event {
                    case .error(let error): observer.onError(error)
                    case .completed: observer.onCompleted()
                    }
                }
            })
    }

    /// A completable that completes at once.
    @inlinable
    public static func empty() -> Completable { Completable(unchecked: Observable<Never>.empty()) }

    /// Subscribes with handlers for the completion and the failure.
    @discardableResult
    public func subscribe(
        onCompleted: (@Sendable () -> Void)? = nil,
        onError: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(onError: onError, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Subscribes with one handler for the outcome.
    @discardableResult
    public func subscribe(_ observer: @escaping @Sendable (CompletableEvent) -> Void) -> any Disposable {
        subscribe(onCompleted: { observer(.completed) }, onError: { observer(.error($0)) })
    }

    /// Waits for the completion; throws the failure.
    public var value: Void {
        get async throws {
            for try await _ in source.values {}
            try Task.checkCancellation()
        }
    }

    /// Runs `second` after this completable completes; a failure skips it: `andThen` of a
    /// completable, by RxSwift's other name.
    @inlinable
    public func concat(_ second: Completable) -> Completable {
        Completable(unchecked: source.concat(second.source))
    }

    /// Runs `next` after this completable completes; a failure skips it.
    @inlinable
    public func andThen(_ next: Completable) -> Completable {
        Completable(unchecked: source.concat(next.source))
    }

    /// Runs `next` after this completable completes and takes on its outcome.
    @inlinable
    public func andThen<Element: Sendable>(_ next: Single<Element>) -> Single<Element> {
        Single(unchecked: source.map { _ -> Element in }.concat(next.source))
    }

    /// Runs `next` after this completable completes and takes on its outcome.
    @inlinable
    public func andThen<Element: Sendable>(_ next: Maybe<Element>) -> Maybe<Element> {
        Maybe(unchecked: source.map { _ -> Element in }.concat(next.source))
    }

    /// Subscribes to `next` after this completable completes, and sends its events.
    @inlinable
    public func andThen<Next: ObservableType>(_ next: Next) -> Observable<Next.Element> {
        source.map { _ -> Next.Element in }.concat(next)
    }

    /// Runs side effects without changing the outcome.
    @inlinable
    public func `do`(
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Completable {
        Completable(
            unchecked: source.do(
                onError: onError, afterError: afterError, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }
}
