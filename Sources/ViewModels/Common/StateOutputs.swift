import Streams

/// The outputs of a view model that keeps its data in one `State` stream: each output is one
/// part of the state, sent when it changes, on the view model's scheduler, never failing.
///
/// ```swift
/// let output = StateOutputs(state, scheduler: scheduler)
/// return Output(title: output(\.title), rows: output(\.rows), route: route)
/// ```
struct StateOutputs<State: Sendable> {
    let state: Observable<State>
    let scheduler: any Scheduler

    init(_ state: Observable<State>, scheduler: any Scheduler) {
        self.state = state
        self.scheduler = scheduler
    }

    /// The part of the state that `value` picks, as a driver that skips repeats.
    func callAsFunction<Value: Equatable & Sendable>(_ value: @escaping @Sendable (State) -> Value) -> Driver<Value> {
        state.map(value).distinctUntilChanged()
            .asDriver(onErrorDriveWith: .empty(scheduler: scheduler))
    }
}
