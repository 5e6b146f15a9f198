import SceneServices
import SceneServicesMocks
import Streams
import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

/// An editor for a new todo whose saves never finish (a slow disk), counting them.
private final class SlowSaves: Sendable {
    private let count = SanitizerVisibleMutex(0)

    var saves: Int { count.withLock { $0 } }

    func controller() -> TodoEditorController {
        let service = MockTodoEditorService(save: { [self] _, _ in
            count.withLock { $0 += 1 }
            return .never()
        })
        let viewModel = TodoEditorViewModel(service: service, todoID: nil, scheduler: ImmediateScheduler())
        return TodoEditorController(viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { _ in })
    }
}

private let size = TerminalSize(width: 60, height: 12)

private func type(_ text: String, into controller: TodoEditorController) {
    for character in text { _ = controller.handle(.key(Key(.character(character)))) }
}

private func hintKeys(_ controller: TodoEditorController) -> [String] {
    controller.screen(size: size, under: nil).chrome.hints.map(\.key)
}

@Test func todoEditorControllerOffersSaveOnlyForAValidTitle() {
    let slow = SlowSaves()
    let controller = slow.controller()
    defer { controller.stop() }
    #expect(!hintKeys(controller).contains("Enter"))
    type("Milk", into: controller)
    #expect(hintKeys(controller).contains("Enter"))
}

@Test func todoEditorControllerEnterAgainDuringASlowSaveSavesOnce() {
    let slow = SlowSaves()
    let controller = slow.controller()
    defer { controller.stop() }
    type("Milk", into: controller)
    _ = controller.handle(.key(Key(.enter)))
    _ = controller.handle(.key(Key(.enter)))
    _ = controller.handle(.key(Key(.character("s"), modifiers: .control)))
    #expect(slow.saves == 1)
    #expect(!hintKeys(controller).contains("Enter"))
    #expect(controller.screen(size: size, under: nil).chrome.isBusy)
}

@Test func todoEditorControllerNamesF1ForHelp() {
    let controller = SlowSaves().controller()
    defer { controller.stop() }
    #expect(hintKeys(controller).contains("F1"))
    #expect(!hintKeys(controller).contains("?"))
}

private final class EditorRoutes: @unchecked Sendable {
    // Sendable because the immediate scheduler delivers on the test's own thread.
    var all: [Route] = []
}

@Test func todoEditorControllerF1OpensHelpWhileAskingToDiscard() {
    let routes = EditorRoutes()
    let viewModel = TodoEditorViewModel(
        service: MockTodoEditorService(save: { _, _ in .never() }), todoID: nil, scheduler: ImmediateScheduler())
    let controller = TodoEditorController(
        viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { routes.all.append($0) })
    defer { controller.stop() }
    type("Milk", into: controller)
    _ = controller.handle(.key(Key(.escape)))
    #expect(controller.screen(size: size, under: nil).chrome.prompt == .confirm("Discard the changes?"))
    #expect(controller.handle(.key(Key(.function(1)))))
    #expect(routes.all == [.help(.todoEditor)])
}

@Test func todoEditorControllerHelpHintIsTheKeyTheKeyMapLists() {
    let controller = SlowSaves().controller()
    defer { controller.stop() }
    let mapped = KeyMaps.bindings(for: .todoEditor).first { $0.action == "this help" }?.key
    let offered = controller.screen(size: size, under: nil).chrome.hints.first { $0.action == "help" }?.key
    #expect(mapped != nil)
    #expect(mapped == offered)
}
