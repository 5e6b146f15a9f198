import Coordination
import TerminalUI
import Testing

/// A scene of the tests: the controller the shell shows for it.
private struct StubScene: CoordinatedScene {
    let controller: StubController
    var kind: String { controller.title }
}

/// Where a stub scene asks to go.
private enum StubRoute: Sendable {
    case push(StubController)
    case modal(StubController)
    case replace(StubController)
    case back
    case quit
}

private final class StubController: SceneController, @unchecked Sendable {
    // Sendable because the tests use it on one thread.
    let title: String
    var received: [InputEvent] = []
    var isStopped = false
    var isReady = true
    var hasUnsavedInput = false
    var unsavedWork = "What you typed is not saved."
    var isOverlay = false
    /// Where the shell sends this scene's routes.
    var route: (StubRoute) -> Void = { _ in }
    /// A key that navigates, and where: the route goes out when `later` runs its closure.
    var navigation: (key: InputEvent, route: StubRoute, later: (@escaping () -> Void) -> Void)?
    /// Where a key's text goes to arrive later, when the scene takes text.
    var textArrivesLater: ((@escaping () -> Void) -> Void)?

    init(_ title: String) { self.title = title }

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen {
        var screen =
            under
            ?? SceneScreen(
                chrome: SceneChrome(title: title), content: .list(header: nil, window: ListWindow(lines: [])))
        if under != nil { screen.chrome.help = [KeyHint("x", title)] }
        return screen
    }

    func handle(_ event: InputEvent) -> Bool {
        received.append(event)
        // Like a view model's state, the text shows up in the scene after the key's work has run.
        if let later = textArrivesLater, case .key = event { later { [self] in hasUnsavedInput = true } }
        if let navigation, navigation.key == event {
            // Like a view model's route, it is emitted on the UI queue after the key's turn.
            navigation.later { [self] in route(navigation.route) }
        }
        return true
    }

    func stop() { isStopped = true }
}

/// The UI queue, run by hand: work queued on it waits for `runAll()`.
private final class FakeUIQueue: @unchecked Sendable {
    // Sendable because the tests use it on one thread.
    private var work: [() -> Void] = []

    func enqueue(_ step: @escaping () -> Void) { work.append(step) }

    func runAll() {
        while !work.isEmpty { work.removeFirst()() }
    }
}

private final class Clock: @unchecked Sendable {
    // Sendable because the tests use it on one thread.
    var now: UInt64 = 1_000
}

private final class Counter: @unchecked Sendable {
    // Sendable because the tests use it on one thread.
    var changes = 0
    var quits = 0
    var suspends = 0
    var closes = 0
}

/// A shell over a coordinator whose root scene is `root`; the coordinator is connected but not
/// started unless `start` says so.
private func makeShell(
    root: StubController, counter: Counter = Counter(), queue: FakeUIQueue? = nil, clock: Clock? = nil,
    start: Bool = true
) -> (TerminalShell<StubScene, StubRoute>, Coordinator<StubScene, StubRoute>) {
    let hop: (@escaping () -> Void) -> Void = queue.map { queue in { queue.enqueue($0) } } ?? { $0() }
    let uptime: () -> UInt64 = clock.map { clock in { clock.now } } ?? TerminalShell<StubScene, StubRoute>.systemUptime
    let shell = TerminalShell<StubScene, StubRoute>(
        appName: "Rivulet", requestRedraw: { counter.changes += 1 }, onQuit: { counter.quits += 1 },
        onSuspend: { counter.suspends += 1 }, hop: hop, uptime: uptime
    ) { handle, _, route in
        handle.scene.controller.route = route
        return handle.scene.controller
    }
    let coordinator = Coordinator<StubScene, StubRoute>(presenter: shell, root: { StubScene(controller: root) }) {
        route, _ in
        switch route {
        case .push(let controller): .push(StubScene(controller: controller))
        case .modal(let controller): .modal(StubScene(controller: controller))
        case .replace(let controller): .replace(StubScene(controller: controller))
        case .back: .pop
        case .quit: .quit
        }
    }
    shell.connect(coordinator)
    if start { coordinator.start() }
    return (shell, coordinator)
}

private let size = TerminalSize(width: 40, height: 10)

@Test func keysGoToTheTopScene() {
    let home = StubController("Home")
    let list = StubController("Todos")
    let (shell, _) = makeShell(root: home)
    home.route(.push(list))
    shell.handle(.key(.character("j")))
    #expect(list.received == [.key(.character("j"))])
    #expect(home.received.isEmpty)
}

@Test func theScenesOnScreenAreTheCoordinatorsStack() {
    let home = StubController("Home")
    let list = StubController("Todos")
    let (shell, coordinator) = makeShell(root: home)
    home.route(.push(list))
    #expect(shell.depth == 2)
    #expect(coordinator.stack.kinds == ["Home", "Todos"])
    list.route(.back)
    #expect(shell.depth == 1)
    #expect(coordinator.stack.kinds == ["Home"])
}

@Test func controlCQuitsFromAnywhereAndStopsEveryScene() {
    let counter = Counter()
    let home = StubController("Home")
    let list = StubController("Todos")
    let (shell, _) = makeShell(root: home, counter: counter)
    home.route(.push(list))
    shell.handle(.key(.control("c")))
    #expect(counter.quits == 1)
    #expect(home.isStopped && list.isStopped)
    #expect(list.received.isEmpty)
}

@Test func poppingASceneStopsItAndTheOneBeneathTakesTheKeys() {
    let scenes = [StubController("a"), StubController("b"), StubController("c")]
    let (shell, _) = makeShell(root: scenes[0])
    scenes[0].route(.push(scenes[1]))
    scenes[1].route(.push(scenes[2]))
    scenes[2].route(.back)
    #expect(shell.depth == 2)
    #expect(!scenes[0].isStopped && !scenes[1].isStopped && scenes[2].isStopped)
    shell.handle(.key(.character("j")))
    #expect(scenes[1].received == [.key(.character("j"))])
}

@Test func aNewRootStopsEverySceneBeneathIt() {
    let scenes = [StubController("a"), StubController("b"), StubController("c")]
    let (shell, _) = makeShell(root: scenes[0])
    scenes[0].route(.push(scenes[1]))
    scenes[1].route(.replace(scenes[2]))
    #expect(shell.depth == 1)
    #expect(scenes[0].isStopped && scenes[1].isStopped && !scenes[2].isStopped)
}

@Test func anOverlayIsDrawnOverTheSceneBeneath() {
    let list = StubController("Todos")
    let help = StubController("help")
    help.isOverlay = true
    let (shell, _) = makeShell(root: list)
    list.route(.modal(help))
    let text = shell.render(size: size).textLines().joined(separator: "\n")
    #expect(text.contains("Rivulet · Todos"))
    #expect(text.contains("Keys · Todos"))
}

@Test func aModalThatIsNoOverlayIsDrawnAlone() {
    let list = StubController("Todos")
    let editor = StubController("Edit todo")
    let (shell, _) = makeShell(root: list)
    list.route(.modal(editor))
    let text = shell.render(size: size).textLines().joined(separator: "\n")
    #expect(text.contains("Rivulet · Edit todo"))
    #expect(!text.contains("Todos"))
}

@Test func controlZSuspendsFromAnywhereWithoutReachingTheScene() {
    let counter = Counter()
    let list = StubController("Todos")
    let (shell, _) = makeShell(root: list, counter: counter)
    shell.handle(.key(.control("z")))
    #expect(counter.suspends == 1)
    #expect(counter.quits == 0)
    #expect(list.received.isEmpty && !list.isStopped)
}

@Test func aResizeAsksForAFrameWithoutReachingTheScene() {
    let counter = Counter()
    let list = StubController("Todos")
    let (shell, _) = makeShell(root: list, counter: counter)
    let before = counter.changes
    shell.handle(.resize(TerminalSize(width: 100, height: 30)))
    #expect(counter.changes == before + 1)
    #expect(list.received.isEmpty)
}

@Test func keysTypedRightAfterANavigationGoToTheSceneItShows() {
    let queue = FakeUIQueue()
    let home = StubController("Home")
    let todos = StubController("Todos")
    home.navigation = (.key(.character("t")), .push(todos), { queue.enqueue($0) })
    let (shell, _) = makeShell(root: home, queue: queue)
    queue.runAll()
    // Both keys arrive in one read, before the navigation has taken effect.
    shell.handle(.key(.character("t")))
    shell.handle(.key(.character("a")))
    queue.runAll()
    #expect(home.received == [.key(.character("t"))])
    #expect(todos.received == [.key(.character("a"))])
}

@Test func keysWaitWhileANavigationIsInFlight() {
    let queue = FakeUIQueue()
    let home = StubController("Home")
    let list = StubController("Todos")
    let (shell, _) = makeShell(root: home, queue: queue)
    queue.runAll()
    home.route(.push(list))
    shell.handle(.key(.character("j")))
    #expect(home.received.isEmpty && list.received.isEmpty)
    #expect(shell.waitingCount == 1)
    queue.runAll()
    #expect(list.received == [.key(.character("j"))])
    #expect(shell.waitingCount == 0)
}

@Test func controlCQuitsAtOnceEvenWhileKeysWait() {
    let counter = Counter()
    let queue = FakeUIQueue()
    let home = StubController("Home")
    let (shell, _) = makeShell(root: home, counter: counter, queue: queue)
    queue.runAll()
    home.route(.push(StubController("Todos")))
    shell.handle(.key(.character("j")))
    shell.handle(.key(.control("c")))
    #expect(counter.quits == 1)
    #expect(shell.waitingCount == 0)
    #expect(home.received.isEmpty)
}

@Test func keysTypedBeforeTheFirstSceneWaitForIt() {
    let home = StubController("Home")
    let (shell, coordinator) = makeShell(root: home, start: false)
    shell.handle(.key(.character("?")))
    shell.handle(.key(.character("j")))
    #expect(shell.waitingCount == 2)
    coordinator.start()
    #expect(home.received == [.key(.character("?")), .key(.character("j"))])
    #expect(shell.waitingCount == 0)
}

@Test func keysForASceneThatIsNotReadyWaitUntilAFrameFindsItReady() {
    let list = StubController("Todos")
    list.isReady = false
    let (shell, _) = makeShell(root: list)
    shell.handle(.key(.character("j")))
    shell.handle(.key(.character("j")))
    _ = shell.render(size: size)
    #expect(list.received.isEmpty)
    #expect(shell.waitingCount == 2)
    // The list arrived: its new state asks for a frame, and the keys go on, in order.
    list.isReady = true
    _ = shell.render(size: size)
    #expect(list.received == [.key(.character("j")), .key(.character("j"))])
    #expect(shell.waitingCount == 0)
}

@Test func keysGoToASceneThatIsStillNotReadyOnceTheyHaveWaitedLongEnough() {
    let clock = Clock()
    let list = StubController("Todos")
    list.isReady = false
    let (shell, _) = makeShell(root: list, clock: clock)
    shell.handle(.key(.character("q")))
    clock.now += TerminalShell<StubScene, StubRoute>.readinessWait - 1
    _ = shell.render(size: size)
    #expect(list.received.isEmpty)
    clock.now += 1
    _ = shell.render(size: size)
    #expect(list.received == [.key(.character("q"))])
}

@Test func aSceneThatStopsBeingReadyLaterHoldsKeysForTheFullWaitFromThen() {
    let wait = TerminalShell<StubScene, StubRoute>.readinessWait
    let clock = Clock()
    let list = StubController("Todos")
    let (shell, _) = makeShell(root: list, clock: clock)
    // Long after the scene opened, `G` sends the selection far down a list whose rows there
    // have not arrived: the Space after it waits for them, the whole wait counted from now.
    clock.now += 10 * wait
    shell.handle(.key(.character("G")))
    list.isReady = false
    shell.handle(.key(.character(" ")))
    _ = shell.render(size: size)
    #expect(list.received == [.key(.character("G"))])
    clock.now += wait - 1
    _ = shell.render(size: size)
    #expect(list.received == [.key(.character("G"))])
    // The rows arrived: the Space goes on.
    list.isReady = true
    _ = shell.render(size: size)
    #expect(list.received == [.key(.character("G")), .key(.character(" "))])
    // A second wait starts afresh, and ends at the full wait when the rows never come.
    list.isReady = false
    shell.handle(.key(.character("j")))
    _ = shell.render(size: size)
    clock.now += wait - 1
    _ = shell.render(size: size)
    #expect(list.received.count == 2)
    clock.now += 1
    _ = shell.render(size: size)
    #expect(list.received.last == .key(.character("j")))
}

@Test func aWaitStartsWhenAKeyFindsTheSceneNotReadyEvenIfNoKeyCameBefore() {
    let wait = TerminalShell<StubScene, StubRoute>.readinessWait
    let clock = Clock()
    let list = StubController("Todos")
    let (shell, _) = makeShell(root: list, clock: clock)
    _ = shell.render(size: size)
    // Long after it opened, with no key typed yet, the scene stops being ready on its own.
    clock.now += 10 * wait
    list.isReady = false
    shell.handle(.key(.character(" ")))
    _ = shell.render(size: size)
    #expect(list.received.isEmpty)
    clock.now += wait
    _ = shell.render(size: size)
    #expect(list.received == [.key(.character(" "))])
}

/// A shell over an editor holding unsaved text, where Ctrl-C was just pressed.
private func shellAskingToQuit() -> (TerminalShell<StubScene, StubRoute>, StubController, Counter) {
    let counter = Counter()
    let editor = StubController("Edit todo")
    editor.hasUnsavedInput = true
    let (shell, _) = makeShell(root: editor, counter: counter)
    shell.handle(.key(.control("c")))
    return (shell, editor, counter)
}

@Test func controlCOverUnsavedTextAsksFirstAndAnotherKeyGoesBack() {
    let (shell, editor, counter) = shellAskingToQuit()
    #expect(counter.quits == 0)
    let asked = shell.render(size: TerminalSize(width: 60, height: 8))
    #expect(asked.textLines().joined().contains("Quit? What you typed is not saved."))
    // Any other key goes back, and is not typed into the scene.
    shell.handle(.key(.character("n")))
    #expect(counter.quits == 0)
    #expect(editor.received.isEmpty)
    #expect(!shell.render(size: TerminalSize(width: 60, height: 8)).textLines().joined().contains("Quit?"))
    // Asked again, y quits; so does Ctrl-C a second time.
    shell.handle(.key(.control("c")))
    shell.handle(.key(.character("y")))
    #expect(counter.quits == 1)
}

@Test func theQuitQuestionSaysWhatTheSceneWouldLose() {
    let feeds = StubController("Feeds")
    feeds.hasUnsavedInput = true
    feeds.unsavedWork = "The feed being added is not subscribed to yet."
    let (shell, _) = makeShell(root: feeds)
    shell.handle(.key(.control("c")))
    let asked = shell.render(size: TerminalSize(width: 80, height: 8)).textLines().joined()
    #expect(asked.contains("Quit? The feed being added is not subscribed to yet."))
    #expect(!asked.contains("What you typed"))
}

@Test func controlCTwiceQuitsOverUnsavedText() {
    let (shell, editor, counter) = shellAskingToQuit()
    shell.handle(.key(.control("c")))
    #expect(counter.quits == 1)
    #expect(editor.isStopped)
}

@Test func controlCTypedInOneBurstAfterTextWaitsForThatTextAndAsks() {
    let queue = FakeUIQueue()
    let counter = Counter()
    let editor = StubController("Edit todo")
    editor.textArrivesLater = { queue.enqueue($0) }
    let (shell, _) = makeShell(root: editor, counter: counter, queue: queue)
    queue.runAll()
    // One burst: the letter, Ctrl-C, then n and b, before the letter's work has run.
    for key in [Key.character("a"), .control("c"), .character("n"), .character("b")] { shell.handle(.key(key)) }
    queue.runAll()
    #expect(counter.quits == 0)
    // The question took n; b went on to the editor.
    #expect(editor.received == [.key(.character("a")), .key(.character("b"))])
}

@Test func aQuitRouteStopsEverySceneAndClosesWhatTheAppRegisteredOnce() {
    let counter = Counter()
    let home = StubController("Home")
    let list = StubController("Todos")
    let (shell, coordinator) = makeShell(root: home, counter: counter)
    shell.closeOnExit { counter.closes += 1 }
    home.route(.push(list))
    list.route(.quit)
    #expect(coordinator.hasQuit)
    #expect(counter.quits == 1 && counter.closes == 1)
    #expect(home.isStopped && list.isStopped)
    // A Ctrl-C after it neither quits nor closes again.
    shell.handle(.key(.control("c")))
    #expect(counter.quits == 1 && counter.closes == 1)
}

@Test func controlCClosesWhatTheAppRegisteredBeforeEnding() {
    final class Order: @unchecked Sendable {
        // Sendable because the test uses it on one thread.
        var events: [String] = []
    }
    let order = Order()
    let home = StubController("Home")
    let shell = TerminalShell<StubScene, StubRoute>(
        appName: "Rivulet", requestRedraw: {}, onQuit: { order.events.append("quit") }
    ) { handle, _, _ in handle.scene.controller }
    let coordinator = Coordinator<StubScene, StubRoute>(presenter: shell, root: { StubScene(controller: home) }) {
        _, _ in .none
    }
    shell.closeOnExit { order.events.append("database") }
    shell.closeOnExit { order.events.append("log") }
    shell.connect(coordinator)
    coordinator.start()
    shell.handle(.key(.control("c")))
    #expect(order.events == ["database", "log", "quit"])
}
