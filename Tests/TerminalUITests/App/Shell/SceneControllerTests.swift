import TerminalUI
import Testing

private final class StubController: SceneController {
    let title: String
    var received: [InputEvent] = []
    var isStopped = false

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
