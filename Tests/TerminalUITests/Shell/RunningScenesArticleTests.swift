// The code of RunningScenes.md, compiled here so that the article cannot go stale; the
// test drives its controller through a shell without a terminal.
import Coordination
import Foundation
import Streams
import TerminalUI
import Testing

/// The app's one scene, carrying its view model.
struct CounterScene: CoordinatedScene {
    let viewModel: CounterViewModel
    var kind: String { "counter" }
}

/// Where the counter asks to go.
enum CounterRoute: Sendable { case quit }

/// A view model: actions in; the state to draw and the routes out, delivered on `scheduler`.
struct CounterViewModel: Sendable {
    enum Action: Sendable { case add, quit }
    let scheduler: any Scheduler

    func transform(actions: Observable<Action>) -> (state: Driver<Int>, route: Signal<CounterRoute>) {
        let count = actions.scan(0) { count, action in action == .add ? count + 1 : count }.startWith(0)
        let quit = actions.filter { $0 == .quit }.map { _ in CounterRoute.quit }
        return (
            count.asDriver(onErrorJustReturn: 0, scheduler: scheduler),
            quit.asSignal(onErrorJustReturn: .quit, scheduler: scheduler)
        )
    }
}

/// The scene on screen: keys become actions, the state is drawn.
final class CounterController: BoundSceneController<Int, CounterViewModel.Action>, SceneController {
    init(viewModel: CounterViewModel, context: SceneContext, onRoute: @escaping (CounterRoute) -> Void) {
        super.init(0, context: context, onRoute: onRoute, transform: viewModel.transform(actions:))
    }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        SceneScreen(
            chrome: SceneChrome(title: "Counter", hints: [KeyHint("Space", "add"), KeyHint("q", "quit")]),
            content: .list(header: "Counted \(scene.state)", window: ListWindow(lines: [])))
    }

    func handle(_ event: InputEvent) -> Bool {
        switch event {
        case .key(let key) where key == .character(" "): scene.send(.add)
        case .key(let key) where key == .character("q"): scene.send(.quit)
        default: return false
        }
        return true
    }
}

/// The composition root: the shell is the coordinator's presenter, and runs until `q`.
func runCounter() throws(TerminalError) -> Never {
    let ui = UIScheduler()
    let shell = TerminalShell<CounterScene, CounterRoute>(
        appName: "Counter", scheduler: ui, colorSupport: .detect(environment: ProcessInfo.processInfo.environment)
    ) { handle, context, route in
        CounterController(viewModel: handle.scene.viewModel, context: context, onRoute: route)
    }
    shell.closeOnExit { print("closing the database") }
    let coordinator = Coordinator<CounterScene, CounterRoute>(
        presenter: shell, root: { CounterScene(viewModel: CounterViewModel(scheduler: ui)) }
    ) { route, _ in
        switch route {
        case .quit: .quit
        }
    }
    try shell.run(coordinator)
}

@Test func theArticlesCounterCountsKeysTypedInOneBurst() {
    let queue = DispatchQueue(label: "counter.test")
    let ui = UIScheduler(queue: queue)
    final class Box: @unchecked Sendable {
        // Sendable because it is used only on `queue`.
        var shell: TerminalShell<CounterScene, CounterRoute>?
    }
    let box = Box()
    queue.sync {
        let shell = TerminalShell<CounterScene, CounterRoute>(
            appName: "Counter", requestRedraw: {}, onQuit: {},
            hop: { work in
                let step = UncheckedStep(work)
                queue.async { step.run() }
            }
        ) { handle, context, route in
            CounterController(viewModel: handle.scene.viewModel, context: context, onRoute: route)
        }
        let coordinator = Coordinator<CounterScene, CounterRoute>(
            presenter: shell, root: { CounterScene(viewModel: CounterViewModel(scheduler: ui)) }
        ) { _, _ in .quit }
        shell.connect(coordinator)
        coordinator.start()
        box.shell = shell
    }
    queue.sync {
        for _ in 0..<3 { box.shell?.handle(.key(.character(" "))) }
    }
    var text = ""
    for _ in 0..<50 where !text.contains("Counted 3") {
        queue.sync { text = box.shell?.render(size: TerminalSize(width: 40, height: 6)).textLines().joined() ?? "" }
    }
    #expect(text.contains("Counted 3"))
    // Quitting stops the scene: its view model's loop is disposed with it.
    queue.sync { box.shell?.quit() }
    queue.sync {}
}

/// A step run only on the test's serial queue.
private struct UncheckedStep: @unchecked Sendable {
    // Sendable because it runs only on the test's serial queue.
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}
