import TerminalUI
import Testing

private let size = TerminalSize(width: 60, height: 14)

private let todoHints = [
    KeyHint("a", "add"), KeyHint("Space", "toggle"), KeyHint("e", "edit"), KeyHint("d", "delete"), KeyHint("?", "help"),
]

private func todoList(
    chrome: SceneChrome = SceneChrome(appName: "Rivulet", title: "Todos", info: "2 items left", hints: todoHints)
)
    -> SceneScreen
{
    SceneScreen(
        chrome: chrome,
        content: .list(
            header: "Filter: all · Sort: manual",
            window: ListWindow(
                lines: [
                    ListLine(mark: "[ ]", text: "Welcome to Rivulet", note: "2026-12-24"),
                    ListLine(mark: "[x]", text: "Read the key map", emphasis: .muted),
                    ListLine(mark: "[ ]", text: "年末の大掃除 🧹 and more"),
                ],
                selected: 1)))
}

@Test func homeScreenSnapshot() {
    let screen = SceneScreen(
        chrome: SceneChrome(
            appName: "Rivulet",
            title: "Home",
            hints: [KeyHint("t", "todos"), KeyHint("f", "feeds"), KeyHint("?", "help"), KeyHint("q", "quit")]),
        content: .list(
            header: nil,
            window: ListWindow(
                lines: [
                    ListLine(mark: "t", text: "Todos", note: "2 active, 1 done"),
                    ListLine(mark: "f", text: "Feeds", note: "12 unread"),
                ],
                selected: 0)))
    assertSnapshot(screen.render(size: size), named: "home")
}

@Test func todoListScreenSnapshot() {
    assertSnapshot(todoList().render(size: size), named: "todo-list")
}

@Test func todoListWithAddPromptSnapshot() {
    var chrome = SceneChrome(appName: "Rivulet", title: "Todos", info: "2 items left", hints: todoHints)
    chrome.prompt = .input(label: "New todo:", text: "Buy milk", cursor: 8)
    assertSnapshot(todoList(chrome: chrome).render(size: size), named: "todo-list-add")
}

@Test func todoListAskingToDeleteSnapshot() {
    var chrome = SceneChrome(appName: "Rivulet", title: "Todos", info: "2 items left", hints: todoHints)
    chrome.prompt = .confirm("Delete “Read the key map”?")
    assertSnapshot(todoList(chrome: chrome).render(size: size), named: "todo-list-confirm")
}

@Test func todoListWithHelpOverlaySnapshot() {
    var chrome = SceneChrome(appName: "Rivulet", title: "Todos", info: "2 items left", hints: todoHints)
    chrome.help = [
        KeyHint("j / k", "move"), KeyHint("a", "add a todo"), KeyHint("Space", "toggle"), KeyHint("q", "back"),
    ]
    assertSnapshot(todoList(chrome: chrome).render(size: size), named: "todo-list-help")
}

@Test func errorReplacesTheHintsAndSpinnerShowsWork() {
    var chrome = SceneChrome(appName: "Rivulet", title: "Todos", info: "2 items left", hints: todoHints)
    chrome.errorMessage = "Could not add the todo: database is locked"
    chrome.isBusy = true
    chrome.spinnerFrame = 1
    assertSnapshot(todoList(chrome: chrome).render(size: size), named: "todo-list-error-busy")
}

@Test func emptyListSaysWhatToDo() {
    let screen = SceneScreen(
        chrome: SceneChrome(appName: "Rivulet", title: "Todos", hints: todoHints),
        content: .list(
            header: "Filter: active", window: ListWindow(lines: [], emptyText: "Nothing here. Press a to add a todo.")))
    assertSnapshot(screen.render(size: size), named: "todo-list-empty")
}

@Test func longListShowsItsScrollPosition() {
    let lines = (100..<110).map { ListLine(mark: "[ ]", text: "Todo \($0)") }
    let screen = SceneScreen(
        chrome: SceneChrome(appName: "Rivulet", title: "Todos", info: "100000 items left"),
        content: .list(header: nil, window: ListWindow(lines: lines, offset: 100, totalCount: 100_000, selected: 104)))
    assertSnapshot(screen.render(size: size), named: "todo-list-scrolled")
}

@Test func editorScreenSnapshot() {
    let screen = SceneScreen(
        chrome: SceneChrome(
            appName: "Rivulet",
            title: "Edit todo",
            hints: [KeyHint("Tab", "next field"), KeyHint("Enter", "save"), KeyHint("Esc", "cancel")]),
        content: .form(
            FormContent(
                fields: [
                    .init(label: "Title", text: "Welcome to Rivulet"),
                    .init(label: "Notes", text: "Line one\nline two"),
                    .init(label: "Due", text: "2026-02-30", problem: "not a real day (YYYY-MM-DD)"),
                ],
                focused: 2)))
    assertSnapshot(screen.render(size: size), named: "todo-editor")
}

@Test func feedsScreenSnapshot() {
    var chrome = SceneChrome(
        appName: "Rivulet",
        title: "Feeds", info: "2 feeds",
        hints: [KeyHint("a", "add"), KeyHint("r", "refresh"), KeyHint("R", "all"), KeyHint("Enter", "items")])
    chrome.isBusy = true
    chrome.busyText = "Refreshing 1 of 2"
    let screen = SceneScreen(
        chrome: chrome,
        content: .list(
            header: nil,
            window: ListWindow(
                lines: [
                    ListLine(text: "Rivulet news", note: "3 unread", emphasis: .strong),
                    ListLine(text: "https://broken.example/feed", note: "failed: not a feed", emphasis: .failed),
                ],
                selected: 0)))
    assertSnapshot(screen.render(size: size), named: "feeds")
}

@Test func feedItemsScreenSnapshot() {
    let screen = SceneScreen(
        chrome: SceneChrome(
            appName: "Rivulet",
            title: "Rivulet news", info: "3 unread",
            hints: [KeyHint("Enter", "read"), KeyHint("m", "read/unread"), KeyHint("M", "all read")]),
        content: .list(
            header: nil,
            window: ListWindow(
                lines: [
                    ListLine(mark: "*", text: "Version 1.0 is out", note: "2026-11-20", emphasis: .strong),
                    ListLine(mark: " ", text: "Tips for the key map", note: "2026-11-02", emphasis: .muted),
                ],
                selected: 1)))
    assertSnapshot(screen.render(size: size), named: "feed-items")
}

@Test func readerScreenSnapshot() {
    let screen = SceneScreen(
        chrome: SceneChrome(
            appName: "Rivulet", title: "Rivulet news", hints: [KeyHint("j / k", "scroll"), KeyHint("Esc", "back")]),
        content: .reader(
            ReaderContent(
                heading: "Version 1.0 is out",
                meta: ["2026-11-20", "https://example.com/news/1.0"],
                body: "Rivulet 1.0 brings todos and feeds to your terminal, with every change saved at once.\n\n"
                    + "Press ? in any scene for its keys.")))
    assertSnapshot(screen.render(size: size), named: "feed-item-reader")
}

@Test func escapeSequencesInDataAreDrawnInert() {
    let screen = SceneScreen(
        chrome: SceneChrome(appName: "Rivulet", title: "Todos"),
        content: .list(
            header: nil,
            window: ListWindow(lines: [ListLine(mark: "[ ]", text: "evil\u{1b}[2J\u{1b}]0;pwned\u{7}title")])))
    let lines = screen.render(size: TerminalSize(width: 40, height: 4)).textLines()
    #expect(lines[1].hasPrefix("  [ ] eviltitle "))
}

@Test func tinyTerminalsDoNotBreakTheLayout() {
    assertSnapshot(todoList().render(size: TerminalSize(width: 12, height: 3)), named: "todo-list-tiny")
    #expect(todoList().render(size: TerminalSize(width: 1, height: 1)).textLines().count == 1)
    #expect(todoList().render(size: TerminalSize(width: 0, height: 0)).textLines().isEmpty)
}

@Test func aReaderWrappedOnceDrawsAsOneWrappedWhenDrawn() {
    let reader = ReaderContent(
        heading: "Heading", meta: ["2026-11-20"], body: "  • a list item long enough to wrap\n\n> quoted", scroll: 1)
    let size = TerminalSize(width: 24, height: 10)
    let area = SceneChrome(title: "Item").contentArea(for: size)
    let body = reader.bodyRect(in: area)
    let wrapped = reader.wrappingBody(toWidth: body.width)
    #expect(wrapped.bodyLines(width: body.width) == reader.bodyLines(width: body.width))
    #expect(
        wrapped.bodyLines(width: body.width).map(\.string) == [
            "  • a list item long", "    enough to wrap", "", "> quoted",
        ])
    let chrome = SceneChrome(title: "Item")
    #expect(
        SceneScreen(chrome: chrome, content: .reader(wrapped)).render(size: size).textLines()
            == SceneScreen(chrome: chrome, content: .reader(reader)).render(size: size).textLines())
}

@Test func aLongFieldKeepsStillAsTheCursorMovesRightFromItsStart() {
    let title = "abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ"
    func titleRow(cursor: Int) -> String {
        let screen = SceneScreen(
            chrome: SceneChrome(title: "Edit todo"),
            content: .form(FormContent(fields: [.init(label: "Title", text: title)], focused: 0, cursor: cursor)))
        return screen.render(size: TerminalSize(width: 40, height: 6)).textLines()[2]
    }
    // The field shows the text from its start while the cursor is within it, at every step.
    for cursor in 0..<20 { #expect(titleRow(cursor: cursor).contains("Title: abcdefghijklmnopqrstuvwxyz012")) }
    // Past the right edge, it scrolls as far as keeps the cursor in view, no further.
    #expect(titleRow(cursor: title.count).contains("Title: rstuvwxyz0123456789ABCDEFGHIJ"))
}

@Test func formRoomForAreasIsWhatTheOtherRowsLeave() {
    let form = FormContent(
        fields: [
            .init(label: "Title", text: "Milk"),
            .init(label: "Notes", area: TextArea(text: "", width: 20, height: 5)),
            .init(label: "Due", text: "xyz", problem: "not a date"),
        ],
        focused: 2)
    // A blank line above each field, Title's and Due's lines, Due's problem: 6 rows.
    #expect(form.roomForAreas(in: Rect(x: 0, y: 0, width: 40, height: 10)) == 4)
    #expect(form.roomForAreas(in: Rect(x: 0, y: 0, width: 40, height: 4)) == 0)
}

@Test func readerHeadingWrapsAndTheBodyStartsBelowIt() {
    let size = TerminalSize(width: 24, height: 12)
    let chrome = SceneChrome(title: "Item")
    // 20 columns inside the margins.
    let heading = "A long title that keeps going"
    let reader = ReaderContent(heading: heading, meta: ["2026-11-26"], body: "Body text.")
    let lines = SceneScreen(chrome: chrome, content: .reader(reader)).render(size: size).textLines()
    let top = lines.firstIndex { $0.contains("A long title") } ?? -1
    #expect(lines[top].trimmingCharacters(in: .whitespaces) == "A long title that")
    #expect(lines[top + 1].trimmingCharacters(in: .whitespaces) == "keeps going")
    #expect(lines[top + 2].contains("2026-11-26"))
    #expect(lines[top + 4].contains("Body text."))
    #expect(reader.bodyRect(in: Rect(x: 0, y: 0, width: 24, height: 10)).y == 5)
    // At most three lines; the third ends with an ellipsis, and the body starts with the whole
    // heading, so that scrolling reaches its end.
    let endless = ReaderContent(heading: String(repeating: "word ", count: 40) + "end", body: "Body")
    let drawn = SceneScreen(chrome: chrome, content: .reader(endless)).render(size: size).textLines()
    let headingRows = drawn.prefix { !$0.contains("word") }.count
    #expect(drawn[headingRows + 2].trimmingCharacters(in: .whitespaces).hasSuffix("…"))
    #expect(drawn[headingRows + 3].trimmingCharacters(in: .whitespaces).isEmpty)
    #expect(drawn[headingRows + 4].trimmingCharacters(in: .whitespaces).hasPrefix("word word"))
    let body = endless.bodyLines(width: 20).map(\.string)
    #expect(body.suffix(3) == ["end", "", "Body"])
    #expect(body.joined(separator: " ").filter { $0 == "w" }.count == 40)
}

@Test func aStyledReaderDrawsBoldAndHeadingsWithTheirAttributesOnWrappedLines() {
    var body = StyledText("## Heading", style: .bold)
    body.append("\n\nSome ")
    body.append("very bold words", style: .bold)
    body.append(" in it.")
    let reader = ReaderContent(heading: "Item", body: body)
    let buffer = SceneScreen(chrome: SceneChrome(title: "Item"), content: .reader(reader))
        .render(size: TerminalSize(width: 20, height: 9))
    let snapshot = buffer.snapshot()
    let lines = buffer.textLines()
    #expect(lines[4] == "  ## Heading        ")
    #expect(lines[6] == "  Some very bold    ")
    #expect(lines[7] == "  words in it.      ")
    #expect(snapshot.contains("row 4, x 2..<12: bold"))
    #expect(snapshot.contains("row 6, x 7..<16: bold"))
    #expect(snapshot.contains("row 7, x 2..<7: bold"))
}
