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
