import Synchronization

/// What a timed operator decided while its sink's lock was held: events to deliver, a change
/// to its one timer, and possibly a new upstream to subscribe to.
struct _TimedOutbox<Element: Sendable> {
    enum TimerRequest {
        case keep
        case cancel
        case arm(ticks: Int, label: String?)
    }

    fileprivate(set) var events: [Event<Element>] = []
    fileprivate var timer = TimerRequest.keep
    fileprivate var upstream: Observable<Element>?

    /// Queues `event` for delivery, after the events queued before it.
    mutating func send(_ event: Event<Element>) {
        events.append(event)
    }

    /// Replaces the pending timer (if any) with one that fires after `ticks`.
    mutating func armTimer(after ticks: Int, label: String? = nil) {
        timer = .arm(ticks: ticks, label: label)
    }

    /// Cancels the pending timer, if any.
    mutating func cancelTimer() {
        timer = .cancel
    }

    /// Ends the current upstream subscription (if any) and subscribes to `source` instead.
    mutating func subscribe(to source: Observable<Element>) {
        upstream = source
    }
}

/// The engine shared by the time-based operators: per-subscription state behind one lock, a
/// single cancellable timer, a replaceable upstream, and serialized delivery.
///
/// Events come from two directions (the upstream and the scheduler's timer, possibly on
/// different threads), so every decision is made under the lock and its events are appended
/// to a queue in the same critical section: the order of decisions is the order of delivery.
/// Whoever finds the sink idle delivers the queue, outside the lock; everyone else only
/// enqueues. Timers and upstreams are created outside the lock, so an immediate scheduler or a
/// synchronous upstream may re-enter freely. A timer or upstream that has been replaced is
/// recognised by its generation and ignored.
///
/// `@unchecked Sendable`: all mutable state is inside `core`, a `SanitizerVisibleMutex`; `finished` is atomic;
/// the other stored properties are immutable.
final class _TimedSink<State, Element: Sendable>: Disposable, @unchecked Sendable {
    typealias EventHandler = @Sendable (inout State, Event<Element>, inout _TimedOutbox<Element>) -> Void
    typealias TimerHandler = @Sendable (inout State, inout _TimedOutbox<Element>) -> Void

    private struct Core {
        var state: State
        var outbox = _TimedOutbox<Element>()
        var head = 0
        var isDelivering = false
        /// A terminal event is queued or the sink was disposed: no more decisions.
        var isStopped = false
        var isDisposed = false
        var timerGeneration: UInt64 = 0
        var timer: (any Disposable)?
        var upstreamGeneration: UInt64 = 0
        var upstream: (any Disposable)?
        var upstreamEnded = false
    }

    private struct Plan {
        var oldTimer: (any Disposable)?
        var oldUpstream: (any Disposable)?
        var arm: (ticks: Int, label: String?, generation: UInt64)?
        var subscribe: (source: Observable<Element>, generation: UInt64)?
        var deliver = false
    }

    private let core: SanitizerVisibleMutex<Core>
    private let finished = Atomic<Bool>(false)
    private let observer: AnyObserver<Element>
    private let scheduler: any Scheduler
    private let label: String
    private let onEvent: EventHandler
    private let onTimer: TimerHandler
    private let tracker: SubscriptionTracker?

    init(
        _ observer: AnyObserver<Element>,
        scheduler: any Scheduler,
        label: String,
        state: sending State,
        onEvent: @escaping EventHandler,
        onTimer: @escaping TimerHandler
    ) {
        self.observer = observer
        self.scheduler = scheduler
        self.label = label
        self.onEvent = onEvent
        self.onTimer = onTimer
        core = SanitizerVisibleMutex(Core(state: state))
        tracker = LiveSubscriptions.increment()
    }

    /// Runs `body` with the state and an outbox, then carries out what it asked for.
    func update(_ body: (inout State, inout _TimedOutbox<Element>) -> Void) {
        perform(timer: nil, upstream: nil, body)
    }

    /// Subscribes to `source` as the upstream.
    func start(_ source: Observable<Element>) {
        update { _, outbox in outbox.subscribe(to: source) }
    }

    private func perform(
        timer timerGeneration: UInt64?,
        upstream upstreamGeneration: UInt64?,
        _ body: (inout State, inout _TimedOutbox<Element>) -> Void
    ) {
        let plan: Plan? = core.withLock { core in
            if core.isStopped { return nil }
            if let timerGeneration {
                guard timerGeneration == core.timerGeneration else { return nil }
                core.timer = nil
            }
            if let upstreamGeneration, upstreamGeneration != core.upstreamGeneration { return nil }
            body(&core.state, &core.outbox)
            return Self.plan(&core)
        }
        guard let plan else { return }
        plan.oldTimer?.dispose()
        plan.oldUpstream?.dispose()
        if let arm = plan.arm { schedule(arm.ticks, label: arm.label, generation: arm.generation) }
        if let subscribe = plan.subscribe { attach(subscribe.source, generation: subscribe.generation) }
        if plan.deliver { drain() }
    }

    private static func plan(_ core: inout Core) -> Plan {
        var plan = Plan()
        if let last = core.outbox.events.last, last.isTerminal { core.isStopped = true }
        switch core.outbox.timer {
        case .keep:
            break
        case .cancel:
            core.timerGeneration &+= 1
            plan.oldTimer = core.timer
            core.timer = nil
        case .arm(let ticks, let label):
            core.timerGeneration &+= 1
            plan.oldTimer = core.timer
            core.timer = nil
            if !core.isStopped { plan.arm = (ticks, label, core.timerGeneration) }
        }
        core.outbox.timer = .keep
        if let source = core.outbox.upstream {
            core.outbox.upstream = nil
            if !core.isStopped {
                core.upstreamGeneration &+= 1
                core.upstreamEnded = false
                plan.oldUpstream = core.upstream
                core.upstream = nil
                plan.subscribe = (source, core.upstreamGeneration)
            }
        }
        if !core.isDelivering && core.head < core.outbox.events.count {
            core.isDelivering = true
            plan.deliver = true
        }
        return plan
    }

    private func schedule(_ ticks: Int, label: String?, generation: UInt64) {
        let work = scheduler.schedule(after: .ticks(ticks), label: label ?? self.label) { [self] in
            perform(timer: generation, upstream: nil) { state, outbox in onTimer(&state, &outbox) }
        }
        let isStale = core.withLock { core -> Bool in
            if core.isStopped || core.timerGeneration != generation { return true }
            core.timer = work
            return false
        }
        if isStale { work.dispose() }
    }

    private func attach(_ source: Observable<Element>, generation: UInt64) {
        let subscription = source.subscribe(
            AnyObserver { [self] event in
                perform(timer: nil, upstream: generation) { state, outbox in onEvent(&state, event, &outbox) }
                if event.isTerminal { endUpstream(generation) }
            })
        let isStale = core.withLock { core -> Bool in
            if core.isStopped || core.upstreamGeneration != generation || core.upstreamEnded { return true }
            core.upstream = subscription
            return false
        }
        if isStale { subscription.dispose() }
    }

    /// Releases an upstream that sent its terminal event, so it is not kept until the next one.
    private func endUpstream(_ generation: UInt64) {
        let ended: (any Disposable)? = core.withLock { core in
            guard core.upstreamGeneration == generation else { return nil }
            core.upstreamEnded = true
            let ended = core.upstream
            core.upstream = nil
            return ended
        }
        ended?.dispose()
    }

    private func drain() {
        while true {
            let event: Event<Element>? = core.withLock { core in
                if core.isDisposed || core.head == core.outbox.events.count {
                    core.outbox.events.removeAll(keepingCapacity: true)
                    core.head = 0
                    core.isDelivering = false
                    return nil
                }
                let event = core.outbox.events[core.head]
                core.head += 1
                return event
            }
            guard let event else { return }
            observer.on(event)
            if event.isTerminal {
                finish()
                return
            }
        }
    }

    private func finish() {
        guard !finished.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let (timer, upstream) = core.withLock { core in
            core.isStopped = true
            core.timerGeneration &+= 1
            core.upstreamGeneration &+= 1
            let resources = (core.timer, core.upstream)
            core.timer = nil
            core.upstream = nil
            return resources
        }
        timer?.dispose()
        upstream?.dispose()
        LiveSubscriptions.decrement(tracker)
    }

    func dispose() {
        core.withLock { core in
            core.isDisposed = true
            core.isStopped = true
            core.outbox.events.removeAll()
            core.head = 0
        }
        finish()
    }
}
