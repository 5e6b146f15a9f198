public import Synchronization

extension ObservableType {
    /// Delivers every event through `scheduler`, in order, never two at once.
    ///
    /// Events are queued as they arrive; one piece of work, labelled `observe(on:)`, is
    /// scheduled when the queue goes from empty to non-empty, and it delivers one event, then
    /// schedules the next delivery while events are queued, as RxSwift's. So even on a
    /// concurrent scheduler two deliveries cannot overlap. On a virtual-time scheduler,
    /// delivery happens at the same tick, after the work already scheduled for that tick (with
    /// RxTest's processing delay simulated, one tick per event, as in RxTest). Disposing drops
    /// the events not yet delivered.
    @inlinable
    public func observe(on scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _ObserveOnSink(observer, scheduler: scheduler)
            sink.upstream.set(source.subscribe(AnyObserver { sink.on($0) }))
            return sink
        })
    }

    /// Subscribes to the upstream through `scheduler`, and disposes it there too: the
    /// subscription, and with it the producer's start, runs as work labelled `subscribe(on:)`,
    /// and the disposal (on `dispose()` or after a terminal event) as work labelled
    /// `subscribe(on:) dispose`, as RxSwift's.
    ///
    /// Disposing before the subscription ran cancels it.
    public func subscribe(on scheduler: any Scheduler) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _OperatorSink(observer)
            // Holds the pending subscription first, then the scheduled disposal of the upstream.
            let current = SerialDisposable()
            let cancel = SingleAssignmentDisposable()
            current.set(cancel)
            sink.setUpstream(current)
            cancel.set(
                scheduler.schedule(label: "subscribe(on:)") {
                    let upstream = source.subscribe(AnyObserver { sink.forward($0) })
                    current.set(
                        Disposables.create {
                            scheduler.schedule(label: "subscribe(on:) dispose") { upstream.dispose() }
                        })
                })
            return sink
        })
    }
}

/// The sink behind `observe(on:)`: a queue drained by at most one scheduled piece of work.
///
/// `@unchecked Sendable`: all mutable state is inside `state`, a `SanitizerVisibleMutex`; `finished` is
/// atomic; `upstream` is thread-safe; the rest is immutable.
@usableFromInline
final class _ObserveOnSink<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline
    struct State {
        @usableFromInline var queue = _Queue<Event<Element>>()
        @usableFromInline var isScheduled = false
        @usableFromInline var isStopped = false
        @usableFromInline var isDisposed = false
        @usableFromInline var generation: UInt64 = 0
        @usableFromInline var work: (any Disposable)?

        @inlinable init() {}
    }

    @usableFromInline let state = SanitizerVisibleMutex(State())
    @usableFromInline let finished = Atomic<Bool>(false)
    @usableFromInline let upstream = SingleAssignmentDisposable()
    @usableFromInline let observer: AnyObserver<Element>
    @usableFromInline let scheduler: any Scheduler
    @usableFromInline let tracker: SubscriptionTracker?

    @inlinable
    init(_ observer: AnyObserver<Element>, scheduler: any Scheduler) {
        self.observer = observer
        self.scheduler = scheduler
        tracker = LiveSubscriptions.increment()
    }

    @inlinable
    func on(_ event: Event<Element>) {
        let generation: UInt64? = state.withLock { state in
            if state.isStopped { return nil }
            if event.isTerminal { state.isStopped = true }
            state.queue.append(event)
            if state.isScheduled { return nil }
            state.isScheduled = true
            state.generation &+= 1
            return state.generation
        }
        guard let generation else { return }
        scheduleDrain(generation)
    }

    /// Schedules the delivery of the next queued event, unless disposed or superseded.
    @usableFromInline
    func scheduleDrain(_ generation: UInt64) {
        let work = scheduler.schedule(label: "observe(on:)") { [self] in drain() }
        let keep = state.withLock { state -> Bool in
            if state.isDisposed || !state.isScheduled || state.generation != generation { return false }
            state.work = work
            return true
        }
        if !keep { work.dispose() }
    }

    /// Delivers one queued event, as RxSwift's `observe(on:)` does per scheduled action, and
    /// schedules the next delivery if more are queued.
    @usableFromInline
    func drain() {
        let event: Event<Element>? = state.withLock { state in
            state.work = nil
            guard !state.isDisposed, let event = state.queue.popFirst() else {
                state.isScheduled = false
                return nil
            }
            return event
        }
        guard let event, !finished.load(ordering: .acquiring) else { return }
        observer.on(event)
        if event.isTerminal {
            finish()
            return
        }
        let generation: UInt64? = state.withLock { state in
            if state.isDisposed || state.queue.isEmpty {
                state.isScheduled = false
                return nil
            }
            state.generation &+= 1
            return state.generation
        }
        if let generation { scheduleDrain(generation) }
    }

    @usableFromInline
    func finish() {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let work: (any Disposable)? = state.withLock { state in
            state.isStopped = true
            state.isDisposed = true
            state.queue.removeAll()
            let work = state.work
            state.work = nil
            return work
        }
        work?.dispose()
        upstream.dispose()
        LiveSubscriptions.decrement(tracker)
    }

    @inlinable
    func dispose() { finish() }
}
