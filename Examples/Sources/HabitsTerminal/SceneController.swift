import Coordination
import Habits
import Streams
import TerminalUI

/// One scene on screen: keys sent to its view model as actions, its state drawn. Used only on
/// the UI queue.
protocol SceneController: AnyObject {
    /// The screen as the latest state draws it.
    func screen(size: TerminalSize) -> SceneScreen
    /// Handles a key or a paste; whether it used it.
    func handle(_ event: InputEvent) -> Bool
    /// Stops observing the view model.
    func stop()
}

/// The list scene's controller.
final class HabitListController: SceneController, @unchecked Sendable {
    // Sendable because it is touched only on the UI queue: the run loop calls it there and the
    // view model's outputs are delivered there.
    private let actions = PublishRelay<HabitListViewModel.Action>()
    private var state = HabitListViewModel.State()
    private let subscriptions = CompositeDisposable()

    init(
        viewModel: HabitListViewModel, onChange: @escaping @Sendable () -> Void,
        onRoute: @escaping @Sendable (HabitRoute) -> Void
    ) {
        let output = viewModel.transform(input: .init(actions: actions.asObservable()))
        _ = subscriptions.insert(
            output.state.drive(
                with: self,
                onNext: { controller, state in
                    controller.state = state
                    onChange()
                }))
        _ = subscriptions.insert(output.route.emit(onNext: onRoute))
    }

    func screen(size: TerminalSize) -> SceneScreen {
        HabitListScreen.screen(state, size: size)
    }

    func handle(_ event: InputEvent) -> Bool {
        guard let action = HabitListScreen.action(for: event, in: state) else { return false }
        actions.accept(action)
        return true
    }

    func stop() {
        subscriptions.dispose()
    }
}

/// The detail scene's controller.
final class HabitDetailController: SceneController, @unchecked Sendable {
    // Sendable because it is touched only on the UI queue, as the list's controller.
    private let actions = PublishRelay<HabitDetailViewModel.Action>()
    private var state = HabitDetailViewModel.State()
    private let subscriptions = CompositeDisposable()

    init(
        viewModel: HabitDetailViewModel, onChange: @escaping @Sendable () -> Void,
        onRoute: @escaping @Sendable (HabitRoute) -> Void
    ) {
        let output = viewModel.transform(input: .init(actions: actions.asObservable()))
        _ = subscriptions.insert(
            output.state.drive(
                with: self,
                onNext: { controller, state in
                    controller.state = state
                    onChange()
                }))
        _ = subscriptions.insert(output.route.emit(onNext: onRoute))
    }

    func screen(size: TerminalSize) -> SceneScreen {
        HabitDetailScreen.screen(state, size: size)
    }

    func handle(_ event: InputEvent) -> Bool {
        guard let action = HabitDetailScreen.action(for: event) else { return false }
        actions.accept(action)
        return true
    }

    func stop() {
        subscriptions.dispose()
    }
}
