import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

/// An editor for a new todo whose saves never finish (a slow disk), counting them.
private final class SlowSaves: Sendable {
    private let count = SanitizerVisibleMutex(0)

    var saves: Int { count.withLock { $0 } }

    func controller() -> TodoEditorController {
        let service = MockTodoEditorService {
            $0.saveHandler = { [self] _, _, _ in
                count.withLock { $0 += 1 }
                return .never()
            }
        }
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
        service: MockTodoEditorService {
            $0.saveHandler = { _, _, _ in .never() }
        }, todoID: nil, scheduler: ImmediateScheduler())
    let controller = TodoEditorController(
        viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { routes.all.append($0) })
    defer { controller.stop() }
    type("Milk", into: controller)
    _ = controller.handle(.key(Key(.escape)))
    #expect(controller.screen(size: size, under: nil).chrome.prompt == .confirm("Discard the changes?"))
    // The status line offers the question's answers, not the fields' keys.
    #expect(hintKeys(controller) == ["y", "n Esc", "F1"])
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

/// An editor for a new todo that records the fields of each save (which never finishes).
private final class RecordedSaves: Sendable {
    private let saved = SanitizerVisibleMutex<[TodoFields]>([])

    var all: [TodoFields] { saved.withLock { $0 } }

    /// The editor, its view model on `scheduler` (a virtual clock keeps messages on screen
    /// until it is moved on).
    func controller(scheduler: any Scheduler = ImmediateScheduler()) -> TodoEditorController {
        let service = MockTodoEditorService {
            $0.saveHandler = { [self] fields, _, _ in
                saved.withLock { $0.append(fields) }
                return .never()
            }
        }
        let viewModel = TodoEditorViewModel(service: service, todoID: nil, scheduler: scheduler)
        return TodoEditorController(viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { _ in })
    }
}

private func press(_ keys: Key..., into controller: TodoEditorController) {
    for key in keys { _ = controller.handle(.key(key)) }
}

/// The form as drawn, and the index of its focused field.
private func form(_ controller: TodoEditorController) -> FormContent? {
    guard case .form(let form) = controller.screen(size: size, under: nil).content else { return nil }
    return form
}

@Test func todoEditorControllerNotesTakeEnterAsALineBreakAndCtrlSSaves() {
    let saves = RecordedSaves()
    let controller = saves.controller()
    defer { controller.stop() }
    _ = form(controller)
    type("Milk", into: controller)
    press(Key(.tab), into: controller)
    type("one", into: controller)
    press(Key(.enter), into: controller)
    type("two", into: controller)
    #expect(form(controller)?.fields[1].text == "one\ntwo")
    #expect(saves.all.isEmpty)
    #expect(hintKeys(controller).contains("Ctrl-S"))
    press(.control("s"), into: controller)
    #expect(saves.all.map(\.notes) == ["one\ntwo"])
    #expect(saves.all.map(\.title) == ["Milk"])
}

@Test func todoEditorControllerArrowsMoveInsideTheNotesAndLeaveThemAtTheirEdges() {
    let controller = RecordedSaves().controller()
    defer { controller.stop() }
    _ = form(controller)
    press(Key(.tab), into: controller)
    type("a", into: controller)
    press(Key(.enter), into: controller)
    type("b", into: controller)
    press(Key(.up), into: controller)
    #expect(form(controller)?.focused == 1)
    press(Key(.up), into: controller)
    #expect(form(controller)?.focused == 0)
    press(Key(.down), into: controller)
    #expect(form(controller)?.focused == 1)
    press(Key(.down), into: controller)
    #expect(form(controller)?.focused == 1)
    press(Key(.down), into: controller)
    #expect(form(controller)?.focused == 2)
    press(Key(.tab, modifiers: .shift), Key(.tab), into: controller)
    #expect(form(controller)?.focused == 2)
}

@Test func todoEditorControllerPasteKeepsLinesInTheNotesAndJoinsThemInTheTitle() {
    let controller = RecordedSaves().controller()
    defer { controller.stop() }
    _ = controller.handle(.paste("Buy\nmilk\n"))
    press(Key(.tab), into: controller)
    _ = controller.handle(.paste("two\r\nlines \u{1B}[31mred"))
    #expect(form(controller)?.fields[0].text == "Buy milk")
    #expect(form(controller)?.fields[1].text == "two\nlines red")
}

@Test func todoEditorControllerSaysSoWhenAPasteOrKeyDoesNotFitInTheNotes() {
    let scheduler = TestScheduler()
    let controller = RecordedSaves().controller(scheduler: scheduler)
    defer { controller.stop() }
    // The view model starts on its scheduler, as it does on the UI queue before the first key.
    scheduler.advance()
    // Each event, then the work it made due now (the messages' timeouts stay in the future).
    func send(_ event: InputEvent) {
        _ = controller.handle(event)
        scheduler.advance()
    }
    let limit = TodoEditorViewModel.notesLimit
    send(.key(Key(.tab)))
    send(.paste(String(repeating: "n", count: limit - 1)))
    #expect(controller.scene.state.errorMessage == nil)
    send(.paste("xyz"))
    #expect(controller.scene.state.fields[1].text.count == limit)
    #expect(controller.scene.state.errorMessage == "The notes are full (65,536 characters); the rest was not added.")
    // The next key takes the message away; one more character at the limit brings it back.
    send(.key(Key(.backspace)))
    #expect(controller.scene.state.errorMessage == nil)
    send(.key(Key(.character("a"))))
    #expect(controller.scene.state.errorMessage == nil)
    send(.key(Key(.character("b"))))
    #expect(controller.scene.state.errorMessage != nil)
    #expect(controller.scene.state.fields[1].text.hasSuffix("nna"))
}

@Test func todoEditorControllerDrawsTheNotesOnRowsOfTheirOwnWithoutControlCharacters() {
    let controller = RecordedSaves().controller()
    defer { controller.stop() }
    press(Key(.tab), into: controller)
    _ = controller.handle(.paste("first line\nsecond line\u{7}\u{1B}]0;title\u{7}"))
    let rows = controller.screen(size: size, under: nil).render(size: size).textLines()
    guard let first = rows.firstIndex(where: { $0.contains("first line") }) else {
        Issue.record("the notes are not drawn: \(rows)")
        return
    }
    #expect(rows[first + 1].contains("second line"))
    #expect(rows.allSatisfy { row in row.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value != 0x7F } })
}

@Test func todoEditorControllerNotesScrollToKeepTheCursorInView() {
    let controller = RecordedSaves().controller()
    defer { controller.stop() }
    _ = form(controller)
    press(Key(.tab), into: controller)
    _ = controller.handle(.paste((1...9).map { "line \($0)" }.joined(separator: "\n")))
    let rows = controller.screen(size: size, under: nil).render(size: size).textLines()
    #expect(rows.contains { $0.contains("line 9") })
    #expect(!rows.contains { $0.contains("line 1") })
    // Nine lines in an area of `height` rows: the last `height` of them are shown.
    let area = form(controller)?.fields[1].area
    #expect(area.map { $0.scrollRow == 9 - $0.height } == true)
}

@Test func todoEditorControllerInAShortTerminalShrinksTheNotesSoTheDueDateAndItsProblemShow() {
    let controller = RecordedSaves().controller()
    defer { controller.stop() }
    let short = TerminalSize(width: 40, height: 10)
    press(Key(.tab), Key(.tab), into: controller)
    type("xyz", into: controller)
    _ = controller.screen(size: short, under: nil)
    let rows = controller.screen(size: short, under: nil).render(size: short).textLines()
    #expect(rows.contains { $0.contains("Due:") && $0.contains("xyz") })
    #expect(rows.contains { $0.contains("not a date") })
    // In a terminal of the usual size the notes keep their five rows.
    let usual = TerminalSize(width: 80, height: 24)
    _ = controller.screen(size: usual, under: nil)
    guard case .form(let form) = controller.screen(size: usual, under: nil).content else {
        Issue.record("the editor shows no form")
        return
    }
    #expect(form.fields[1].area?.height == TodoEditorController.notesHeight)
}
