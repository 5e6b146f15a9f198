/// A sequence that cannot fail: values and, perhaps, completion. Useful for UI bindings and
/// view-model inputs that must not end on an error.
///
/// It is an ``ObservableType``, so every operator applies (and returns a plain
/// ``Observable``); `map`, `filter`, `scan`, `distinctUntilChanged` and `flatMap` with an
/// infallible result keep the guarantee. Make one from any sequence with
/// ``ObservableType/asInfallible(onErrorJustReturn:)`` and its siblings, which decide what an
/// error becomes.
///
/// ```swift
/// let titles = service.titles().asInfallible(onErrorJustReturn: [])
/// titles.subscribe(onNext: render)
/// ```
public struct Infallible<Element: Sendable>: ObservableType {
    @usableFromInline
    let source: Observable<Element>

    @inlinable
    init(unchecked source: Observable<Element>) {
        self.source = source
    }

    /// Starts a subscription that delivers events to `observer`; none of them is an error.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable { source.subscribe(observer) }

    /// The sequence as a plain observable.
    @inlinable
    public func asObservable() -> Observable<Element> { source }

    /// Creates an infallible sequence from a producer that can send values and complete.
    public static func create(
        subscribe produce:
            @escaping @Sendable (@escaping @Sendable (InfallibleEvent<Element>) -> Void) -> any Disposable
    ) -> Infallible<Element> {
        Infallible(
            unchecked: Observable.create { observer in
                produce { event in
                    switch event {
                    case .next(let value): observer.onNext(value)
                    case .completed: observer.onCompleted()
                    }
                }
            })
    }

    /// An infallible sequence that sends `element` and completes.
    @inlinable
    public static func just(_ element: Element) -> Infallible<Element> { Infallible(unchecked: .just(element)) }

    /// An infallible sequence that completes at once.
    @inlinable
    public static func empty() -> Infallible<Element> { Infallible(unchecked: .empty()) }

    /// An infallible sequence that never sends anything.
    @inlinable
    public static func never() -> Infallible<Element> { Infallible(unchecked: .never()) }

    /// An infallible sequence that sends the elements of `sequence` and completes.
    @inlinable
    public static func from<S: Sequence & Sendable>(_ sequence: S) -> Infallible<Element> where S.Element == Element {
        Infallible(unchecked: .from(sequence))
    }

    /// An infallible sequence that sends the given elements and completes.
    @inlinable
    public static func of(_ elements: Element...) -> Infallible<Element> { from(elements) }

    /// Subscribes with handlers for the values and the completion.
    @discardableResult
    public func subscribe(
        onNext: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil,
        onDisposed: (@Sendable () -> Void)? = nil
    ) -> any Disposable {
        source.subscribe(onNext: onNext, onError: nil, onCompleted: onCompleted, onDisposed: onDisposed)
    }

    /// Each value transformed by `transform`.
    @inlinable
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.map(transform))
    }

    /// The values for which `isIncluded` returns true.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Infallible<Element> {
        Infallible(unchecked: source.filter(isIncluded))
    }

    /// The running result of `accumulate` from `seed`.
    @inlinable
    public func scan<State: Sendable>(
        _ seed: State, accumulator accumulate: @escaping @Sendable (State, Element) -> State
    ) -> Infallible<State> {
        Infallible<State>(unchecked: source.scan(seed, accumulator: accumulate))
    }

    /// The values of every infallible sequence that `selector` makes, merged.
    @inlinable
    public func flatMap<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) -> Infallible<Result>
    ) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.flatMap { selector($0).source })
    }

    /// The values of the latest infallible sequence that `selector` makes.
    @inlinable
    public func flatMapLatest<Result: Sendable>(
        _ selector: @escaping @Sendable (Element) -> Infallible<Result>
    ) -> Infallible<Result> {
        Infallible<Result>(unchecked: source.flatMapLatest { selector($0).source })
    }
}

extension Infallible where Element: Equatable {
    /// Drops each value that equals the one before it.
    @inlinable
    public func distinctUntilChanged() -> Infallible<Element> {
        Infallible(unchecked: source.distinctUntilChanged())
    }
}

/// An event of an ``Infallible`` sequence: never an error.
public enum InfallibleEvent<Element: Sendable>: Sendable {
    /// A value.
    case next(Element)
    /// The end of the sequence.
    case completed
}

extension ObservableType {
    /// The sequence made infallible: an error becomes `element`, then completion.
    @inlinable
    public func asInfallible(onErrorJustReturn element: Element) -> Infallible<Element> {
        Infallible(unchecked: catchAndReturn(element))
    }

    /// The sequence made infallible: an error continues with `fallback`.
    @inlinable
    public func asInfallible(onErrorFallbackTo fallback: Infallible<Element>) -> Infallible<Element> {
        Infallible(unchecked: self.catch { _ in fallback.source })
    }

    /// The sequence made infallible: an error continues with the infallible sequence that
    /// `recover` returns for it.
    @inlinable
    public func asInfallible(
        onErrorRecover recover: @escaping @Sendable (any Error) -> Infallible<Element>
    ) -> Infallible<Element> {
        Infallible(unchecked: self.catch { recover($0).source })
    }
}

extension Infallible {
    /// Combines the latest values of the infallible sequences in `collection` into arrays, in
    /// the order of `collection`; it cannot fail either.
    public static func combineLatest<Sources: Collection>(_ collection: Sources) -> Infallible<[Element]>
    where Sources.Element == Infallible<Element> {
        Infallible<[Element]>(unchecked: Observable<[Element]>.combineLatest(collection) { $0 })
    }

    /// Combines the latest values of the infallible sequences in `collection` with
    /// `resultSelector`, in the order of `collection`.
    public static func combineLatest<Sources: Collection, Result: Sendable>(
        _ collection: Sources, resultSelector: @escaping @Sendable ([Element]) -> Result
    ) -> Infallible<Result> where Sources.Element == Infallible<Element> {
        Infallible<Result>(unchecked: Observable<Result>.combineLatest(collection, resultSelector: resultSelector))
    }

    /// Groups the n-th values of the infallible sequences in `collection` into arrays.
    public static func zip<Sources: Collection>(_ collection: Sources) -> Infallible<[Element]>
    where Sources.Element == Infallible<Element> {
        Infallible<[Element]>(unchecked: Observable<[Element]>.zip(collection) { $0 })
    }
}
