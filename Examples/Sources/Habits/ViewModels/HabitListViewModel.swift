import Foundation
public import Streams

/// The habit list: every habit with today's check-in, a selection, a prompt to add one, and
/// the quote of the day.
///
/// It stores nothing: ``transform(input:)`` wires the inputs to one ``State`` (a `scan` over
/// ``reduce(_:_:)``) and to a route. A front end feeds the inputs and draws the state.
///
/// ```swift
/// let viewModel = HabitListViewModel(service: service, scheduler: ui)
/// let moves = PublishRelay<Int>()
/// let output = viewModel.transform(input: .init(moveSelection: moves.asObservable()))
/// let subscription = output.state.drive(onNext: { state in draw(state) })
/// moves.accept(1)  // select the next habit
/// ```
public struct HabitListViewModel: Sendable {
    let service: any HabitListServiceType
    let scheduler: any Scheduler

    /// A view model over its scene service; every output delivers on `scheduler`.
    public init(service: any HabitListServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }

    /// What the front end feeds the list. Every stream defaults to one that never sends.
    public struct Input: Sendable {
        /// Move the selection by this many rows (negative: up).
        public var moveSelection: Observable<Int>
        /// Open the prompt for a new habit's name.
        public var beginAdding: Observable<Void>
        /// Change the text in the prompt.
        public var editDraft: Observable<DraftEdit>
        /// Close the prompt without adding.
        public var cancelAdding: Observable<Void>
        /// Add a habit with this name (the prompt's text) and close the prompt.
        public var add: Observable<String>
        /// Check this habit in for today.
        public var checkIn: Observable<Int64>
        /// Open this habit's detail.
        public var open: Observable<Int64>
        /// End the app.
        public var quit: Observable<Void>

        /// Inputs; those left out never send.
        public init(
            moveSelection: Observable<Int> = .never(), beginAdding: Observable<Void> = .never(),
            editDraft: Observable<DraftEdit> = .never(), cancelAdding: Observable<Void> = .never(),
            add: Observable<String> = .never(), checkIn: Observable<Int64> = .never(),
            open: Observable<Int64> = .never(), quit: Observable<Void> = .never()
        ) {
            self.moveSelection = moveSelection
            self.beginAdding = beginAdding
            self.editDraft = editDraft
            self.cancelAdding = cancelAdding
            self.add = add
            self.checkIn = checkIn
            self.open = open
            self.quit = quit
        }
    }

    /// What the list shows and where it goes.
    public struct Output: Sendable {
        /// Everything the screen draws; it starts with the empty, loading state.
        public let state: Driver<State>
        /// Where to go next.
        public let route: Signal<HabitRoute>
    }

    /// Wires the inputs to the outputs.
    public func transform(input: Input) -> Output {
        let service = service
        let scheduler = scheduler
        let names = input.add.compactMap { Self.acceptedName($0) }
        let events = Observable.merge(
            Observable.deferred { service.observeHabits(on: scheduler) }.map(Event.habitsLoaded),
            Observable.deferred { service.quoteOfTheDay() }.map(Event.quoteLoaded),
            input.moveSelection.map(Event.moved),
            input.beginAdding.map { Event.addingBegan },
            input.editDraft.map(Event.draftEdited),
            input.cancelAdding.map { Event.addingCancelled },
            input.add.map(Event.addSubmitted),
            names.concatMap { service.addHabit(name: $0) }.map(Event.added),
            input.checkIn.concatMap { service.checkInToday(habitID: $0) }.map(Event.checkedIn)
        )
        let state = events.scan(State(), accumulator: Self.reduce)
            .startWith(State())
            .distinctUntilChanged()
            .asDriver(onErrorDriveWith: .empty(scheduler: scheduler))
        let route = Observable.merge(
            input.open.map { HabitRoute.detail(habitID: $0) },
            input.quit.map { HabitRoute.quit }
        )
        .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
        return Output(state: state, route: route)
    }

    /// `name` without surrounding blanks, or `nil` when ``problem(withName:)`` refuses it.
    static func acceptedName(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        return problem(withName: trimmed) == nil ? trimmed : nil
    }

    /// Why a (trimmed) name cannot be a habit's, or `nil` when it can.
    static func problem(withName name: String) -> String? {
        if name.isEmpty { return "A habit needs a name." }
        if name.count > 100 { return "A habit's name has at most 100 characters." }
        return nil
    }
}
