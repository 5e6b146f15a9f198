public import Streams

/// One view model's scene on screen: the actions a screen sends in, and the latest state it
/// draws. A controller holds one of these and nothing else that changes; the state lives in the
/// view model, and this keeps only the copy the last frame needs. Used only on the UI queue.
///
/// ```swift
/// let binding = SceneBinding(HabitListViewModel.State(), context: context, onRoute: route) { actions in
///     let output = viewModel.transform(input: .init(actions: actions))
///     return (output.state, output.route)
/// }
/// binding.send(.move(1))
/// ```
public final class SceneBinding<State: Sendable, Action: Sendable> {
    /// The scene's state as the view model last sent it.
    public private(set) var state: State
    private let actions = PublishRelay<Action>()
    private let bag = DisposeBag()

    /// Connects a view model through `transform`: it gets the stream of actions and returns
    /// the view model's state and routes, both delivered on the UI queue. Each state asks
    /// `context` for a frame; each route goes to `onRoute`.
    public init<Route: Sendable>(
        _ initial: State, context: SceneContext, onRoute: @escaping (Route) -> Void,
        transform: (Observable<Action>) -> (state: Driver<State>, route: Signal<Route>)
    ) {
        state = initial
        let output = transform(actions.asObservable())
        let apply = _OnUIQueue<State> { [unowned self] in state = $0 }
        let redraw = _OnUIQueue<Void> { [weak context] _ in context?.requestRedraw() }
        bag.insert(
            output.state.asObservable().subscribe(onNext: { value in
                apply.body(value)
                redraw.body(())
            }))
        let route = _OnUIQueue(body: onRoute)
        bag.insert(output.route.asObservable().subscribe(onNext: { route.body($0) }))
    }

    /// Sends an action to the view model.
    public func send(_ action: Action) { actions.accept(action) }

    /// Stops observing the view model.
    public func stop() { bag.dispose() }
}
