import RivuletApp
import TerminalUI
import Testing

private final class StubController: SceneController {
    let title: String
    var received: [InputEvent] = []
    var isStopped = false
    var isReady = true
    var hasUnsavedInput = false
    var unsavedWork = "What you typed is not saved."
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
        return true
    }

    func stop() { isStopped = true }
}

private final class Counter: @unchecked Sendable {
    var changes = 0
    var quits = 0
    var suspends = 0
}

@Test func keysGoToTheTopScene() {
    let counter = Counter()
    let shell = AppShell(onChange: { counter.changes += 1 }, onQuit: { counter.quits += 1 })
    let home = StubController("Home")
    let list = StubController("Todos")
    shell.push(home, id: 1, isRoot: true)
    shell.push(list, id: 2)
    shell.handle(.key(.character("j")))
    #expect(list.received == [.key(.character("j"))])
    #expect(home.received.isEmpty)
}

@Test func controlCQuitsFromAnywhereAndStopsEveryScene() {
    let counter = Counter()
    let shell = AppShell(onChange: {}, onQuit: { counter.quits += 1 })
    let home = StubController("Home")
    let list = StubController("Todos")
    shell.push(home, id: 1, isRoot: true)
    shell.push(list, id: 2)
    shell.handle(.key(.control("c")))
    #expect(counter.quits == 1)
    #expect(home.isStopped && list.isStopped)
    #expect(list.received.isEmpty)
}

@Test func removingASceneStopsItAndThoseAboveIt() {
    let shell = AppShell(onChange: {}, onQuit: {})
    let scenes = [StubController("a"), StubController("b"), StubController("c")]
    for (index, scene) in scenes.enumerated() { shell.push(scene, id: index + 1) }
    shell.remove(id: 2)
    #expect(shell.depth == 1)
    #expect(!scenes[0].isStopped && scenes[1].isStopped && scenes[2].isStopped)
}

@Test func aModalIsDrawnOverTheSceneBeneath() {
    let shell = AppShell(onChange: {}, onQuit: {})
    shell.push(StubController("Todos"), id: 1, isRoot: true)
    shell.push(StubController("help"), id: 2, isModal: true)
    let text = shell.render(size: TerminalSize(width: 40, height: 10)).textLines().joined(separator: "\n")
    #expect(text.contains("Rivulet · Todos"))
    #expect(text.contains("Keys · Todos"))
}

@Test func controlZSuspendsFromAnywhereWithoutReachingTheScene() {
    let counter = Counter()
    let shell = AppShell(onChange: {}, onQuit: { counter.quits += 1 }, onSuspend: { counter.suspends += 1 })
    let list = StubController("Todos")
    shell.push(list, id: 1, isRoot: true)
    shell.handle(.key(.control("z")))
    #expect(counter.suspends == 1)
    #expect(counter.quits == 0)
    #expect(list.received.isEmpty && !list.isStopped)
}

/// The UI queue, run by hand: work queued on it waits for `runAll()`.
private final class FakeUIQueue {
    private var work: [() -> Void] = []

    func enqueue(_ step: @escaping () -> Void) { work.append(step) }

    func runAll() {
        while !work.isEmpty { work.removeFirst()() }
    }
}

/// A scene whose key `t` navigates the way the app does: the route arrives one hop later on the
/// UI queue, and the coordinator's presentation one hop after that.
private final class NavigatingController: SceneController {
    let stub = StubController("Home")
    var navigate: () -> Void = {}

    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen { stub.screen(size: size, under: under) }

    func handle(_ event: InputEvent) -> Bool {
        _ = stub.handle(event)
        if event == .key(.character("t")) { navigate() }
        return true
    }

    func stop() { stub.stop() }
}

@Test func keysTypedRightAfterANavigationGoToTheSceneItShows() {
    let queue = FakeUIQueue()
    let shell = AppShell(onChange: {}, onQuit: {}, deferring: { queue.enqueue($0) })
    let home = NavigatingController()
    let todos = StubController("Todos")
    home.navigate = {
        queue.enqueue {
            shell.beginNavigation()
            queue.enqueue { shell.push(todos, id: 2) }
            queue.enqueue { shell.endNavigation() }
        }
    }
    shell.push(home, id: 1, isRoot: true)
    // Both keys arrive in one read, before the navigation has taken effect.
    shell.handle(.key(.character("t")))
    shell.handle(.key(.character("a")))
    queue.runAll()
    #expect(home.stub.received == [.key(.character("t"))])
    #expect(todos.received == [.key(.character("a"))])
}

@Test func keysWaitWhileANavigationIsInFlight() {
    let shell = AppShell(onChange: {}, onQuit: {})
    let list = StubController("Todos")
    shell.push(list, id: 1, isRoot: true)
    shell.beginNavigation()
    shell.handle(.key(.character("j")))
    #expect(list.received.isEmpty)
    #expect(shell.waitingCount == 1)
    shell.endNavigation()
    #expect(list.received == [.key(.character("j"))])
    #expect(shell.waitingCount == 0)
}

@Test func controlCQuitsAtOnceEvenWhileKeysWait() {
    let counter = Counter()
    let shell = AppShell(onChange: {}, onQuit: { counter.quits += 1 })
    let list = StubController("Todos")
    shell.push(list, id: 1, isRoot: true)
    shell.beginNavigation()
    shell.handle(.key(.character("j")))
    shell.handle(.key(.control("c")))
    #expect(counter.quits == 1)
    #expect(shell.waitingCount == 0)
    #expect(list.received.isEmpty)
}

@Test func keysTypedBeforeTheFirstSceneWaitForIt() {
    let shell = AppShell(onChange: {}, onQuit: {})
    shell.handle(.key(.character("?")))
    shell.handle(.key(.character("j")))
    #expect(shell.waitingCount == 2)
    let home = StubController("Home")
    shell.push(home, id: 1, isRoot: true)
    #expect(home.received == [.key(.character("?")), .key(.character("j"))])
    #expect(shell.waitingCount == 0)
}

@Test func keysForASceneThatIsNotReadyWaitUntilAFrameFindsItReady() {
    let shell = AppShell(onChange: {}, onQuit: {})
    let list = StubController("Todos")
    list.isReady = false
    shell.push(list, id: 1, isRoot: true)
    shell.handle(.key(.character("j")))
    shell.handle(.key(.character("j")))
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received.isEmpty)
    #expect(shell.waitingCount == 2)
    // The list arrived: its new state asks for a frame, and the keys go on, in order.
    list.isReady = true
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received == [.key(.character("j")), .key(.character("j"))])
    #expect(shell.waitingCount == 0)
}

@Test func keysGoToASceneThatIsStillNotReadyOnceTheyHaveWaitedLongEnough() {
    final class Clock: @unchecked Sendable { var now: UInt64 = 1_000 }
    let clock = Clock()
    let shell = AppShell(onChange: {}, onQuit: {}, uptime: { clock.now })
    let list = StubController("Todos")
    list.isReady = false
    shell.push(list, id: 1, isRoot: true)
    shell.handle(.key(.character("q")))
    clock.now += AppShell.readinessWait - 1
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received.isEmpty)
    clock.now += 1
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received == [.key(.character("q"))])
}

@Test func aSceneThatStopsBeingReadyLaterHoldsKeysForTheFullWaitFromThen() {
    final class Clock: @unchecked Sendable { var now: UInt64 = 1_000 }
    let clock = Clock()
    let shell = AppShell(onChange: {}, onQuit: {}, uptime: { clock.now })
    let list = StubController("Todos")
    shell.push(list, id: 1, isRoot: true)
    // Long after the scene opened, `G` sends the selection far down a list whose rows there
    // have not arrived: the Space after it waits for them, the whole wait counted from now.
    clock.now += 10 * AppShell.readinessWait
    shell.handle(.key(.character("G")))
    list.isReady = false
    shell.handle(.key(.character(" ")))
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received == [.key(.character("G"))])
    clock.now += AppShell.readinessWait - 1
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received == [.key(.character("G"))])
    // The rows arrived: the Space goes on.
    list.isReady = true
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received == [.key(.character("G")), .key(.character(" "))])
    // A second wait starts afresh, and ends at the full wait when the rows never come.
    list.isReady = false
    shell.handle(.key(.character("j")))
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    clock.now += AppShell.readinessWait - 1
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received.count == 2)
    clock.now += 1
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received.last == .key(.character("j")))
}

@Test func aWaitStartsWhenAKeyFindsTheSceneNotReadyEvenIfNoKeyCameBefore() {
    final class Clock: @unchecked Sendable { var now: UInt64 = 1_000 }
    let clock = Clock()
    let shell = AppShell(onChange: {}, onQuit: {}, uptime: { clock.now })
    let list = StubController("Todos")
    shell.push(list, id: 1, isRoot: true)
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    // Long after it opened, with no key typed yet, the scene stops being ready on its own.
    clock.now += 10 * AppShell.readinessWait
    list.isReady = false
    shell.handle(.key(.character(" ")))
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received.isEmpty)
    clock.now += AppShell.readinessWait
    _ = shell.render(size: TerminalSize(width: 40, height: 10))
    #expect(list.received == [.key(.character(" "))])
}

/// A shell over an editor holding unsaved text, where Ctrl-C was just pressed.
private func shellAskingToQuit() -> (AppShell, StubController, Counter) {
    let counter = Counter()
    let shell = AppShell(onChange: {}, onQuit: { counter.quits += 1 })
    let editor = StubController("Edit todo")
    editor.hasUnsavedInput = true
    shell.push(editor, id: 1, isRoot: true)
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
    let shell = AppShell(onChange: {}, onQuit: {})
    let feeds = StubController("Feeds")
    feeds.hasUnsavedInput = true
    feeds.unsavedWork = "The feed being added is not subscribed to yet."
    shell.push(feeds, id: 1, isRoot: true)
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
    final class Deferred: @unchecked Sendable {
        var work: [() -> Void] = []
        func runAll() {
            while !work.isEmpty { work.removeFirst()() }
        }
    }
    let deferred = Deferred()
    let counter = Counter()
    let shell = AppShell(onChange: {}, onQuit: { counter.quits += 1 }, deferring: { deferred.work.append($0) })
    let editor = StubController("Edit todo")
    editor.textArrivesLater = { deferred.work.append($0) }
    shell.push(editor, id: 1, isRoot: true)
    // One burst: the letter, Ctrl-C, then n and b, before the letter's work has run.
    for key in [Key.character("a"), .control("c"), .character("n"), .character("b")] { shell.handle(.key(key)) }
    deferred.runAll()
    #expect(counter.quits == 0)
    // The question took n; b went on to the editor.
    #expect(editor.received == [.key(.character("a")), .key(.character("b"))])
}
