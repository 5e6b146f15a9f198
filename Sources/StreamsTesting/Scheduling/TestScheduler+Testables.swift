public import Streams

extension TestScheduler {
    /// The ticks at which ``start(created:subscribed:disposed:fileID:filePath:line:column:_:)``
    /// creates, subscribes to and disposes the observable under test by default.
    public enum Defaults {
        /// 100: when the observable under test is created.
        public static let created = 100
        /// 200: when it is subscribed to.
        public static let subscribed = 200
        /// 1000: when the subscription is disposed.
        public static let disposed = 1000
    }

    /// A hot observable emitting `events` at their absolute ticks to whoever is subscribed then.
    ///
    /// Events whose tick is already past are emitted at the next step, in the order of their
    /// ticks, as RxTest's are.
    public func createHotObservable<Element: Sendable>(
        _ events: [Recorded<Event<Element>>]
    )
        -> TestableObservable<Element>
    {
        TestableObservable(
            scheduler: self, segments: [events], isHot: true, label: "hot observable", emitsPastEvents: true)
    }

    /// A cold observable replaying `events` to each subscriber, at ticks relative to its
    /// subscription.
    public func createColdObservable<Element: Sendable>(
        _ events: [Recorded<Event<Element>>]
    )
        -> TestableObservable<Element>
    {
        TestableObservable(scheduler: self, segments: [events], isHot: false, label: "cold observable")
    }

    /// An observer recording events stamped with this scheduler's clock.
    public func createObserver<Element: Sendable>(_ type: Element.Type) -> TestableObserver<Element> {
        TestableObserver(scheduler: self)
    }

    /// Runs the standard scenario and returns what the observable produced: at `created` calls
    /// `create`, at `subscribed` subscribes to the result, at `disposed` disposes the
    /// subscription, then returns with the clock at `disposed`.
    ///
    /// At each of these ticks, the step runs before any other work due then, so the observer
    /// sees exactly the events in `[subscribed, disposed)`: a hot `.next(200, x)` is seen, a
    /// `.next(1000, x)` is not. Work due after `disposed` stays pending. A livelock along the
    /// way is reported at the caller.
    ///
    /// Any ``ObservableConvertibleType`` can be started: an observable, or a ``Single``,
    /// ``Maybe`` or ``Completable``, whose events are recorded through `asObservable()`, as
    /// RxTest's `start` does.
    ///
    /// ```swift
    /// let res = scheduler.start { xs.filter { $0 > 1 } }
    /// #expect(res.events == [.next(210, 2), .completed(300)])
    /// let single = scheduler.start { Single.just(1).delay(.ticks(10), scheduler: scheduler) }
    /// #expect(single.events == [.next(210, 1), .completed(210)])
    /// ```
    public func start<Source: ObservableConvertibleType>(
        created: Int = Defaults.created,
        subscribed: Int = Defaults.subscribed,
        disposed: Int = Defaults.disposed,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
        _ create: @escaping @Sendable () -> Source
    ) -> TestableObserver<Source.Element> {
        let observer = createObserver(Source.Element.self)
        let run = _StartRun<Source>()
        let lifecycle = _WorkQueue.lifecyclePhase
        _ = enqueue(at: created, offset: 0, phase: lifecycle, label: "start: create") {
            let source = create()
            run.source.withLock { $0 = source }
        }
        _ = enqueue(at: subscribed, offset: 0, phase: lifecycle, label: "start: subscribe") {
            guard let source = run.source.withLock({ $0 }) else { return }
            let subscription = source.asObservable().subscribe { observer.on($0) }
            run.subscription.withLock { $0 = subscription }
            observer.hold(subscription)
        }
        _ = enqueue(at: disposed, offset: 0, phase: lifecycle, label: "start: dispose") {
            run.subscription.withLock { $0 }?.dispose()
        }
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        advance(toTick: max(disposed, clock), call: "start()", at: position)
        return observer
    }
}

/// What `start` keeps between its steps.
final class _StartRun<Source: ObservableConvertibleType>: Sendable {
    let source = SanitizerVisibleMutex<Source?>(nil)
    let subscription = SanitizerVisibleMutex<(any Disposable)?>(nil)
}
