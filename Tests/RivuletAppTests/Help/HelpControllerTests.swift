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

@Test func helpControllerScrollsTheKeysATerminalTooShortCannotShow() {
    let controller = HelpController(
        viewModel: HelpViewModel(scene: .todoList, scheduler: ImmediateScheduler()),
        context: SceneContext(redraw: {}), onRoute: { _ in })
    defer { controller.stop() }
    let size = TerminalSize(width: 40, height: 10)
    func drawn() -> [String] {
        var buffer = CellBuffer(size: size)
        controller.screen(size: size, under: nil).chrome.drawOverlay(into: &buffer)
        return buffer.textLines()
    }
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
