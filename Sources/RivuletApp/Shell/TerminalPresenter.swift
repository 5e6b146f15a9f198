package import Coordination
import Dispatch
import Streams
package import TerminalUI
import ViewModels

/// Shows the coordinator's scenes in the terminal: builds a controller for each scene handle,
/// stacks them in an ``AppShell``, and sends their routes back to the coordinator.
///
/// ```swift
/// let presenter = TerminalPresenter(scheduler: runLoop.scheduler, requestRedraw: runLoop.requestRedraw, onQuit: quit)
/// let coordinator = SceneCoordinator(services: services, scheduler: runLoop.scheduler, presenter: presenter)
/// presenter.connect(coordinator)
/// coordinator.start()
/// ```
package final class TerminalPresenter: ScenePresenter, @unchecked Sendable {
    // Sendable because every mutable field is touched only on the UI queue (`queue`); the
    // presenter methods hop onto it.

    /// The scenes on screen; render and deliver input through it, on the UI queue.
    package let shell: AppShell
    private let queue: DispatchQueue
    private let context: SceneContext
    private var coordinator: SceneCoordinator?
    private var spinnerTimer: (any DispatchSourceTimer)?

    /// A presenter whose scenes run on `scheduler`'s queue, asking for frames with
    /// `requestRedraw`, ending the app with `onQuit` and suspending it (`Ctrl-Z`) with
    /// `onSuspend`.
    package init(
        scheduler: UIScheduler, requestRedraw: @escaping @Sendable () -> Void,
        onQuit: @escaping @Sendable () -> Void, onSuspend: @escaping @Sendable () -> Void = {}
    ) {
        queue = scheduler.queue
        context = SceneContext(redraw: requestRedraw)
        let queue = queue
        shell = AppShell(
            onChange: requestRedraw, onQuit: onQuit, onSuspend: onSuspend,
            deferring: { work in
                // Two hops: a key's action is folded in a turn of the view model's system on
                // this queue, and the state that turn made reaches the scene in the hop after
                // it (a driver delivers on its scheduler); the next key waits for both.
                let step = _OnUIQueue<Void>(body: { _ in work() })
                queue.async { queue.async { step.body(()) } }
            })
    }

    /// Sends the scenes' routes to `coordinator`.
    package func connect(_ coordinator: SceneCoordinator) {
        queue.async { [self] in
            self.coordinator = coordinator
            startSpinner()
        }
    }

    /// Shows a scene on top.
    package func present(_ scene: SceneHandle<Scene>) {
        queue.async { [self] in
            let controller = makeController(for: scene)
            shell.push(
                controller, id: scene.id, isRoot: scene.presentation == .root,
                isModal: scene.presentation == .modal && scene.scene.kind == .help)
        }
    }

    /// Removes a scene.
    package func dismiss(_ scene: SceneHandle<Scene>) {
        queue.async { [self] in shell.remove(id: scene.id) }
    }

    /// Ends the app.
    package func quit() {
        queue.async { [self] in
            spinnerTimer?.cancel()
            shell.quit()
        }
    }

    private func makeController(for handle: SceneHandle<Scene>) -> any SceneController {
        let onRoute: (Route) -> Void = { [weak self] route in
            guard let self else { return }
            // Keys typed after the one that navigates wait until the scene it shows (or the one
            // it uncovers) is on top: the coordinator's presentation hops onto this queue, and
            // the end of the navigation is queued behind it.
            shell.beginNavigation()
            coordinator?.follow(route, from: handle)
            let shell = shell
            queue.async { [shell] in shell.endNavigation() }
        }
        switch handle.scene {
        case .home(let viewModel):
            return HomeController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .todoList(let viewModel):
            return TodoListController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .todoEditor(let viewModel):
            return TodoEditorController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .feeds(let viewModel):
            return FeedListController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .feedItems(let viewModel):
            return FeedItemsController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .help(let viewModel):
            return HelpController(viewModel: viewModel, context: context, onRoute: onRoute)
        }
    }

    /// Advances the spinner ten times a second; a frame that changes nothing writes nothing.
    private func startSpinner() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        let context = context
        timer.setEventHandler {
            context.spinnerFrame &+= 1
            context.requestRedraw()
        }
        timer.resume()
        spinnerTimer = timer
    }
}
