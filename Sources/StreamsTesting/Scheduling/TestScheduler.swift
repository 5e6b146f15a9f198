public import Streams

/// A scheduler whose clock moves only when a test says so: virtual time in integer ticks
/// (1 tick = 1 ms, as `SchedulerDuration` counts), for exact, fast, deterministic tests of
/// time-based code.
///
/// ```swift
/// @Test func mapDoublesValues() {
///     let scheduler = TestScheduler(initialClock: 0)
///     let xs = scheduler.createHotObservable([.next(150, 1), .next(210, 2), .completed(300)])
///     let res = scheduler.start { xs.map { $0 * 2 } }  // create 100, subscribe 200, dispose 1000
///     #expect(res.events == [.next(210, 4), .completed(300)])
///     #expect(xs.subscriptions == [Subscription(200, 300)])
/// }
///
/// @Test func debounceWaitsForQuiet() {
///     let scheduler = TestScheduler()
///     let input = PublishSubject<String>()
///     let observer = scheduler.createObserver(String.self)
///     _ = input.debounce(.milliseconds(300), scheduler: scheduler).subscribe(observer)
///     scheduler.scheduleAt(100) { input.onNext("a") }
///     scheduler.advance(to: 399)
///     #expect(observer.events.isEmpty)
///     scheduler.advance(by: 1)
///     #expect(observer.events == [.next(400, "a")])
/// }
/// ```
///
/// The rules, each one tested:
/// - Work is kept in a binary heap ordered by due tick; work due at the same tick runs in the
///   order it was scheduled (FIFO). The create/subscribe/dispose steps of
///   ``start(created:subscribed:disposed:fileID:filePath:line:column:_:)`` run before other
///   work due at their tick, so a subscription window is exactly `[subscribed, disposed)`.
/// - Zero-delay work runs at the current tick; there is no "+1 processing delay" unless
///   `simulateProcessingDelay` asks for RxTest's.
/// - ``advance(to:fileID:filePath:line:column:)`` and ``advance(by:fileID:filePath:line:column:)``
///   run everything due up to and including the target tick, work scheduled meanwhile too.
/// - Time never goes back: advancing to the past records a test failure and changes nothing.
///   Work scheduled for a tick already past (``scheduleAt(_:label:_:)``, a hot event made
///   late) runs at the current tick, before the work due then, ordered by its tick and then by
///   the order of scheduling, as RxTest's `VirtualTimeScheduler` runs it.
/// - More than `actionsPerTickLimit` actions at one tick (a zero-period timer, a feedback
///   loop) stop the scheduler with a failure that lists the pending work, instead of hanging.
///   ``run(maxSteps:)`` throws in the same way when a source never ends.
/// - Disposing the result of a `schedule` call removes the work in O(1).
///
/// The scheduler is `Sendable`: its state is behind a `SanitizerVisibleMutex`, and actions run outside the
/// lock on the thread that called `advance` or `run`. One `advance` or `run` runs at a time;
/// calling one from inside a scheduled action records a failure.
public final class TestScheduler: Scheduler {
    /// The default of `actionsPerTickLimit`: how many actions may run at one tick.
    public static let defaultActionsPerTickLimit = 100_000
    /// The default of `runStepLimit`: how many actions ``run(fileID:filePath:line:column:)``
    /// runs before it reports a failure.
    public static let defaultRunStepLimit = 1_000_000

    struct State {
        var clock: Int
        var queue = _WorkQueue()
        var isDraining = false
        var isStopRequested = false
        var sources: [_WeakSource] = []
    }

    let state: SanitizerVisibleMutex<State>

    /// How many actions may run at one tick before the scheduler reports a livelock.
    public let actionsPerTickLimit: Int
    /// How many actions ``run(fileID:filePath:line:column:)`` runs before it reports a failure.
    public let runStepLimit: Int
    /// Whether work scheduled for now runs one tick later, as RxTest's `TestScheduler` does by
    /// default; see ``init(initialClock:actionsPerTickLimit:runStepLimit:simulateProcessingDelay:)``.
    public let simulateProcessingDelay: Bool
    /// Seconds of scheduler time per tick, RxTest's `resolution`: 0.001 (a tick is a
    /// millisecond, as everywhere in `Streams`) unless the scheduler is made with
    /// ``init(initialClock:resolution:simulateProcessingDelay:fileID:filePath:line:column:)``.
    public let resolution: Double
    /// `resolution` in milliseconds, the unit of `SchedulerDuration` and of ``now``.
    let millisecondsPerTick: Double

    /// Creates a scheduler whose clock reads `initialClock`.
    ///
    /// - Parameters:
    ///   - initialClock: The starting tick.
    ///   - actionsPerTickLimit: The number of actions that may run at a single tick before the
    ///     scheduler stops and reports a livelock.
    ///   - runStepLimit: The number of actions ``run(fileID:filePath:line:column:)`` runs before
    ///     it stops and reports work that never ends.
    ///   - simulateProcessingDelay: When true, work scheduled for now (``schedule(label:_:)``,
    ///     or ``schedule(after:label:_:)`` with no delay) runs at the next tick, like RxTest's
    ///     default: `subscribe(on:)`, `observe(on:)` and scheduler-taking `just`/`from` then take
    ///     one tick per hop, so a test ported from RxSwift keeps its expected times. Off by
    ///     default: zero-delay work runs at the current tick.
    public convenience init(
        initialClock: Int = 0,
        actionsPerTickLimit: Int = TestScheduler.defaultActionsPerTickLimit,
        runStepLimit: Int = TestScheduler.defaultRunStepLimit,
        simulateProcessingDelay: Bool = false
    ) {
        self.init(
            initialClock: initialClock, actionsPerTickLimit: actionsPerTickLimit, runStepLimit: runStepLimit,
            simulateProcessingDelay: simulateProcessingDelay, millisecondsPerTick: 1)
    }

    init(
        initialClock: Int, actionsPerTickLimit: Int, runStepLimit: Int, simulateProcessingDelay: Bool,
        millisecondsPerTick: Double
    ) {
        ExitLeakCheck.install()
        state = SanitizerVisibleMutex(State(clock: initialClock))
        self.actionsPerTickLimit = max(1, actionsPerTickLimit)
        self.runStepLimit = max(1, runStepLimit)
        self.simulateProcessingDelay = simulateProcessingDelay
        self.millisecondsPerTick = millisecondsPerTick
        resolution = millisecondsPerTick / 1000
    }

    /// The current time as `Scheduler` counts it, in milliseconds: the virtual tick itself
    /// unless a ``resolution`` other than a millisecond was chosen (then see ``clock``).
    public var now: Int {
        let clock = clock
        return millisecondsPerTick == 1 ? clock : Self.whole(Double(clock) * millisecondsPerTick)
    }

    /// The current virtual tick (RxTest's name; ``now`` too, at the default resolution).
    public var clock: Int { state.withLock { $0.clock } }

    /// `duration` in whole ticks, rounded to the nearest, as RxTest converts intervals.
    func ticks(_ duration: SchedulerDuration) -> Int {
        millisecondsPerTick == 1 ? duration.ticks : Self.whole(Double(duration.ticks) / millisecondsPerTick)
    }

    /// `value` rounded to the nearest whole number, saturating at the bounds of `Int`.
    private static func whole(_ value: Double) -> Int {
        let rounded = value.rounded()
        if rounded >= 0x1p63 { return .max }
        if rounded < -0x1p63 || rounded.isNaN { return .min }
        return Int(rounded)
    }

    /// The work scheduled and not yet run, in the order it will run.
    public var pendingWork: [PendingWork] {
        let (clock, items) = state.withLock { ($0.clock, $0.queue.pendingItems()) }
        return items.map { PendingWork(label: $0.label, dueTime: max($0.time, clock)) }
    }

    // MARK: - Scheduling

    /// Schedules `action` at the current tick, after the work already due at this tick (at the
    /// next tick when ``simulateProcessingDelay`` is on).
    @discardableResult
    public func schedule(label: String, _ action: @escaping @Sendable () -> Void) -> any Disposable {
        enqueue(at: nil, offset: simulateProcessingDelay ? 1 : 0, phase: _WorkQueue.workPhase, label: label, action)
    }

    /// Schedules `action` `delay` ticks from now; a zero or negative delay means the current tick.
    @discardableResult
    public func schedule(
        after delay: SchedulerDuration, label: String, _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let minimum = simulateProcessingDelay ? 1 : 0
        return enqueue(
            at: nil, offset: max(minimum, ticks(delay)), phase: _WorkQueue.workPhase, label: label, action)
    }

    /// Schedules `action` at the absolute tick `time`, with no processing delay even when
    /// ``simulateProcessingDelay`` is on, as RxTest's `scheduleAt`.
    ///
    /// A tick already past runs at the next step, at the current tick but before the work due
    /// then, ordered by its tick and then by the order of scheduling, as RxTest's scheduler
    /// does. This is how a test drives inputs: `scheduler.scheduleAt(250) { subject.onNext(5) }`.
    @discardableResult
    public func scheduleAt(
        _ time: Int, label: String = "scheduleAt", _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        enqueue(at: time, offset: 0, phase: _WorkQueue.workPhase, label: label, action)
    }

    /// Schedules at `time` (absolute) or at now + `offset`. A past time is kept as it is, so
    /// that past work runs first, in the order of its ticks; the clock never goes back for it.
    func enqueue(
        at time: Int?, offset: Int, phase: Int, label: String, _ action: @escaping @Sendable () -> Void
    ) -> any Disposable {
        let (slot, rank) = state.withLock { state in
            let due: Int
            if let time {
                due = time
            } else {
                let (sum, overflow) = state.clock.addingReportingOverflow(offset)
                due = overflow ? Int.max : sum
            }
            return state.queue.insert(time: due, phase: phase, label: label, action: action)
        }
        return _ScheduledWork(scheduler: self, slot: slot, rank: rank)
    }

    func cancel(slot: Int32, rank: Int) {
        _ = state.withLock { $0.queue.cancel(slot: slot, rank: rank) }
    }

    // MARK: - Moving time

    /// Moves the clock forward by `duration`, running all work due up to and including the
    /// new tick; `advance()` runs only the work due now.
    ///
    /// A negative duration records a failure at the caller and changes nothing.
    public func advance(
        by duration: SchedulerDuration = .zero,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        guard duration.ticks >= 0 else {
            _IssueReporter.recordFailure(
                "advance(by: \(duration.ticks)) would move time back from t=\(clock); time never goes back",
                at: position)
            return
        }
        let (sum, overflow) = clock.addingReportingOverflow(ticks(duration))
        advance(toTick: overflow ? Int.max : sum, call: "advance(by: \(duration))", at: position)
    }

    /// Moves the clock to `time`, running all work due up to and including that tick, work
    /// scheduled meanwhile too.
    ///
    /// A tick in the past records a failure at the caller and changes nothing: time never
    /// goes back.
    public func advance(
        to time: Int,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        let current = clock
        guard time >= current else {
            _IssueReporter.recordFailure(
                "advance(to: \(time)) would move time back from t=\(current); time never goes back", at: position)
            return
        }
        advance(toTick: time, call: "advance(to: \(time))", at: position)
    }

    func advance(toTick time: Int, call: String, at position: _SourcePosition) {
        switch drain(notAfter: time, maxSteps: Int.max) {
        case .idle:
            state.withLock { $0.clock = max($0.clock, time) }
        case .busy:
            _IssueReporter.recordFailure(
                "\(call) called while the scheduler is already running (from inside a scheduled action, "
                    + "or from another thread); the virtual clock runs one advance at a time", at: position)
        case .livelock(let error), .stepLimit(let error):
            _IssueReporter.recordFailure(error.message, at: position)
        }
    }

    /// Runs scheduled work until none is left, moving the clock to each item's tick.
    ///
    /// Never hangs: after ``runStepLimit`` actions (a source that never ends) or a
    /// livelock at one tick, it stops and records a failure listing the pending work. Use
    /// ``run(maxSteps:)`` to choose the limit and get an error instead.
    public func run(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        switch drain(notAfter: Int.max, maxSteps: runStepLimit, call: "run()") {
        case .idle:
            break
        case .busy:
            _IssueReporter.recordFailure(
                "run() called while the scheduler is already running (from inside a scheduled action, "
                    + "or from another thread); the virtual clock runs one advance at a time", at: position)
        case .livelock(let error), .stepLimit(let error):
            _IssueReporter.recordFailure(error.message, at: position)
        }
    }

    /// Runs scheduled work until none is left, or throws after `maxSteps` actions.
    ///
    /// - Throws: ``TestSchedulerError`` listing the pending work (label and due tick, such as
    ///   `debounce(300ms) due at t=1300`) when work remains after `maxSteps` actions, when more
    ///   than `actionsPerTickLimit` actions run at one tick, or when called while the scheduler
    ///   is already running.
    public func run(maxSteps: Int) throws(TestSchedulerError) {
        switch drain(notAfter: Int.max, maxSteps: max(0, maxSteps), call: "run(maxSteps: \(maxSteps))") {
        case .idle:
            return
        case .busy:
            throw TestSchedulerError(
                message: "run(maxSteps: \(maxSteps)) called while the scheduler is already running",
                now: clock, pendingWork: pendingWork)
        case .livelock(let error), .stepLimit(let error):
            throw error
        }
    }

    // MARK: - The loop

    enum DrainOutcome {
        case idle
        case busy
        case livelock(TestSchedulerError)
        case stepLimit(TestSchedulerError)
    }

    private enum Step {
        case run(@Sendable () -> Void)
        case idle
        case stepLimit
        case livelock(Int)
    }

    /// Runs work due at or before `limit`; the action runs outside the lock.
    private func drain(notAfter limit: Int, maxSteps: Int, call: String = "") -> DrainOutcome {
        let wasDraining = state.withLock { state in
            defer {
                state.isDraining = true
                state.isStopRequested = false
            }
            return state.isDraining
        }
        if wasDraining { return .busy }
        defer { state.withLock { $0.isDraining = false } }

        let perTickLimit = actionsPerTickLimit
        var steps = 0
        var tick = Int.min
        var stepsAtTick = 0
        while true {
            let step: Step = state.withLock { state in
                if state.isStopRequested { return .idle }
                guard let time = state.queue.peekTime(), time <= limit else { return .idle }
                if steps >= maxSteps { return .stepLimit }
                // Past work runs at the current tick and counts towards its limit.
                let due = max(time, state.clock)
                if due != tick {
                    tick = due
                    stepsAtTick = 0
                } else if stepsAtTick >= perTickLimit {
                    return .livelock(due)
                }
                guard let item = state.queue.popFirst(notAfter: limit) else { return .idle }
                if item.time > state.clock { state.clock = item.time }
                steps += 1
                stepsAtTick += 1
                return .run(item.action)
            }
            switch step {
            case .run(let action):
                action()
            case .idle:
                return .idle
            case .stepLimit:
                let clock = clock
                let pending = pendingWork
                return .stepLimit(
                    TestSchedulerError(
                        message: "\(call) stopped after \(steps) actions at t=\(clock) with work still pending "
                            + "(a source that never ends?): \(pending.summary)",
                        now: clock, pendingWork: pending))
            case .livelock(let time):
                let pending = pendingWork
                return .livelock(
                    TestSchedulerError(
                        message:
                            "more than \(perTickLimit) actions at t=\(time): livelock? pending: \(pending.summary)",
                        now: time, pendingWork: pending))
            }
        }
    }
}

/// Cancels one item of a ``TestScheduler``; small enough to live inline in `any Disposable`,
/// so scheduling allocates no disposable object.
struct _ScheduledWork: Disposable {
    let scheduler: TestScheduler
    let slot: Int32
    let rank: Int

    func dispose() {
        scheduler.cancel(slot: slot, rank: rank)
    }
}
