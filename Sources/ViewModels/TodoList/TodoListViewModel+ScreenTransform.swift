public import Streams

extension TodoListViewModel {
    /// What a front end feeds the whole list scene: the person's actions.
    public struct ScreenInput: Sendable {
        /// What the person asks, in order.
        public var actions: Observable<Action>

        /// Creates the input.
        public init(actions: Observable<Action>) {
            self.actions = actions
        }
    }

    /// What a front end draws, and where it goes.
    public struct ScreenOutput: Sendable {
        /// The scene as it is now; sent on subscribe, then on every change.
        public let screen: Driver<Screen>
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires a front end's actions to the whole scene: selection, scroll window, input lines,
    /// questions and moves are kept here, so a front end maps keys to ``Action``s and draws
    /// ``Screen`` and holds nothing of its own.
    ///
    /// The window the list asks the service for follows the selection, and the selection
    /// follows what the window brings: that loop is closed here, once, by
    /// ``ObservableType/foldLoop(_:reduce:perform:)``.
    public func transform(screen input: ScreenInput) -> ScreenOutput {
        let effects = PublishRelay<Effect>()
        func requested<Value: Sendable>(_ pick: @escaping @Sendable (Effect) -> Value?) -> Observable<Value> {
            effects.asObservable().compactMap(pick)
        }
        let (data, route) = pipeline(
            Input(
                add: requested { if case .add(let title) = $0 { title } else { nil } },
                toggle: requested { if case .toggle(let id) = $0 { id } else { nil } },
                toggleAll: requested { $0 == .toggleAll ? () : nil },
                rename: requested { if case .rename(let rename) = $0 { rename } else { nil } },
                delete: requested { if case .delete(let id) = $0 { id } else { nil } },
                clearCompleted: requested { $0 == .clearCompleted ? () : nil },
                cycleFilter: requested { $0 == .cycleFilter ? () : nil },
                cycleSort: requested { $0 == .cycleSort ? () : nil },
                search: requested { if case .search(let text) = $0 { text } else { nil } },
                moveUp: requested { if case .moveUp(let id) = $0 { id } else { nil } },
                moveDown: requested { if case .moveDown(let id) = $0 { id } else { nil } },
                visibleRange: requested { if case .visibleRange(let range) = $0 { range } else { nil } },
                lastPage: requested { if case .lastPage(let limit) = $0 { limit } else { nil } },
                open: requested { if case .open(let id) = $0 { id } else { nil } },
                help: requested { $0 == .help ? () : nil },
                back: requested { $0 == .back ? () : nil }))
        // Effects on the data run on the scheduler, after the step that asked for them: a step
        // may run while the data side is still handing one change to its subscribers (a move is
        // computed from the window the list has loaded, so it must wait until every subscriber
        // has that window). Routes go at once: they read no data, and the app holds the next
        // key until a navigation asked for has happened.
        let scheduler = scheduler
        let screen = Observable.merge(input.actions.map(ScreenEvent.action), data.map(ScreenEvent.data))
            .foldLoop(
                Screen(), reduce: Self.reduceScreen,
                perform: { effect in
                    switch effect {
                    case .open, .help, .back: effects.accept(effect)
                    default: _ = scheduler.schedule(label: "todo list effect") { effects.accept(effect) }
                    }
                })
            .distinctUntilChanged()
            .asDriver(onErrorDriveWith: .empty(scheduler: scheduler), scheduler: scheduler)
        return ScreenOutput(screen: screen, route: route)
    }
}
