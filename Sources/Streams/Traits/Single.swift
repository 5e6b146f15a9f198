/// The outcome of a ``Single``: its one value, or its failure.
public typealias SingleEvent<Element> = Result<Element, any Error>

/// A sequence that sends exactly one value or fails: a request, a lookup, a computation.
///
/// RxSwift models its traits as one generic `PrimitiveSequence<Trait, Element>`. Streams makes
/// ``Single``, ``Maybe`` and ``Completable`` three small structs instead: each is a wrapper
/// around an ``Observable`` whose grammar it guarantees, each type's API reads without trait
/// constraints in its signatures, and converting is explicit (``asObservable()``,
/// ``ObservableType/asSingle()``). The names and behaviour of their operators are RxSwift's.
///
/// ```swift
/// let user = Single<User>.create { observer in
///     let task = api.fetchUser { result in observer(result) }
///     return Disposables.create { task.cancel() }
/// }
/// user.subscribe(onSuccess: { print($0.name) }, onFailure: { print($0) }).disposed(by: bag)
/// let loaded = try await user.value
/// ```
public struct Single<Element: Sendable>: PrimitiveSequenceType {
    @usableFromInline
    let source: Observable<Element>

    @inlinable
    init(unchecked source: Observable<Element>) {
        self.source = source
    }

    /// The single as an observable: one value then completion, or an error.
    @inlinable
    public func asObservable() -> Observable<Element> { source }

    /// Wraps `source`, which must send one value then complete, or fail.
    @inlinable
    public static func _wrapping(_ source: Observable<Element>) -> Single<Element> { Single(unchecked: source) }

    /// Creates a single from a producer that calls its observer once, with a value or a
    /// failure; later calls are ignored.
    public static func create(
        subscribe produce: @escaping @Sendable (@escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable
    ) -> Single<Element> {
        Single(unchecked: Observable.create { observer in produce { observer.onResult($0) } })
    }

    /// A single that succeeds with `element`.
    @inlinable
    public static func just(_ element: Element) -> Single<Element> { Single(unchecked: .just(element)) }

    /// A single that sends `element` in one action on `scheduler`, and completes in the next,
    /// as ``Observable/just(_:scheduler:)`` does.
    @inlinable
    public static func just(_ element: Element, scheduler: any Scheduler) -> Single<Element> {
        Single(unchecked: .just(element, scheduler: scheduler))
    }

    /// Subscribes with handlers for the value and the failure; `onDisposed` runs when the
    /// subscription ends for any reason.
    @discardableResult
    public func subscribe(
        onSuccess: (@Sendable (Element) -> Void)? = nil,
        onFailure: (@Sendable (any Error) -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(onNext: onSuccess, onError: onFailure, onDisposed: onDisposed)
    }

    /// Subscribes with one handler for the outcome.
    @discardableResult
    public func subscribe(_ observer: @escaping @Sendable (SingleEvent<Element>) -> Void) -> any Disposable {
        subscribe(onSuccess: { observer(.success($0)) }, onFailure: { observer(.failure($0)) })
    }

    /// The value, awaited; throws the failure, or `CancellationError` if the task is cancelled.
    public var value: Element {
        get async throws {
            for try await element in source.values { return element }
            try Task.checkCancellation()
            throw StreamsError.noElements
        }
    }

    /// The value transformed by `transform`, or nothing when it returns `nil`; an error it
    /// throws fails the result.
    @inlinable
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result?
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: source.compactMap(transform))
    }

    /// The value if it satisfies `predicate`; otherwise the result completes empty, so it is a
    /// ``Maybe``. An error the predicate throws fails it.
    @inlinable
    public func filter(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Maybe<Element> {
        Maybe(unchecked: source.filter(predicate))
    }

    /// The value transformed by `transform`; an error it throws fails the single.
    @inlinable
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) throws -> Result) -> Single<Result> {
        Single<Result>(unchecked: source.map(transform))
    }

    /// Continues with the single that `selector` makes from the value.
    @inlinable
    public func flatMap<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> Single<Result>
    ) -> Single<Result> {
        Single<Result>(unchecked: source.flatMap { try selector($0).source })
    }

    /// Continues with the maybe that `selector` makes from the value.
    @inlinable
    public func flatMapMaybe<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) throws -> Maybe<Result>
    ) -> Maybe<Result> {
        Maybe<Result>(unchecked: source.flatMap { try selector($0).source })
    }

    /// Continues with the completable that `selector` makes from the value.
    @inlinable
    public func flatMapCompletable(_ selector: @escaping @Sendable (Element) throws -> Completable) -> Completable {
        Completable(unchecked: source.flatMap { try selector($0).source })
    }

    /// Runs side effects without changing the outcome; see ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    @inlinable
    public func `do`(
        onSuccess: (@Sendable (Element) throws -> Void)? = nil,
        afterSuccess: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Single<Element> {
        Single(
            unchecked: source.do(
                onNext: onSuccess, afterNext: afterSuccess, onError: onError, afterError: afterError,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// On failure, succeeds with `element` instead.
    @inlinable
    public func catchAndReturn(_ element: Element) -> Single<Element> {
        Single(unchecked: source.catchAndReturn(element))
    }

    /// The single as a ``Maybe`` that always has a value.
    @inlinable
    public func asMaybe() -> Maybe<Element> { Maybe(unchecked: source) }

    /// The single as a ``Completable``: its value is dropped.
    @inlinable
    public func asCompletable() -> Completable { Completable(unchecked: source.ignoreElements()) }

    /// Succeeds with the values of any number of singles, in order; with none, succeeds with
    /// an empty array, as in RxSwift.
    @inlinable
    public static func zip<Value: Sendable, Singles: Collection>(_ singles: Singles) -> Single<Element>
    where Singles.Element == Single<Value>, Element == [Value] {
        if singles.isEmpty { return .just([]) }
        return Single(unchecked: Observable.zip(singles.map(\.source)))
    }

    /// Succeeds with what `resultSelector` makes of the values of any number of singles, in
    /// order; the first failure, or an error the selector throws, fails it. With no singles,
    /// the selector is called with an empty array at each subscription, as in RxSwift.
    @inlinable
    public static func zip<Value: Sendable, Singles: Collection>(
        _ singles: Singles, resultSelector: @escaping @Sendable ([Value]) throws -> Element
    ) -> Single<Element> where Singles.Element == Single<Value> {
        if singles.isEmpty { return .deferred { .just(try resultSelector([])) } }
        return Single(unchecked: Observable.zip(singles.map(\.source), resultSelector: resultSelector))
    }
}
