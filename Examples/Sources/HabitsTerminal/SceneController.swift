import Coordination
import Habits
import Streams
import TerminalUI

/// One scene on screen: its view model's inputs fed from keys, its state drawn. Used only on
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
    private let moves = PublishRelay<Int>()
    private let beginAdding = PublishRelay<Void>()
    private let edits = PublishRelay<DraftEdit>()
    private let cancelAdding = PublishRelay<Void>()
    private let add = PublishRelay<String>()
    private let checkIn = PublishRelay<Int64>()
    private let open = PublishRelay<Int64>()
    private let quit = PublishRelay<Void>()
    private var state = HabitListViewModel.State()
    private let subscriptions = CompositeDisposable()

    init(
        viewModel: HabitListViewModel, onChange: @escaping @Sendable () -> Void,
        onRoute: @escaping @Sendable (HabitRoute) -> Void
    ) {
        let output = viewModel.transform(
            input: .init(
                moveSelection: moves.asObservable(), beginAdding: beginAdding.asObservable(),
                editDraft: edits.asObservable(), cancelAdding: cancelAdding.asObservable(), add: add.asObservable(),
                checkIn: checkIn.asObservable(), open: open.asObservable(), quit: quit.asObservable()))
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
        guard let intent = HabitListScreen.intent(for: event, in: state) else { return false }
        switch intent {
        case .move(let delta): moves.accept(delta)
        case .beginAdding: beginAdding.accept(())
        case .edit(let edit): edits.accept(edit)
        case .cancelAdding: cancelAdding.accept(())
        case .add(let name): add.accept(name)
        case .checkIn(let id): checkIn.accept(id)
        case .open(let id): open.accept(id)
        case .quit: quit.accept(())
        }
        return true
    }

    func stop() {
        subscriptions.dispose()
    }
}

/// The detail scene's controller.
final class HabitDetailController: SceneController, @unchecked Sendable {
    // Sendable because it is touched only on the UI queue, as the list's controller.
    private let checkIn = PublishRelay<Void>()
    private let back = PublishRelay<Void>()
    private var state = HabitDetailViewModel.State()
    private let subscriptions = CompositeDisposable()

    init(
        viewModel: HabitDetailViewModel, onChange: @escaping @Sendable () -> Void,
        onRoute: @escaping @Sendable (HabitRoute) -> Void
    ) {
        let output = viewModel.transform(input: .init(checkIn: checkIn.asObservable(), back: back.asObservable()))
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
        switch HabitDetailScreen.intent(for: event) {
        case .checkIn: checkIn.accept(())
        case .back: back.accept(())
        case nil: return false
        }
        return true
    }

    func stop() {
        subscriptions.dispose()
    }
}
