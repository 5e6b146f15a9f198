public import Streams

/// The detail of one habit: its streak and its check-in history, with a key to check in.
///
/// ```swift
/// let viewModel = HabitDetailViewModel(service: HabitDetailService(habitID: 7, habits: base), scheduler: ui)
/// let output = viewModel.transform(input: .init(checkIn: checkInKey.asObservable()))
/// ```
public struct HabitDetailViewModel: Sendable {
    let service: any HabitDetailServiceType
    let scheduler: any Scheduler

    /// A view model over its scene service; every output delivers on `scheduler`.
    public init(service: any HabitDetailServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }

    /// What the front end feeds the detail. Every stream defaults to one that never sends.
    public struct Input: Sendable {
        /// Check the habit in for today.
        public var checkIn: Observable<Void>
        /// Go back to the list.
        public var back: Observable<Void>

        /// Inputs; those left out never send.
        public init(checkIn: Observable<Void> = .never(), back: Observable<Void> = .never()) {
            self.checkIn = checkIn
            self.back = back
        }
    }

    /// What the detail shows and where it goes.
    public struct Output: Sendable {
        /// Everything the screen draws; it starts with the loading state.
        public let state: Driver<State>
        /// Where to go next.
        public let route: Signal<HabitRoute>
    }

    /// Everything the detail screen draws.
    public struct State: Hashable, Sendable {
        /// The habit, its history and the day, once read; `nil` while loading or once gone.
        public var detail: HabitDetail?
        /// Whether the habit has not been read yet.
        public var isLoading = true
        /// The latest news or failure, for the status line.
        public var message: String?

        /// The loading state.
        public init() {}
    }

    /// Something that changes the state.
    public enum Event: Hashable, Sendable {
        /// The habit was read (again); `nil`: it no longer exists.
        case detailLoaded(Result<HabitDetail?, HabitsError>)
        /// A check-in was recorded (`true`: a new one), or could not be.
        case checkedIn(Result<Bool, HabitsError>)
    }

    /// Wires the inputs to the outputs.
    public func transform(input: Input) -> Output {
        let service = service
        let scheduler = scheduler
        let state = Observable.merge(
            Observable.deferred { service.observeDetail(on: scheduler) }.map(Event.detailLoaded),
            input.checkIn.concatMap { service.checkInToday() }.map(Event.checkedIn)
        )
        .scan(State(), accumulator: Self.reduce)
        .startWith(State())
        .distinctUntilChanged()
        .asDriver(onErrorDriveWith: .empty(scheduler: scheduler))
        let route = input.back.map { HabitRoute.back }
            .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
        return Output(state: state, route: route)
    }

    /// The state after `event`: a pure function, tested on its own.
    public static func reduce(_ state: State, _ event: Event) -> State {
        var state = state
        switch event {
        case .detailLoaded(.success(let detail)):
            state.isLoading = false
            state.detail = detail
            if detail == nil { state.message = "This habit no longer exists." }
        case .detailLoaded(.failure(let error)):
            state.isLoading = false
            state.message = "Could not read the habit: \(error.message)"
        case .checkedIn(.success(let isNew)):
            state.message = isNew ? "Checked in for today." : "Already checked in today."
        case .checkedIn(.failure(let error)):
            state.message = "Could not check in: \(error.message)"
        }
        return state
    }
}
