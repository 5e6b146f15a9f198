import Streams

extension TodoListViewModel {
    /// Wires a front end's actions to the whole scene: selection, scroll window, input lines,
    /// questions and moves are kept here, so a front end maps keys to ``Action``s and draws
    /// ``Screen`` and holds nothing of its own.
    ///
    /// The window the list asks the service for follows the selection, and the selection
    /// follows what the window brings: that loop is closed here, once, by
    /// ``ObservableType/foldLoop(_:reduce:perform:)``.
    public func transform(screen input: ScreenInput<Action>) -> ScreenOutput<Screen> {
        let effects = ScreenEffects<Effect>()
        let (data, route) = pipeline(
            Input(
                add: effects.requested { if case .add(let title) = $0 { title } else { nil } },
                toggle: effects.requested { if case .toggle(let id) = $0 { id } else { nil } },
                rename: effects.requested { if case .rename(let rename) = $0 { rename } else { nil } },
                delete: effects.requested { if case .delete(let id) = $0 { id } else { nil } },
                planBulk: effects.requested { if case .planBulk(let request) = $0 { request } else { nil } },
                runBulk: effects.requested { if case .runBulk(let plan) = $0 { plan } else { nil } },
                cycleFilter: effects.requested { $0 == .cycleFilter ? () : nil },
                cycleSort: effects.requested { $0 == .cycleSort ? () : nil },
                locate: effects.requested { if case .locate(let id) = $0 { id } else { nil } },
                search: effects.requested { if case .search(let text) = $0 { text } else { nil } },
                moveUp: effects.requested { if case .moveUp(let id) = $0 { id } else { nil } },
                moveDown: effects.requested { if case .moveDown(let id) = $0 { id } else { nil } },
                visibleRange: effects.requested { if case .visibleRange(let range) = $0 { range } else { nil } },
                lastPage: effects.requested { if case .lastPage(let limit) = $0 { limit } else { nil } },
                open: effects.requested { if case .open(let id) = $0 { id } else { nil } },
                help: effects.requested { $0 == .help ? () : nil },
                back: effects.requested { $0 == .back ? () : nil },
                undo: effects.requested { $0 == .undo ? () : nil },
                redo: effects.requested { $0 == .redo ? () : nil }))
        let screen = effects.screen(
            Screen(), actions: input.actions, data: data, reduce: Self.reduceScreen,
            isRoute: { effect in
                switch effect {
                case .open, .help, .back: true
                default: false
                }
            }, scheduler: scheduler)
        return ScreenOutput(state: screen, route: route)
    }
}
