public import Synchronization

extension ObservableType {
    /// Delivers every event through `scheduler`, in order, never two at once.
    ///
    /// Events are queued as they arrive; one piece of work, labelled `observe(on:)`, is
    /// scheduled when the queue goes from empty to non-empty, and it delivers everything queued
    /// by the time it runs, in batches, until the queue is empty. So a burst costs one
    /// scheduled closure, a burst is delivered before work queued after it (a key press on a
    /// UI queue sees the state the burst ended with), and even on a concurrent scheduler two
    /// deliveries cannot overlap. RxSwift's generic `observe(on:)` schedules one action per
    /// event instead, so with RxTest's processing delay a value and the completion right
    /// behind it arrive a tick apart; here they arrive in the same tick (see
    /// <doc:DifferencesFromRxSwift>).
    /// On a virtual-time scheduler, delivery happens at the same tick, after the work already
    /// scheduled for that tick. The upstream subscription is released as soon as its terminal
    /// event arrives, before that event is delivered. Disposing drops the events not yet
    /// delivered.
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
        @usableFromInline var queue: [Event<Element>] = []
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
        let (accepted, generation) = state.withLock { state -> (Bool, UInt64?) in
            if state.isStopped { return (false, nil) }
            if event.isTerminal { state.isStopped = true }
            state.queue.append(event)
            if state.isScheduled { return (true, nil) }
            state.isScheduled = true
            state.generation &+= 1
            return (true, state.generation)
        }
        // The upstream has ended: release it now, not when its end is delivered.
        if accepted && event.isTerminal { upstream.dispose() }
        guard let generation else { return }
        let work = scheduler.schedule(label: "observe(on:)") { [self] in drain() }
        let keep = state.withLock { state -> Bool in
            if state.isDisposed || !state.isScheduled || state.generation != generation { return false }
            state.work = work
            return true
        }
        if !keep { work.dispose() }
    }

    @usableFromInline
    func drain() {
        var batch: [Event<Element>] = []
        while true {
            let proceed = state.withLock { state -> Bool in
                state.work = nil
                if state.isDisposed || state.queue.isEmpty {
                    state.isScheduled = false
                    return false
                }
                swap(&batch, &state.queue)
                return true
            }
            guard proceed else { return }
            for event in batch {
                if finished.load(ordering: .acquiring) { return }
                observer.on(event)
                if event.isTerminal {
                    finish()
                    return
                }
            }
            batch.removeAll(keepingCapacity: true)
        }
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
