import TerminalUI
import Testing

@Test func scrollKeepsTheSelectionInView() {
    #expect(ListScroll.offset(selected: 0, previous: 0, height: 10, count: 100) == 0)
    #expect(ListScroll.offset(selected: 10, previous: 0, height: 10, count: 100) == 1)
    #expect(ListScroll.offset(selected: 5, previous: 8, height: 10, count: 100) == 5)
    #expect(ListScroll.offset(selected: 12, previous: 8, height: 10, count: 100) == 8)
}

@Test func scrollNeverShowsPastTheEnd() {
    #expect(ListScroll.offset(selected: 99, previous: 95, height: 10, count: 100) == 90)
    #expect(ListScroll.offset(selected: 3, previous: 50, height: 10, count: 5) == 0)
}

@Test func moveClampsToTheList() {
    #expect(ListScroll.move(0, by: -1, count: 5) == 0)
    #expect(ListScroll.move(3, by: 10, count: 5) == 4)
    #expect(ListScroll.move(nil, by: 1, count: 0) == nil)
    #expect(ListScroll.move(nil, by: 1, count: 3) == 1)
}

private func bigListScreen(toggled: Bool) -> SceneScreen {
    let lines = (0..<58).map { index in
        ListLine(
            mark: toggled && index == 7 ? "[x]" : "[ ]", text: "Todo number \(index) of a long list",
            note: "2026-12-24",
            emphasis: toggled && index == 7 ? .muted : .normal)
    }
    return SceneScreen(
        chrome: SceneChrome(title: "Todos", info: "100000 items left", hints: [KeyHint("a", "add")]),
        content: .list(header: nil, window: ListWindow(lines: lines, offset: 0, totalCount: 100_000, selected: 3)))
}

@Test func togglingOneRowWritesFewerThanAHundredBytes() {
    let size = TerminalSize(width: 200, height: 60)
    let before = bigListScreen(toggled: false).render(size: size)
    let after = bigListScreen(toggled: true).render(size: size)
    let bytes = DiffRenderer(colorSupport: .colors256, usesSynchronizedOutput: false).frame(from: before, to: after)
    #expect(!bytes.isEmpty)
    #expect(bytes.count < 100)
}

@Test func aNoteTooLongForTheRowIsShortenedWithAnEllipsisNotDropped() {
    let error = "failed: GET https://example.com/feed.xml: the server answered 404 Not Found; check the address"
    var buffer = CellBuffer(width: 60, height: 1)
    ListWindow(lines: [ListLine(text: "A feed with a title", note: error, emphasis: .failed)])
        .draw(into: &buffer, in: buffer.bounds)
    let row = buffer.textLines()[0]
    #expect(row.contains("A feed"))
    #expect(row.contains("failed: GET https://"))
    #expect(row.contains("…"))
}

@Test func aNoteThatFitsIsDrawnWhole() {
    var buffer = CellBuffer(width: 60, height: 1)
    ListWindow(lines: [ListLine(text: "A todo", note: "2026-12-24")]).draw(into: &buffer, in: buffer.bounds)
    #expect(buffer.textLines()[0].hasSuffix("2026-12-24 "))
}

@Test func aNoteThatFitsOnlyByCrowdingOutTheTextIsShortenedInstead() {
    var buffer = CellBuffer(width: 40, height: 1)
    ListWindow(lines: [ListLine(text: "Local Test Feed", note: "0 of 3 unread · updated 2026-11-26")])
        .draw(into: &buffer, in: buffer.bounds)
    let row = buffer.textLines()[0]
    // The text keeps at least a third of the row; the note gives way.
    #expect(row.contains("Local Test"))
    #expect(row.contains("0 of 3 unread"))
    #expect(row.contains("…"))
}

@Test func aNoteWithAShortFormShowsItWhenTheWholeNoteDoesNotFit() {
    let line = ListLine(mark: "[ ]", text: "Buy milk", note: "due in 3d · 2026-11-29", shortNote: "in 3d")
    func row(width: Int) -> String {
        var buffer = CellBuffer(width: width, height: 1)
        ListWindow(lines: [line]).draw(into: &buffer, in: buffer.bounds)
        return buffer.textLines()[0]
    }
    #expect(row(width: 50).hasSuffix("due in 3d · 2026-11-29 "))
    #expect(row(width: 24).hasSuffix("in 3d ") && !row(width: 24).contains("2026"))
    #expect(row(width: 24).contains("Buy milk"))
    #expect(!row(width: 24).contains("…"))
}
