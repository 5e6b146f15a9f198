/// A view-model output for events rather than state: like ``Driver`` it cannot fail, shares
/// one subscription among its subscribers and delivers on the scheduler it was built with, but
/// it replays nothing, so a late subscriber sees only later values.
///
/// Use it for one-off outputs such as navigation or a message to show once.
///
/// ```swift
/// let route = input.selectTodo
///     .map { Route.editor($0) }
///     .asSignal(onErrorJustReturn: .none, scheduler: scheduler)
/// ```
public struct Signal<Element: Sendable>: ObservableType {
    @usableFromInline
    let source: Observable<Element>

    /// The scheduler the signal delivers on.
    public let scheduler: any Scheduler

    /// Wraps `source`, which must already deliver on `scheduler` and never fail, and shares it.
    @usableFromInline
    init(sharing source: Observable<Element>, scheduler: any Scheduler) {
        self.source = source.share()
        self.scheduler = scheduler
    }

    /// Starts a subscription that delivers events to `observer`.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        source.subscribe(observer)
    }

    /// The signal as a plain ``Observable`` (still shared, still on its scheduler).
    @inlinable
    public func asObservable() -> Observable<Element> { source }

    /// Calls `onNext` with every value, on the signal's scheduler.
    public func emit(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
        source.subscribe(onNext: onNext)
    }

    /// Sends every value to `relay`.
    public func emit(to relay: PublishRelay<Element>) -> any Disposable {
        source.subscribe(onNext: { relay.accept($0) })
    }

    /// Transforms each value; the result is a signal on the same scheduler.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> Signal<Result> {
        Signal<Result>(sharing: source.map(transform), scheduler: scheduler)
    }

    /// Keeps only the values for which `isIncluded` returns true.
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Signal<Element> {
        Signal(sharing: source.filter(isIncluded), scheduler: scheduler)
    }

    /// Transforms each value and drops the `nil` results.
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Result?
    )
        -> Signal<Result>
    {
        Signal<Result>(sharing: source.compactMap(transform), scheduler: scheduler)
    }
}

extension ObservableType {
    /// Makes a ``Signal`` that sends `element` and completes if this sequence fails.
    public func asSignal(onErrorJustReturn element: Element, scheduler: any Scheduler) -> Signal<Element> {
        asSignal(onErrorRecover: { _ in Observable.just(element) }, scheduler: scheduler)
    }

    /// Makes a ``Signal`` that continues with the sequence `recover` returns for the error, if
    /// this sequence fails; that sequence's own error, if any, ends the signal silently.
    public func asSignal(
        onErrorRecover recover: @escaping @Sendable (any Error) -> Observable<Element>,
        scheduler: any Scheduler
    ) -> Signal<Element> {
        let delivered = observe(on: scheduler).catch { error in
            recover(error).observe(on: scheduler).catch { _ in Observable.empty() }
        }
        return Signal(sharing: delivered, scheduler: scheduler)
    }
}
