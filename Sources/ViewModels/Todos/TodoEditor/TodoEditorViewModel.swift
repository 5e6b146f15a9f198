public import Domain
public import SceneServices
public import Streams

/// The view model of the todo editor: title, notes and due date, validated as they are typed;
/// save; cancel, with a question when there are unsaved changes.
///
/// ```swift
/// let viewModel = TodoEditorViewModel(service: TodoEditorService(), todoID: 3, scheduler: uiScheduler)
/// let output = viewModel.transform(input: .init(title: titleRelay.asObservable(), save: saveKey.asObservable()))
/// output.canSave.subscribe(onNext: { enabled in render(enabled) }).disposed(by: bag)
/// ```
public struct TodoEditorViewModel: ViewModelType, Sendable {
    let service: any TodoEditorServiceType
    let scheduler: any Scheduler
    /// The todo being edited, or `nil` for a new one.
    public let todoID: Int64?
    /// The due-date reader to use, asked for once when the editor is wired.
    let dueDays: @Sendable () -> DueDayParser

    /// Creates the editor for the todo `todoID`, or for a new todo when it is `nil`; every output
    /// delivers on `scheduler`. `dueDays` gives the reader of typed due dates: today and the
    /// locale's day/month order (by default the system's; tests pass a fixed one).
    public init(
        service: any TodoEditorServiceType, todoID: Int64?, scheduler: any Scheduler,
        dueDays: @escaping @Sendable () -> DueDayParser = { .current() }
    ) {
        self.service = service
        self.todoID = todoID
        self.scheduler = scheduler
        self.dueDays = dueDays
    }

    /// What the UI feeds the editor. Every stream defaults to one that never sends.
    public struct Input: Sendable {
        /// The title field's text, on every change.
        public var title: Observable<String>
        /// The notes field's text, on every change.
        public var notes: Observable<String>
        /// The due date field's text, on every change.
        public var dueText: Observable<String>
        /// Save.
        public var save: Observable<Void>
        /// Cancel (asks first when there are unsaved changes; ignored while a save runs).
        public var cancel: Observable<Void>
        /// Yes, discard the changes.
        public var confirmDiscard: Observable<Void>
        /// No, keep editing.
        public var keepEditing: Observable<Void>
        /// Show the key map.
        public var help: Observable<Void>

        /// Creates inputs; those left out never send.
        public init(
            title: Observable<String> = .never(), notes: Observable<String> = .never(),
            dueText: Observable<String> = .never(), save: Observable<Void> = .never(),
            cancel: Observable<Void> = .never(), confirmDiscard: Observable<Void> = .never(),
            keepEditing: Observable<Void> = .never(), help: Observable<Void> = .never()
        ) {
            self.title = title
            self.notes = notes
            self.dueText = dueText
            self.save = save
            self.cancel = cancel
            self.confirmDiscard = confirmDiscard
            self.keepEditing = keepEditing
            self.help = help
        }
    }

    /// What the editor renders. No output fails.
    public struct Output: Sendable {
        /// The fields as stored or typed (stored values arrive once loaded).
        public let form: Driver<Form>
        /// Why the title cannot be saved, or `nil`.
        public let titleError: Driver<String?>
        /// Why the due date cannot be saved, or `nil`.
        public let dueError: Driver<String?>
        /// Whether save is enabled.
        public let canSave: Driver<Bool>
        /// Whether the stored todo is still loading.
        public let isLoading: Driver<Bool>
        /// Whether a save is in progress.
        public let isSaving: Driver<Bool>
        /// Whether to ask "discard unsaved changes?".
        public let isConfirmingDiscard: Driver<Bool>
        /// The latest failure to show, or `nil`.
        public let errorMessage: Driver<String?>
        /// Where to go next: back once saved or cancelled.
        public let route: Signal<Route>
    }

    /// Wires the editor's inputs to its outputs.
    public func transform(input: Input) -> Output {
        let (state, route) = pipeline(input)
        let output = StateOutputs(state, scheduler: scheduler)
        return Output(
            form: output(\.form), titleError: output(\.form.titleError), dueError: output(\.form.dueError),
            canSave: output(\.canSave), isLoading: output(\.form.isLoading), isSaving: output(\.isSaving),
            isConfirmingDiscard: output(\.isConfirmingDiscard), errorMessage: output(\.errorMessage), route: route)
    }

    /// The editor's state and its routes, from the inputs.
    func pipeline(_ input: Input) -> (state: Observable<State>, route: Signal<Route>) {
        let service = service
        let scheduler = scheduler
        let todoID = todoID
        let parser = dueDays()

        let loaded: Observable<FormEvent> =
            if let todoID {
                Observable.deferred { service.load(id: todoID) }
                    .recoveringAsResult()
                    .map(FormEvent.loaded)
            } else {
                .empty()
            }
        // A save refused because another process changed the todo tells the form, so that the
        // next save, asked for knowing it, writes over that change.
        let changedElsewhere = PublishRelay<Todo>()
        let form = Observable.merge(
            loaded,
            input.title.map(FormEvent.editTitle),
            input.notes.map(FormEvent.editNotes),
            input.dueText.map(FormEvent.editDue),
            changedElsewhere.asObservable().map(FormEvent.changedElsewhere)
        )
        .scan(Form(id: todoID, dueDays: parser), accumulator: Self.reduceForm)
        .startWith(Form(id: todoID, dueDays: parser))
        .share(replay: 1)

        // One save at a time: a press while a save runs is ignored. A failed save frees the key
        // again; a successful one keeps it taken, as the editor is closing.
        let saves = input.save.withLatestFrom(form)
            .compactMap { form in
                form.fields.map { (fields: $0, stored: form.stored, seen: form.changedElsewhere) }
            }
            .exhaustMap { save in
                service.save(save.fields, over: save.stored, overwriting: save.seen).recoveringAsResult()
                    .do(onNext: { result in
                        if case .failure(.changedElsewhere(let current)) = result { changedElsewhere.accept(current) }
                    })
                    .concatMap { result -> Observable<Event> in
                        switch result {
                        case .success:
                            Observable.merge(.just(.saved(result)), .never())
                        case .failure(.changedElsewhere(let current)):
                            // What changed since the person last saw the todo, among what they changed.
                            .just(
                                .changedElsewhere(
                                    Self.conflicts(
                                        saving: save.fields, over: save.stored, seen: save.seen, now: current)))
                        case .failure:
                            .just(.saved(result))
                        }
                    }
            }

        let state = Observable.merge(
            form.map(Event.formChanged),
            input.save.map { Event.saveRequested },
            saves,
            input.cancel.map { Event.cancelRequested },
            input.confirmDiscard.map { Event.discardConfirmed },
            input.keepEditing.map { Event.discardDeclined }
        )
        .scan(State(id: todoID, dueDays: parser), accumulator: Self.reduce)
        .share(replay: 1)

        let route = Observable.merge(
            state.map(\.isFinished).distinctUntilChanged().filter { $0 }.map { _ in Route.back },
            input.help.map { Route.help(.todoEditor) }
        )
        .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
        return (state, route)
    }
}
