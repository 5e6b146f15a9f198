public import Coordination
import Dispatch
public import Habits
import Streams
public import TerminalUI

/// Shows the coordinator's scenes in the terminal: a controller per scene, stacked, the top
/// one drawn and given the keys; the routes its view model emits go back to the coordinator.
///
/// Every mutable field is touched on the UI queue only: the presenter methods hop onto it,
/// and the run loop calls ``render(size:)`` and ``handle(_:)`` there.
public final class TerminalPresenter: ScenePresenter, @unchecked Sendable {
    // Sendable because its mutable state is touched only on `queue`, the UI queue.
    private let queue: DispatchQueue
    private let requestRedraw: @Sendable () -> Void
    private let onQuit: @Sendable () -> Void
    private var stack: [(id: Int, controller: any SceneController)] = []
    private var coordinator: HabitCoordinator?
    private var waiting: [InputEvent] = []
    private var isSettling = false

    /// A presenter on `scheduler`'s queue that asks for frames with `requestRedraw` and ends
    /// the app with `onQuit`.
    public init(
        scheduler: UIScheduler, requestRedraw: @escaping @Sendable () -> Void, onQuit: @escaping @Sendable () -> Void
    ) {
        queue = scheduler.queue
        self.requestRedraw = requestRedraw
        self.onQuit = onQuit
    }

    /// Sends the scenes' routes to `coordinator`.
    public func connect(_ coordinator: HabitCoordinator) {
        queue.async { [self] in self.coordinator = coordinator }
    }

    /// Shows a scene on top (a root scene replaces them all).
    public func present(_ handle: SceneHandle<HabitScene>) {
        queue.async { [self] in
            if handle.presentation == .root {
                for entry in stack { entry.controller.stop() }
                stack.removeAll()
            }
            stack.append((handle.id, makeController(for: handle)))
            requestRedraw()
        }
    }

    /// Removes a scene; the one below shows again.
    public func dismiss(_ handle: SceneHandle<HabitScene>) {
        queue.async { [self] in
            guard let index = stack.firstIndex(where: { $0.id == handle.id }) else { return }
            for entry in stack[index...] { entry.controller.stop() }
            stack.removeSubrange(index...)
            requestRedraw()
        }
    }

    /// Stops every scene and ends the app.
    public func quit() {
        queue.async { [self] in
            for entry in stack.reversed() { entry.controller.stop() }
            stack.removeAll()
            waiting.removeAll()
            onQuit()
        }
    }

    /// The top scene drawn at `size`. Call on the UI queue.
    public func render(size: TerminalSize) -> CellBuffer {
        guard let top = stack.last else { return CellBuffer(size: size) }
        return top.controller.screen(size: size).render(size: size)
    }

    /// Gives a key or a paste to the top scene; Ctrl-C quits from anywhere. Call on the UI queue.
    public func handle(_ event: InputEvent) {
        switch event {
        case .key(let key) where key == .control("c"):
            quit()
        case .resize:
            requestRedraw()
        default:
            waiting.append(event)
            if !isSettling { deliverNext() }
        }
    }

    /// Gives the oldest waiting key to the top scene, then lets the work it started run before
    /// the next one. A key's effect reaches the screen's state one hop later (the view model
    /// delivers on this queue, asynchronously), and a route two hops later (the route, then the
    /// coordinator's presentation), so keys typed in one burst ("a", "W", "a", "l", "k") would
    /// otherwise all be read against the state before the first.
    private func deliverNext() {
        guard !waiting.isEmpty else {
            isSettling = false
            return
        }
        isSettling = true
        let event = waiting.removeFirst()
        if stack.last?.controller.handle(event) == true { requestRedraw() }
        queue.async { [self] in queue.async { [self] in deliverNext() } }
    }

    private func makeController(for handle: SceneHandle<HabitScene>) -> any SceneController {
        let onRoute: @Sendable (HabitRoute) -> Void = { [weak self] route in
            self?.coordinator?.follow(route, from: handle)
        }
        switch handle.scene {
        case .list(let viewModel):
            return HabitListController(viewModel: viewModel, onChange: requestRedraw, onRoute: onRoute)
        case .detail(_, let viewModel):
            return HabitDetailController(viewModel: viewModel, onChange: requestRedraw, onRoute: onRoute)
        }
    }
}
