extension Scheduler {
    /// Runs `action` with `state` as soon as possible (RxSwift's `schedule(_:action:)`);
    /// disposing the result cancels the action if it has not run, and disposes what it returned
    /// if it has.
    @discardableResult
    public func schedule<State: Sendable>(
        _ state: State, action: @escaping @Sendable (State) -> any Disposable
    ) -> any Disposable {
        let returned = SingleAssignmentDisposable()
        let work = schedule(label: "schedule") { returned.set(action(state)) }
        return Disposables.create(work, returned)
    }

    /// Runs `action` with `state` once `dueTime` has passed (RxSwift's `scheduleRelative`);
    /// disposing the result cancels the action if it has not run, and disposes what it returned
    /// if it has.
    @discardableResult
    public func scheduleRelative<State: Sendable>(
        _ state: State, dueTime: SchedulerDuration, action: @escaping @Sendable (State) -> any Disposable
    ) -> any Disposable {
        let returned = SingleAssignmentDisposable()
        let work = schedule(after: dueTime, label: "scheduleRelative") { returned.set(action(state)) }
        return Disposables.create(work, returned)
    }

    /// Runs `action` first after `startAfter`, then every `period`, each time with the state
    /// the run before returned, starting from `state` (RxSwift's `schedulePeriodic`), until the
    /// result is disposed.
    ///
    /// The n-th run is due at `now + startAfter + n * period`, from the time of this call, so
    /// late runs do not shift later ones. A period that is not positive, or an
    /// ``ImmediateScheduler`` (which cannot wait), runs nothing.
    @discardableResult
    public func schedulePeriodic<State: Sendable>(
        _ state: State, startAfter: SchedulerDuration, period: SchedulerDuration,
        action: @escaping @Sendable (State) -> State
    ) -> any Disposable {
        guard period.ticks > 0, !(self is ImmediateScheduler) else { return Disposables.empty }
        let start = now
        let pending = SerialDisposable()
        @Sendable func run(_ state: State, count: Int) {
            let due = start + startAfter.ticks + count * period.ticks
            pending.set(
                schedule(after: .ticks(max(0, due - now)), label: "schedulePeriodic") {
                    if pending.isDisposed { return }
                    run(action(state), count: count + 1)
                })
        }
        run(state, count: 0)
        return pending
    }
}
