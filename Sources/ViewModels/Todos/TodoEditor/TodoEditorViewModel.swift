package import Domain
package import SceneServices
package import Streams

/// The view model of the todo editor: title, notes and due date, validated as they are typed;
/// save; cancel, with a question when there are unsaved changes.
///
/// ```swift
/// let viewModel = TodoEditorViewModel(service: services.makeTodoEditorService(), todoID: 3, scheduler: uiScheduler)
/// let output = viewModel.transform(input: ScreenInput(actions: keys.map(actionForKey)))
/// output.state.drive(onNext: { state in draw(state) }).disposed(by: bag)
/// ```
package struct TodoEditorViewModel: ViewModelType, Sendable {
    let service: any TodoEditorServiceType
    let scheduler: any Scheduler
    /// The todo being edited, or `nil` for a new one.
    package let todoID: Int64?
    /// The due-date reader to use, asked for once when the editor is wired.
    let dueDays: @Sendable () -> DueDayParser

    /// Creates the editor for the todo `todoID`, or for a new todo when it is `nil`; its state
    /// and routes arrive on `scheduler`. `dueDays` gives the reader of typed due dates: today
    /// and the locale's day/month order (by default the system's; tests pass a fixed one).
    package init(
        service: any TodoEditorServiceType, todoID: Int64?, scheduler: any Scheduler,
        dueDays: @escaping @Sendable () -> DueDayParser = { .current() }
    ) {
        self.service = service
        self.todoID = todoID
        self.scheduler = scheduler
        self.dueDays = dueDays
    }

    /// What a person asks of the editor, whatever the keys that ask it.
    package enum Action: Sendable, Hashable {
        /// Move the focus by this many fields (wrapping round the three).
        case focus(by: Int)
        /// The focused field now holds this (for the notes, their lines).
        case edit(PromptText)
        /// The notes now hold these lines, and the area shows them this way (scroll, goal
        /// column): a key in the notes area. `overflowed`: the key or paste did not fit whole
        /// in ``TodoEditorViewModel/notesLimit`` characters, and what did not fit was dropped.
        case editNotes(PromptText, AreaView, overflowed: Bool = false)
        /// The notes area is `width` × `height` cells on screen (not a key).
        case notesArea(width: Int, height: Int)
        /// Save.
        case save
        /// Cancel (asks first when there are unsaved changes).
        case cancel
        /// Yes, discard the changes.
        case confirmDiscard
        /// No, keep editing.
        case keepEditing
        /// Show the key map.
        case help
    }

    /// The editor's fields, in order: the title line (what to do, and its attributes), the notes and the due day.
    package enum Field: Int, Sendable, Hashable, CaseIterable {
        case title, notes, due
    }

    /// The most characters typing or pasting puts in the notes. Notes stored longer (from the
    /// command line, which has no limit) open whole, and can be shortened but not lengthened.
    package static let notesLimit = 65_536

    /// One save: the fields written over the todo as loaded, and the todo as another process
    /// left it when the person was told of that change (the save then writes over it).
    package struct Save: Sendable, Hashable {
        /// The fields written.
        package let fields: TodoFields
        /// The todo as loaded, or `nil` for a new one.
        package let stored: Todo?
        /// The todo as changed elsewhere, as the person was shown it, if they were.
        package let seen: Todo?
    }

    /// What happens to the editor: what the person asked, and what the service answered.
    package enum Event: Sendable, Hashable {
        /// The person asked for this.
        case action(Action)
        /// The stored todo arrived (`nil`: there is none), or failed to.
        case loaded(Result<Todo?, SceneError>)
        /// A save finished.
        case saved(Save, Result<Todo, SceneError>)
        /// The status line's message timed out.
        case messageExpired(StatusMessageSlot.Expiry)
    }

    /// What a step asks for: a save, whose answer comes back as an event, or a route.
    enum Effect: Sendable, Hashable {
        case save(Save)
        case route(Route)
    }

    /// Wires a front end's actions to the whole editor: the fields as typed, their cursors and
    /// the focus are kept here; a front end maps keys to ``Action``s and draws ``State``.
    package func transform(input: ScreenInput<Action>) -> ScreenOutput<State> {
        let (service, scheduler) = (service, scheduler)
        let routes = PublishRelay<Route>()
        let state = Observable.system(
            initialState: State(id: todoID, dueDays: dueDays()),
            reduce: Self.reduce,
            effects: { effect in Self.perform(effect, service: service, routes: routes) },
            scheduler: scheduler,
            feedback: .events(input.actions.map(Event.action)),
            // The stored todo, read once while the editor waits for it.
            .react(
                request: { $0.isLoading ? $0.id : nil },
                effects: { answer(service.load(id: $0), Event.loaded) }),
            .expiringMessages(on: scheduler, as: Event.messageExpired))
        return ScreenOutput(states: state, routes: routes, scheduler: scheduler)
    }

    /// Starts what `effect` asks for; a save's answer comes back as ``Event/saved(_:_:)``.
    static func perform(
        _ effect: Effect, service: any TodoEditorServiceType, routes: PublishRelay<Route>
    ) -> Observable<Event> {
        switch effect {
        case .route(let route): return routes.follow(route)
        case .save(let save):
            return answer(service.save(save.fields, over: save.stored, overwriting: save.seen)) {
                Event.saved(save, $0)
            }
        }
    }
}
