import Domain
import Foundation
import SceneServices
import SceneServicesMocks
import Streams
import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

@Test func aBoundKeyIsReadAsTheDefaultKeyOfItsActionInEachSceneThatHasIt() {
    let keys = KeyBindings([KeyBinding(key: "x", action: .delete), KeyBinding(key: "Ctrl-N", action: .nextUnread)])
    #expect(keys.translate(.key(.character("x")), in: .todos) == .key(.character("d")))
    #expect(keys.translate(.key(.character("x")), in: .feeds) == .key(.character("d")))
    // The items scene has no delete; its keys are as they were.
    #expect(keys.translate(.key(.character("x")), in: .items) == .key(.character("x")))
    #expect(keys.translate(.key(.control("n")), in: .items) == .key(.character("n")))
    // A key not bound reads as itself: `d` still deletes.
    #expect(keys.translate(.key(.character("d")), in: .todos) == .key(.character("d")))
}

@Test func swappedKeysEachDoTheOthersActionAndALaterBindingWins() {
    let keys = KeyBindings([
        KeyBinding(key: "d", action: .done, scene: .todos), KeyBinding(key: "Space", action: .delete, scene: .todos),
        KeyBinding(key: "z", action: .sort), KeyBinding(key: "z", action: .filter),
    ])
    #expect(keys.translate(.key(.character("d")), in: .todos) == .key(.character(" ")))
    #expect(keys.translate(.key(.character(" ")), in: .todos) == .key(.character("d")))
    #expect(keys.translate(.key(.character("z")), in: .todos) == .key(Key(.tab)))
    #expect(keys.translate(.key(.character("d")), in: .feeds) == .key(.character("d")))
}

@Test func anActionWhoseKeyWentToAnotherAndThatHasNoneIsNamed() {
    let keys = KeyBindings([KeyBinding(key: "d", action: .done, scene: .todos), KeyBinding(key: "z", action: .sort)])
    #expect(
        keys.actionsWithoutKeys == [
            "d now does done in todos; delete has no key there. Bind one with bind-key KEY delete todos."
        ])
    // Swapped keys leave every action a key; a key of its own bound elsewhere too.
    let swapped = KeyBindings([
        KeyBinding(key: "d", action: .done, scene: .todos), KeyBinding(key: "Space", action: .delete, scene: .todos),
    ])
    #expect(swapped.actionsWithoutKeys.isEmpty)
    #expect(KeyBindings([KeyBinding(key: "d", action: .delete)]).actionsWithoutKeys.isEmpty)
}

@Test func helpListsTheKeysAsBound() {
    let keys = KeyBindings([KeyBinding(key: "x", action: .delete), KeyBinding(key: "Tab", action: .sort)])
    let shown = keys.relabel(KeyMaps.bindings(for: .todoList), in: .todos)
    #expect(shown.contains(KeyHint("x d", "delete (y/n)")))
    #expect(shown.contains(KeyHint("Tab s", "sort")))
    // Tab sorts now, so the filter keeps only `f`.
    #expect(shown.contains(KeyHint("f", "filter: all, active, completed")))
    #expect(KeyBindings.none.relabel(KeyMaps.bindings(for: .todoList), in: .todos) == KeyMaps.bindings(for: .todoList))
}

@Test func aReboundKeyActsInTheTodoListAndTheFeedsScene() {
    let keys = KeyBindings([KeyBinding(key: "x", action: .delete), KeyBinding(key: "F5", action: .refreshAll)])
    let todos = TodoListController(
        viewModel: TodoListViewModel(service: oneTodo, scheduler: ImmediateScheduler()),
        context: SceneContext(redraw: {}), keys: keys, onRoute: { _ in })
    defer { todos.stop() }
    _ = todos.screen(size: TerminalSize(width: 60, height: 12), under: nil)
    #expect(todos.handle(.key(.character("x"))))
    let isAsking = if case .confirmingDelete = todos.scene.state.mode { true } else { false }
    #expect(isAsking)
    #expect(
        FeedListController.action(for: keys.translate(.key(Key(.function(5))), in: .feeds), in: .browsing)
            == .refreshAll)
}

/// A todo list of one todo, "Milk".
private let oneTodo = MockTodoListService {
    $0.observePageHandler = { _, _ in
        .just(
            .success(
                TodoPage(
                    todos: [Todo(id: 1, title: "Milk", createdAt: Date(timeIntervalSince1970: 0))], totalCount: 1,
                    offset: 0, isCountExact: true)))
    }
    $0.observeTallyHandler = { _ in .just(.success(TodoTally(active: 1, completed: 0))) }
    $0.positionHandler = { _, _ in .just(.success(0)) }
    $0.fetchChoiceHandler = { .just(.success(nil)) }
}

@Test func aBoundKeyActsInTheReaderHomeAndTheEditorToo() {
    let keys = KeyBindings([
        KeyBinding(key: "J", action: .down, scene: .reader), KeyBinding(key: "x", action: .openFeeds),
        KeyBinding(key: "Ctrl-N", action: .nextField), KeyBinding(key: "F2", action: .save),
        KeyBinding(key: "z", action: .cancelDownload),
    ])
    #expect(
        FeedItemsController.action(for: keys.translate(.key(.character("J")), in: .reader), isReading: true)
            == .scroll(by: 1))
    // Bound for the reader only: the list's J is as it was.
    #expect(keys.translate(.key(.character("J")), in: .items) == .key(.character("J")))
    #expect(
        FeedItemsController.action(for: keys.translate(.key(.character("z")), in: .items), isReading: false)
            == .cancelDownloads)
    #expect(
        FeedItemsController.action(for: keys.translate(.key(.character("z")), in: .reader), isReading: true)
            == .cancelDownloads)
    #expect(HomeController.action(for: keys.translate(.key(.character("x")), in: .home)) == .openFeeds)
    #expect(keys.translate(.key(.control("n")), in: .editor) == .key(Key(.tab)))
    #expect(keys.translate(.key(Key(.function(2))), in: .editor) == .key(.control("s")))
}

@Test func aKeyThatEditsTextBoundForEverySceneStillEditsTextInTheEditor() {
    let keys = KeyBindings([
        KeyBinding(key: "x", action: .help), KeyBinding(key: "Space", action: .back),
        KeyBinding(key: "Left", action: .back), KeyBinding(key: "Backspace", action: .back),
        KeyBinding(key: "End", action: .help),
    ])
    #expect(keys.translate(.key(.character("x")), in: .editor) == .key(.character("x")))
    #expect(keys.translate(.key(.character(" ")), in: .editor) == .key(.character(" ")))
    for code in [Key.Code.left, .backspace, .end] {
        #expect(keys.translate(.key(Key(code)), in: .editor) == .key(Key(code)))
    }
    #expect(keys.translate(.key(.character("x")), in: .home) == .key(.character("?")))
    #expect(keys.translate(.key(Key(.left)), in: .home) != .key(Key(.left)))
}

@Test func helpAndHintsOfTheReaderHomeAndEditorShowTheKeysAsBound() {
    let keys = KeyBindings([
        KeyBinding(key: "J", action: .down, scene: .reader), KeyBinding(key: "x", action: .openFeeds),
        KeyBinding(key: "F2", action: .save), KeyBinding(key: "Ctrl-Q", action: .back, scene: .editor),
    ])
    let reader = KeyMaps.parts(of: .feedItems).flatMap { part in
        part.bound.map { keys.relabel(part.hints, in: $0) } ?? []
    }
    #expect(reader.contains(KeyHint("J j ↓", "reader: a line down")))
    #expect(keys.relabel(FeedItemsController.readerHints, in: .reader).contains(KeyHint("J j", "down")))
    #expect(keys.relabel(HomeController.hints, in: .home).contains(KeyHint("x f", "feeds")))
    let editor = keys.relabel(KeyMaps.bindings(for: .todoEditor), in: .editor)
    #expect(editor.contains(KeyHint("F2 Ctrl-S", "save from any field")))
    #expect(editor.contains(KeyHint("Ctrl-Q Esc", "cancel (asks when changed)")))
    #expect(
        keys.relabel(TodoEditorController.hints(inNotes: true, canSave: true), in: .editor).contains(
            KeyHint("F2 Ctrl-S", "save")))
}

@Test func helpAndHintsShowEachMovementKeyWithTheWayItMovesAsBound() {
    let keys = KeyBindings([KeyBinding(key: "j", action: .up, scene: .todos), KeyBinding(key: "x", action: .bottom)])
    let todos = keys.relabel(KeyMaps.bindings(for: .todoList), in: .todos)
    // `j` moves up in the todo list, so it is listed with up, and down keeps only the arrow.
    #expect(todos.contains(KeyHint("↑ j k", "up")))
    #expect(todos.contains(KeyHint("↓", "down")))
    #expect(todos.contains(KeyHint("x G", "bottom")))
    #expect(todos.filter { $0.key.split(separator: " ").contains("j") }.map(\.action) == ["up"])
    // Elsewhere `j` is as it was; `x` goes to the bottom in every list and in the reader.
    for (scene, bound) in [(SceneKind.feeds, BoundScene.feeds), (.home, .home), (.feedItems, .items)] {
        let shown = keys.relabel(KeyMaps.bindings(for: scene), in: bound)
        #expect(shown.contains(KeyHint("↓ j", "down")), "\(scene)")
        #expect(shown.contains(KeyHint("x G", "bottom")), "\(scene)")
    }
    let reader = KeyBindings([KeyBinding(key: "j", action: .up, scene: .reader)])
    let hints = reader.relabel(FeedItemsController.readerHints, in: .reader)
    #expect(hints.contains(KeyHint("j k", "up")))
    #expect(!hints.contains { $0.action == "down" })
    #expect(reader.relabel(KeyMaps.reader, in: .reader).contains(KeyHint("↓", "reader: a line down")))
    // The editor's fields: each key beside the way it goes.
    let editor = KeyBindings([KeyBinding(key: "Ctrl-N", action: .nextField)])
    let fields = editor.relabel(KeyMaps.bindings(for: .todoEditor), in: .editor)
    #expect(fields.contains(KeyHint("Ctrl-N Tab", "next field")))
    #expect(fields.contains(KeyHint("Shift-Tab", "previous field")))
}

@Test func notesNameActionsByTheKeysAsBound() {
    let keys = KeyBindings([
        KeyBinding(key: "z", action: .undo, scene: .todos), KeyBinding(key: "F5", action: .refresh),
        KeyBinding(key: "X", action: .download, scene: .reader),
    ])
    let undone: ActionText = "Deleted “Milk”. \(.undo) undoes it."
    #expect(keys.keyed(undone, in: .todos) == "Deleted “Milk”. z undoes it.")
    #expect(keys.keyed(undone, in: .feeds) == "Deleted “Milk”. u undoes it.")
    // An action of another scene is named by its key there.
    #expect(keys.keyed("\(.refresh) on the feeds list tries again", in: .items) == "F5 on the feeds list tries again")
    #expect(keys.keyed("\(.download) again", in: .reader) == "X again")
    #expect(keys.keyed("\(.clearSearch) clears it", in: .todos) == "Esc clears it")
    // An action whose own key is bound to another action, and no key to it, is named in words.
    let taken = KeyBindings([KeyBinding(key: "u", action: .markAllRead, scene: .items)])
    #expect(taken.keyed(undone, in: .items) == "Deleted “Milk”. the undo action undoes it.")
    #expect(taken.keyed(undone, in: .todos) == "Deleted “Milk”. u undoes it.")
}
