import Domain
import Foundation
import SceneServices
import SceneServicesMocks
import Streams
import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

/// 100,000 todos "Todo 0"… over a fake service that answers every window at once and records
/// it. Like the base service, it counts a search only 1,000 todos past its window (a lower
/// bound), unless the window is asked for from the end.
private final class ManyTodos: Sendable {
    static let length = 100_000
    private let queries = SanitizerVisibleMutex<[TodoQuery]>([])

    var asked: [TodoQuery] { queries.withLock { $0 } }

    func controller() -> TodoListController {
        let service = MockTodoListService {
            $0.fetchChoiceHandler = { .just(.success(nil)) }
            $0.observePageHandler = { [self] query, _ in
                queries.withLock { $0.append(query) }
                let end =
                    query.fromEnd ? max(0, Self.length - query.offset) : min(Self.length, query.offset + query.limit)
                let start = query.fromEnd ? max(0, end - query.limit) : query.offset
                let todos = (start..<max(start, end)).map { position in
                    Todo(id: Int64(position + 1), title: "Todo \(position)", createdAt: Date(timeIntervalSince1970: 0))
                }
                let counted =
                    query.search.isEmpty || query.fromEnd ? Self.length : min(Self.length, end + 1_000)
                return .just(
                    .success(
                        TodoPage(todos: todos, totalCount: counted, offset: start, isCountExact: counted == Self.length)
                    ))
            }
            $0.observeTallyHandler = { _ in .just(.success(TodoTally(active: Self.length, completed: 0))) }
            // Every todo matches the searches: "Todo n" is at position n.
            $0.positionHandler = { id, _ in .just(.success(Int(id) - 1)) }
        }
        let viewModel = TodoListViewModel(service: service, scheduler: ImmediateScheduler())
        return TodoListController(viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { _ in })
    }
}

private let size = TerminalSize(width: 60, height: 12)

/// The list's header, the titles of the rows it shows, and the selected position.
private func shown(_ controller: TodoListController) -> (header: String, titles: [String], selected: Int?) {
    guard case .list(let header, let window) = controller.screen(size: size, under: nil).content else {
        return ("", [], nil)
    }
    return (header ?? "", window.lines.map(\.text), window.selected)
}

/// Types `/todo` Enter: a search every todo matches.
private func searchEveryTodo(_ controller: TodoListController) {
    _ = shown(controller)
    for character in "/todo" { _ = controller.handle(.key(Key(.character(character)))) }
    _ = controller.handle(.key(Key(.enter)))
    _ = shown(controller)
}

@Test func todoListControllerHeaderSaysASearchCountIsOnlyALowerBound() {
    let todos = ManyTodos()
    let controller = todos.controller()
    defer { controller.stop() }
    searchEveryTodo(controller)
    #expect(shown(controller).header.hasSuffix("Search: todo · 1,009+ matches"))
}

@Test func todoListControllerEndKeyOfASearchCountedPartWayShowsTheLastTodo() {
    let todos = ManyTodos()
    let controller = todos.controller()
    defer { controller.stop() }
    searchEveryTodo(controller)
    _ = controller.handle(.key(Key(.character("G"))))
    let screen = shown(controller)
    #expect(screen.selected == 99_999)
    #expect(screen.titles.last == "Todo 99999")
    #expect(screen.header.hasSuffix("Search: todo · 100,000 matches"))
    #expect(todos.asked.last == TodoQuery(search: "todo", offset: 0, limit: 9, fromEnd: true))
}

@Test func todoListControllerLastPageIsNotAskedForAgainFromTheStart() {
    let todos = ManyTodos()
    let controller = todos.controller()
    defer { controller.stop() }
    searchEveryTodo(controller)
    _ = controller.handle(.key(Key(.end)))
    _ = shown(controller)
    _ = controller.handle(.key(Key(.character("k"))))
    let screen = shown(controller)
    #expect(screen.selected == 99_998)
    #expect(todos.asked.last?.fromEnd == true)
}

@Test func todoListControllerEndKeyOfAnExactCountMovesAtOnce() {
    let todos = ManyTodos()
    let controller = todos.controller()
    defer { controller.stop() }
    _ = shown(controller)
    _ = controller.handle(.key(Key(.character("G"))))
    let screen = shown(controller)
    #expect(screen.selected == 99_999)
    #expect(screen.titles.last == "Todo 99999")
    #expect(todos.asked.allSatisfy { !$0.fromEnd })
}

@Test func todoListControllerHeaderShowsNoMatchCountWithoutASearch() {
    let todos = ManyTodos()
    let controller = todos.controller()
    defer { controller.stop() }
    #expect(!shown(controller).header.contains("match"))
}

@Test func todoListControllerMarksOverdueAndDueTodayRowsWithASymbolAndAColourAndSaysHowFarTheDayIs() throws {
    let today = try #require(DueDay("2026-11-26"))
    func line(_ due: String?, done: Bool = false) -> ListLine {
        TodoListController.line(
            for: TodoRow(id: 1, title: "Milk", isCompleted: done, dueText: due, position: 0), today: today)
    }
    #expect(
        line("2026-11-24")
            == ListLine(
                mark: "[ ]", text: "Milk", note: "! due 2d ago · 2026-11-24", shortNote: "! 2d ago", emphasis: .failed))
    #expect(
        line("2026-11-26")
            == ListLine(
                mark: "[ ]", text: "Milk", note: "* due today · 2026-11-26", shortNote: "* today", emphasis: .attention)
    )
    #expect(
        line("2026-11-27")
            == ListLine(mark: "[ ]", text: "Milk", note: "due tomorrow · 2026-11-27", shortNote: "tomorrow"))
    #expect(
        line("2026-12-01") == ListLine(mark: "[ ]", text: "Milk", note: "due in 5d · 2026-12-01", shortNote: "in 5d"))
    #expect(
        line("2026-11-25", done: true)
            == ListLine(
                mark: "[x]", text: "Milk", note: "due yesterday · 2026-11-25", shortNote: "yesterday", emphasis: .muted)
    )
    #expect(line(nil) == ListLine(mark: "[ ]", text: "Milk"))
}

@Test func todoListControllerARenameLineHoldsUnsavedTextOnlyOnceItDiffersFromTheTitle() {
    let controller = ManyTodos().controller()
    defer { controller.stop() }
    _ = shown(controller)
    #expect(!controller.hasUnsavedInput)
    // `e` opens the line on the selected todo's title: nothing typed yet, so Ctrl-C need not ask.
    _ = controller.handle(.key(Key(.character("e"))))
    #expect(controller.scene.state.isPrompting)
    #expect(!controller.hasUnsavedInput)
    _ = controller.handle(.key(Key(.character("!"))))
    #expect(controller.hasUnsavedInput)
    _ = controller.handle(.key(Key(.backspace)))
    #expect(!controller.hasUnsavedInput)
}
