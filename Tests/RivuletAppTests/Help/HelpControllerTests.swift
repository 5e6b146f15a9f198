import Domain
import Streams
import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

/// The event each name in ``HelpOverlay/closingKeys`` stands for.
private func event(named name: Substring) -> InputEvent? {
    switch name {
    case "Esc": .key(Key(.escape))
    case "F1": .key(Key(.function(1)))
    default: name.count == 1 ? name.first.map { .key(.character($0)) } : nil
    }
}

private final class Routes: @unchecked Sendable {
    // Sendable because the immediate scheduler delivers on the test's own thread.
    var all: [Route] = []
}

@Test func helpControllerClosesWithEveryKeyTheOverlayNames() {
    for name in HelpOverlay.closingKeys.split(separator: " ") {
        let routes = Routes()
        let controller = HelpController(
            viewModel: HelpViewModel(scene: .todoEditor, scheduler: ImmediateScheduler()),
            context: SceneContext(redraw: {}), onRoute: { routes.all.append($0) })
        defer { controller.stop() }
        guard let event = event(named: name) else {
            Issue.record("no key event for \(name)")
            continue
        }
        #expect(controller.handle(event), "\(name) is not handled")
        #expect(routes.all == [.back], "\(name) does not close the help")
    }
}

@Test func helpKeyMapNamesTheKeysTheOverlaySays() {
    #expect(KeyMaps.bindings(for: .help).map(\.key) == [HelpOverlay.closingKeys, "Ctrl-C"])
}

/// The lines of the help `controller` draws in a terminal of 40 × 10, too short for all its keys.
private func lines(of controller: HelpController) -> [String] {
    let size = TerminalSize(width: 40, height: 10)
    var buffer = CellBuffer(size: size)
    controller.screen(size: size, under: nil).chrome.drawOverlay(into: &buffer)
    return buffer.textLines()
}

@Test func helpScrollsWithTheKeysAsBoundBeneathAndSaysWhichTheyAre() {
    let keys = KeyBindings([KeyBinding(key: "j", action: .up, scene: .todos), KeyBinding(key: "q", action: .down)])
    let controller = HelpController(
        viewModel: HelpViewModel(scene: .todoList, scheduler: ImmediateScheduler()),
        context: SceneContext(redraw: {}), keys: keys, onRoute: { _ in })
    defer { controller.stop() }
    let drawn = { lines(of: controller) }
    // `q` closes the help, as its last line says, whatever it does beneath; `j` moves up.
    #expect(controller.scrollKeys == HelpOverlay.ScrollKeys(down: "↓", up: "j/k/↑"))
    let first = "│ ↑ j k "
    #expect(drawn().contains { $0.contains("more below (↓ scrolls)") })
    #expect(drawn().contains { $0.contains(first) })
    #expect(controller.handle(.key(Key(.down))))
    #expect(!drawn().contains { $0.contains(first) })
    // `j` moves up beneath, so it scrolls up here: back to the first key.
    #expect(controller.handle(.key(.character("j"))))
    #expect(drawn().contains { $0.contains(first) })
    for _ in 0..<10 { _ = controller.handle(.key(.character(" "))) }
    #expect(drawn().contains { $0.contains("more above (j/k/↑ scrolls)") })
}

@Test func helpControllerScrollsTheKeysATerminalTooShortCannotShow() {
    let controller = HelpController(
        viewModel: HelpViewModel(scene: .todoList, scheduler: ImmediateScheduler()),
        context: SceneContext(redraw: {}), onRoute: { _ in })
    defer { controller.stop() }
    let drawn = { lines(of: controller) }
    let bindings = KeyMaps.bindings(for: .todoList)
    let first = bindings[0].key
    #expect(drawn().contains { $0.contains("more below (j/↓ scrolls)") })
    #expect(drawn().contains { $0.contains(first) })
    #expect(controller.handle(.key(.character("j"))))
    #expect(!drawn().contains { $0.contains("│ \(first) ") })
    // Paging far down stops at the last key, which is then shown.
    for _ in 0..<10 { _ = controller.handle(.key(.character(" "))) }
    let last = bindings[bindings.count - 1].action
    #expect(drawn().contains { $0.contains(last) })
    #expect(drawn().contains { $0.contains("more above (k/↑ scrolls)") })
    for _ in 0..<30 { _ = controller.handle(.key(Key(.up))) }
    #expect(drawn().contains { $0.contains(first) })
}
