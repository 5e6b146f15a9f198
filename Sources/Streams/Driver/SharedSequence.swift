/// How a ``SharedSequence`` shares one subscription to its source among its subscribers: what
/// a subscriber that comes late receives. ``Driver`` replays the latest value, ``Signal``
/// replays nothing.
public protocol SharingStrategy: Sendable {
    /// `source`, shared among all subscribers in this strategy's way.
    static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element>
}

/// The sharing of a ``Driver``: one subscription, the latest value replayed to each new
/// subscriber (`share(replay: 1)`).
public enum DriverSharingStrategy: SharingStrategy {
    /// `source` shared with a replay of its latest value.
    public static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element> {
        source.share(replay: 1)
    }
}

/// The sharing of a ``Signal``: one subscription, nothing replayed (`share()`).
public enum SignalSharingStrategy: SharingStrategy {
    /// `source` shared without replay.
    public static func share<Element: Sendable>(_ source: Observable<Element>) -> Observable<Element> {
        source.share()
    }
}

/// A sequence that cannot fail, shares one subscription to its source among all its
/// subscribers (in the way `Sharing` says) and delivers on the scheduler it was built with.
///
/// ``Driver`` and ``Signal`` are its two kinds. Its operators (`map`, `filter`, `flatMapLatest`,
/// `combineLatest`, `throttle`…) return the same kind of sequence on the same scheduler, so the
/// guarantees hold along a chain; a time-based operator runs on that scheduler. For anything
/// else, `asObservable()` gives a plain observable.
///
/// Sequences combined (`merge`, `zip`, `combineLatest`, `withLatestFrom`…) are expected to
/// deliver on the same scheduler; the result takes the first one's.
public struct SharedSequence<Sharing: SharingStrategy, Element: Sendable>: ObservableType {
    @usableFromInline
    let source: Observable<Element>

    /// The scheduler the sequence delivers on.
    public let scheduler: any Scheduler

    /// Wraps `source`, which must already deliver on `scheduler` and never fail, and shares it.
    @usableFromInline
    init(sharing source: Observable<Element>, scheduler: any Scheduler) {
        self.source = Sharing.share(source)
        self.scheduler = scheduler
    }

    /// Starts a subscription that delivers events to `observer`.
    @inlinable
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        source.subscribe(observer)
    }

    /// The sequence as a plain ``Observable`` (still shared, still on its scheduler).
    @inlinable
    public func asObservable() -> Observable<Element> { source }

    /// The same kind of sequence on the same scheduler, made from `source`, which must deliver
    /// on that scheduler and never fail.
    func derived<Result: Sendable>(_ source: Observable<Result>) -> SharedSequence<Sharing, Result> {
        SharedSequence<Sharing, Result>(sharing: source, scheduler: scheduler)
    }
}

/// A view-model output: a sequence that cannot fail, shares one subscription to its source
/// among all its subscribers, replays the latest value to each new one, and delivers on the
/// scheduler it was built with.
///
/// It is RxCocoa's `Driver`: every way to make one takes the scheduler it delivers on, which
/// defaults, as in RxCocoa, to ``SharingScheduler/current`` (the ``MainScheduler`` unless a
/// test mocks it). A view model receives the UI scheduler in its initializer and passes it, so
/// its tests pass a virtual one. Subscribe from that scheduler's thread, as the UI does; the
/// latest value is replayed to a new subscriber at once, during its subscription.
///
/// A failing source becomes a driver with `asDriver(onErrorJustReturn:)`,
/// `asDriver(onErrorDriveWith:)` or `asDriver(onErrorRecover:)`. A screen object that is not
/// `Sendable` is driven on the main actor with
/// ``SharedSequence/drive(onMainActorWith:onNext:onCompleted:)``.
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
public typealias Driver<Element: Sendable> = SharedSequence<DriverSharingStrategy, Element>

/// A view-model output for events rather than state: like ``Driver`` it cannot fail, shares
/// one subscription among its subscribers and delivers on the scheduler it was built with, but
/// it replays nothing, so a late subscriber sees only later values.
///
/// Use it for one-off outputs such as navigation or a message to show once. A failing source
/// becomes a signal with `asSignal(onErrorJustReturn:)`, `asSignal(onErrorSignalWith:)` or
/// `asSignal(onErrorRecover:)` (whose closure returns a signal, or a plain observable); a screen
/// object that is not `Sendable` receives its values on the main actor with
/// ``SharedSequence/emit(onMainActorWith:onNext:onCompleted:)``.
///
/// ```swift
/// let route = input.selectItem
///     .map { Route.editor($0) }
///     .asSignal(onErrorJustReturn: .none, scheduler: scheduler)
/// ```
public typealias Signal<Element: Sendable> = SharedSequence<SignalSharingStrategy, Element>

// MARK: - Making one

extension SharedSequence {
    /// A sequence that sends `element` and completes, on `scheduler`.
    public static func just(_ element: Element, scheduler: any Scheduler = SharingScheduler.make()) -> SharedSequence {
        SharedSequence(sharing: Observable.just(element).observe(on: scheduler), scheduler: scheduler)
    }

    /// A sequence that sends nothing and completes, on `scheduler`.
    public static func empty(scheduler: any Scheduler = SharingScheduler.make()) -> SharedSequence {
        SharedSequence(sharing: Observable.empty().observe(on: scheduler), scheduler: scheduler)
    }

    /// A sequence that never sends anything.
    public static func never(scheduler: any Scheduler = SharingScheduler.make()) -> SharedSequence {
        SharedSequence(sharing: .never(), scheduler: scheduler)
    }

    /// A sequence that sends `elements` one by one, each scheduled on `scheduler`, then
    /// completes.
    public static func of(_ elements: Element..., scheduler: any Scheduler = SharingScheduler.make()) -> SharedSequence
    {
        from(elements, scheduler: scheduler)
    }

    /// A sequence that sends the elements of `sequence` one by one, each scheduled on
    /// `scheduler`, then completes.
    public static func from<S: Sequence & Sendable>(
        _ sequence: S, scheduler: any Scheduler = SharingScheduler.make()
    ) -> SharedSequence
    where S.Element == Element {
        SharedSequence(sharing: Observable.from(sequence, scheduler: scheduler), scheduler: scheduler)
    }

    /// A sequence that sends `optional`'s value, if it has one, then completes, on `scheduler`.
    public static func from(optional: Element?, scheduler: any Scheduler = SharingScheduler.make()) -> SharedSequence {
        SharedSequence(sharing: Observable.from(optional: optional).observe(on: scheduler), scheduler: scheduler)
    }

    /// A sequence made by `factory` for each subscription to the shared sequence (the factory
    /// runs again only after every subscriber has left); it must deliver on `scheduler`.
    public static func deferred(
        scheduler: any Scheduler = SharingScheduler.make(), _ factory: @escaping @Sendable () -> SharedSequence
    ) -> SharedSequence {
        SharedSequence(sharing: Observable.deferred { factory().asObservable() }, scheduler: scheduler)
    }
}

extension SharedSequence where Element == Int {
    /// A sequence that sends 0, 1, 2… every `period` on `scheduler`.
    public static func interval(
        _ period: SchedulerDuration, scheduler: any Scheduler = SharingScheduler.make()
    ) -> SharedSequence {
        SharedSequence(sharing: Observable<Int>.interval(period, scheduler: scheduler), scheduler: scheduler)
    }

    /// A sequence that sends 0 after `dueTime` and, with a `period`, 1, 2… every `period` after
    /// that; without one it then completes.
    public static func timer(
        _ dueTime: SchedulerDuration, period: SchedulerDuration? = nil,
        scheduler: any Scheduler = SharingScheduler.make()
    ) -> SharedSequence {
        SharedSequence(
            sharing: Observable<Int>.timer(dueTime, period: period, scheduler: scheduler), scheduler: scheduler)
    }
}

extension ObservableType {
    /// Makes a ``Driver`` that sends `element` and completes if this sequence fails.
    public func asDriver(
        onErrorJustReturn element: Element, scheduler: any Scheduler = SharingScheduler.make()
    ) -> Driver<Element> {
        asDriver(onErrorRecover: { _ in Driver.just(element, scheduler: scheduler) }, scheduler: scheduler)
    }

    /// Makes a ``Driver`` that continues with `fallback` if this sequence fails.
    public func asDriver(
        onErrorDriveWith fallback: Driver<Element>, scheduler: (any Scheduler)? = nil
    )
        -> Driver<Element>
    {
        asDriver(onErrorRecover: { _ in fallback }, scheduler: scheduler ?? fallback.scheduler)
    }

    /// Makes a ``Driver`` that continues with the driver `recover` returns for the error, if
    /// this sequence fails.
    ///
    /// Values are delivered through `scheduler` (see ``ObservableType/observe(on:)``); the
    /// source is subscribed once, when the driver gets its first subscriber, and disposed when
    /// its last subscriber leaves.
    ///
    /// `recover` runs with `scheduler` as ``SharingScheduler/current``, so a fallback it makes
    /// without a scheduler delivers on this driver's; one made on another scheduler keeps it,
    /// as sequences combined do:
    ///
    /// ```swift
    /// source.asDriver(onErrorRecover: { _ in .just(placeholder) }, scheduler: scheduler)
    /// ```
    public func asDriver(
        onErrorRecover recover: @escaping @Sendable (any Error) -> Driver<Element>,
        scheduler: any Scheduler = SharingScheduler.make()
    ) -> Driver<Element> {
        let delivered = observe(on: scheduler).catch { error in
            SharingScheduler.mock(scheduler: scheduler) { recover(error) }.asObservable()
        }
        return Driver(sharing: delivered, scheduler: scheduler)
    }

    /// Makes a ``Signal`` that sends `element` and completes if this sequence fails.
    public func asSignal(
        onErrorJustReturn element: Element, scheduler: any Scheduler = SharingScheduler.make()
    ) -> Signal<Element> {
        asSignal(onErrorRecover: { _ in Observable.just(element) }, scheduler: scheduler)
    }

    /// Makes a ``Signal`` that continues with `fallback` if this sequence fails.
    public func asSignal(
        onErrorSignalWith fallback: Signal<Element>, scheduler: (any Scheduler)? = nil
    )
        -> Signal<Element>
    {
        asSignal(onErrorRecover: { _ in fallback.asObservable() }, scheduler: scheduler ?? fallback.scheduler)
    }

    /// Makes a ``Signal`` that continues with the signal `recover` returns for the error, if
    /// this sequence fails: the form of RxCocoa, and of ``asDriver(onErrorRecover:scheduler:)``.
    ///
    /// `recover` runs with `scheduler` as ``SharingScheduler/current``, so a fallback it makes
    /// without a scheduler delivers on this signal's; one made on another scheduler keeps it,
    /// as sequences combined do:
    ///
    /// ```swift
    /// source.asSignal(onErrorRecover: { _ in Signal.just(.failed) }, scheduler: scheduler)
    /// ```
    public func asSignal(
        onErrorRecover recover: @escaping @Sendable (any Error) -> Signal<Element>,
        scheduler: any Scheduler = SharingScheduler.make()
    ) -> Signal<Element> {
        let delivered = observe(on: scheduler).catch { error in
            SharingScheduler.mock(scheduler: scheduler) { recover(error) }.asObservable()
        }
        return Signal(sharing: delivered, scheduler: scheduler)
    }

    /// Makes a ``Signal`` that continues with the plain observable `recover` returns for the
    /// error, if this sequence fails; that observable is delivered through `scheduler`, and its
    /// own error, if any, ends the signal silently.
    ///
    /// A fallback written without a type name (`{ _ in .empty() }`, `{ _ in .just(x) }`) is
    /// an ``Observable`` and takes this form.
    public func asSignal(
        onErrorRecover recover: @escaping @Sendable (any Error) -> Observable<Element>,
        scheduler: any Scheduler = SharingScheduler.make()
    ) -> Signal<Element> {
        let delivered = observe(on: scheduler).catch { error in
            recover(error).observe(on: scheduler).catch { _ in Observable.empty() }
        }
        return Signal(sharing: delivered, scheduler: scheduler)
    }
}

extension Infallible {
    /// This sequence as a ``Driver`` on `scheduler`: it cannot fail, so nothing replaces an error.
    public func asDriver(scheduler: any Scheduler = SharingScheduler.make()) -> Driver<Element> {
        Driver(sharing: asObservable().observe(on: scheduler), scheduler: scheduler)
    }

    /// This sequence as a ``Signal`` on `scheduler`: it cannot fail, so nothing replaces an error.
    public func asSignal(scheduler: any Scheduler = SharingScheduler.make()) -> Signal<Element> {
        Signal(sharing: asObservable().observe(on: scheduler), scheduler: scheduler)
    }
}

extension BehaviorRelay {
    /// The relay as a ``Driver`` on `scheduler`: its current value first, then every value it
    /// accepts. A relay never fails.
    public func asDriver(scheduler: any Scheduler = SharingScheduler.make()) -> Driver<Element> {
        Driver(sharing: asObservable().observe(on: scheduler), scheduler: scheduler)
    }
}

extension PublishRelay {
    /// The relay as a ``Signal`` on `scheduler`: every value it accepts from then on. A relay
    /// never fails.
    public func asSignal(scheduler: any Scheduler = SharingScheduler.make()) -> Signal<Element> {
        Signal(sharing: asObservable().observe(on: scheduler), scheduler: scheduler)
    }
}
