/// A view-model output: a sequence that cannot fail, shares one subscription to its source
/// among all its subscribers, replays the latest value to each new one, and delivers on the
/// scheduler it was built with.
///
/// It is RxCocoa's `Driver` without the global main scheduler: the scheduler is given when the
/// driver is made, so a view model receives the UI scheduler in its initializer and tests pass a
/// virtual one. Subscribe from that scheduler's thread, as the UI does; the latest value is
/// replayed to a new subscriber at once, during its subscription.
///
/// ```swift
/// struct Output {
///     let title: Driver<String>
/// }
///
/// func transform(input: Input) -> Output {
///     let title = input.query
///         .map { "Results for \($0)" }
///         .asDriver(onErrorJustReturn: "", scheduler: scheduler)
///     return Output(title: title)
/// }
///
/// output.title.drive(onNext: { label.text = $0 }).disposed(by: bag)
/// ```
public struct Driver<Element: Sendable>: ObservableType {
    @usableFromInline
    let source: Observable<Element>

    /// The scheduler the driver delivers on.
    public let scheduler: any Scheduler

    /// Wraps `source`, which must already deliver on `scheduler` and never fail, and shares it
    /// with a replay of the latest value.
    @usableFromInline
    init(sharing source: Observable<Element>, scheduler: any Scheduler) {
        self.source = source.share(replay: 1)
        self.scheduler = scheduler
    }

    /// Starts a subscription that delivers events to `observer`.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        source.subscribe(observer)
    }

    /// The driver as a plain ``Observable`` (still shared, still on its scheduler).
    @inlinable
    public func asObservable() -> Observable<Element> { source }

    /// Drives a UI element: calls `onNext` with every value, on the driver's scheduler.
    ///
    /// The returned disposable ends the subscription.
    public func drive(onNext: @escaping @Sendable (Element) -> Void) -> any Disposable {
        source.subscribe(onNext: onNext)
    }

    /// Sends every value to `relay`.
    public func drive(_ relay: PublishRelay<Element>) -> any Disposable {
        source.subscribe(onNext: { relay.accept($0) })
    }

    /// Sends every value to `relay`, which takes it as its current value.
    public func drive(_ relay: BehaviorRelay<Element>) -> any Disposable {
        source.subscribe(onNext: { relay.accept($0) })
    }

    /// A driver that sends `element` (and then nothing more) on `scheduler`.
    public static func just(_ element: Element, scheduler: any Scheduler) -> Driver<Element> {
        Driver(sharing: Observable.just(element).observe(on: scheduler), scheduler: scheduler)
    }

    /// A driver that sends nothing and completes.
    public static func empty(scheduler: any Scheduler) -> Driver<Element> {
        Driver(sharing: Observable.empty().observe(on: scheduler), scheduler: scheduler)
    }

    /// A driver that never sends anything.
    public static func never(scheduler: any Scheduler) -> Driver<Element> {
        Driver(sharing: .never(), scheduler: scheduler)
    }
}

extension ObservableType {
    /// Makes a ``Driver`` that sends `element` and completes if this sequence fails.
    public func asDriver(onErrorJustReturn element: Element, scheduler: any Scheduler) -> Driver<Element> {
        asDriver(onErrorRecover: { _ in Driver.just(element, scheduler: scheduler) }, scheduler: scheduler)
    }

    /// Makes a ``Driver`` that continues with `fallback` if this sequence fails.
    public func asDriver(onErrorDriveWith fallback: Driver<Element>, scheduler: any Scheduler) -> Driver<Element> {
        asDriver(onErrorRecover: { _ in fallback }, scheduler: scheduler)
    }

    /// Makes a ``Driver`` that continues with the driver `recover` returns for the error, if
    /// this sequence fails.
    ///
    /// Values are delivered through `scheduler` (see ``ObservableType/observe(on:)``); the
    /// source is subscribed once, when the driver gets its first subscriber, and disposed when
    /// its last subscriber leaves.
    public func asDriver(
        onErrorRecover recover: @escaping @Sendable (any Error) -> Driver<Element>,
        scheduler: any Scheduler
    ) -> Driver<Element> {
        let delivered = observe(on: scheduler).catch { recover($0).asObservable() }
        return Driver(sharing: delivered, scheduler: scheduler)
    }
}
