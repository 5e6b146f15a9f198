import TerminalUI
import Testing

@Test func listViewStartsWithTheFirstRowSelected() {
    let list = ListView(count: 5, height: 3)
    #expect(list.selected == 0)
    #expect(list.visibleRange == 0..<3)
}

@Test func listViewEmptyHasNoSelection() {
    var list = ListView(count: 0, height: 3)
    #expect(list.selected == nil)
    let usesDown = list.handle(Key(.down))
    #expect(usesDown)
    #expect(list.selected == nil)
}

@Test func listViewDownAndJMoveTheSelectionAndStopAtTheEnd() {
    var list = ListView(count: 3, height: 3)
    _ = list.handle(Key(.down))
    _ = list.handle(.character("j"))
    _ = list.handle(.character("j"))
    #expect(list.selected == 2)
}

@Test func listViewUpAndKMoveTheSelectionAndStopAtTheStart() {
    var list = ListView(count: 3, height: 3, selected: 2)
    _ = list.handle(Key(.up))
    _ = list.handle(.character("k"))
    _ = list.handle(.character("k"))
    #expect(list.selected == 0)
}

@Test func listViewScrollsOnlyWhenTheSelectionLeavesTheWindow() {
    var list = ListView(count: 10, height: 3)
    _ = list.handle(Key(.down))
    _ = list.handle(Key(.down))
    #expect(list.offset == 0)
    _ = list.handle(Key(.down))
    #expect(list.offset == 1)
    #expect(list.visibleRange == 1..<4)
}

@Test func listViewPageDownMovesByTheHeight() {
    var list = ListView(count: 10, height: 3)
    _ = list.handle(Key(.pageDown))
    #expect(list.selected == 3)
    _ = list.handle(Key(.pageUp))
    #expect(list.selected == 0)
}

@Test func listViewHomeAndEndGoToEitherEnd() {
    var list = ListView(count: 10, height: 3)
    _ = list.handle(Key(.end))
    #expect(list.selected == 9)
    #expect(list.offset == 7)
    _ = list.handle(Key(.home))
    #expect(list.selected == 0)
    #expect(list.offset == 0)
    _ = list.handle(.character("G"))
    #expect(list.selected == 9)
    _ = list.handle(.character("g"))
    #expect(list.selected == 0)
}

@Test func listViewIgnoresOtherKeys() {
    var list = ListView(count: 10, height: 3)
    let usesX = list.handle(.character("x"))
    #expect(!usesX)
    let usesCtrlJ = list.handle(.control("j"))
    #expect(!usesCtrlJ)
    #expect(list.selected == 0)
}

@Test func listViewShrinkingKeepsTheSelectionInTheList() {
    var list = ListView(count: 10, height: 3, selected: 9)
    list.setCount(4)
    #expect(list.selected == 3)
    #expect(list.offset == 1)
}

@Test func listViewResizingKeepsTheSelectionInView() {
    var list = ListView(count: 10, height: 5, selected: 4)
    list.setHeight(2)
    #expect(list.visibleRange.contains(4))
}

@Test func listViewHugeMovesDoNotOverflow() {
    var list = ListView(count: 10, height: 3)
    list.moveSelection(by: Int.max)
    #expect(list.selected == 9)
    list.moveSelection(by: Int.min)
    #expect(list.selected == 0)
}

@Test func listViewDrawsTheVisibleRowsWithTheSelectionMarked() {
    var list = ListView(count: 3, height: 3)
    _ = list.handle(Key(.down))
    let lines = drawn(width: 12, height: 3) { buffer in
        list.draw(into: &buffer, in: buffer.bounds) { ListLine(text: "row \($0)") }
    }
    #expect(lines == ["  row 0     ", "> row 1     ", "  row 2     "])
}

@Test func listViewOfAMillionRowsAsksOnlyForTheVisibleRows() {
    var list = ListView(count: 1_000_000, height: 4)
    _ = list.handle(Key(.end))
    var requested: [Int] = []
    let lines = drawn(width: 20, height: 4) { buffer in
        list.draw(into: &buffer, in: buffer.bounds) { index in
            requested.append(index)
            return ListLine(text: "row \(index)")
        }
    }
    #expect(requested == [999_996, 999_997, 999_998, 999_999])
    #expect(lines[3].hasPrefix("> row 999999"))
}

@Test func listViewDrawnShorterThanItsHeightStillShowsTheSelection() {
    let list = ListView(count: 100, height: 10, selected: 9)
    let lines = drawn(width: 12, height: 2) { buffer in
        list.draw(into: &buffer, in: buffer.bounds) { ListLine(text: "r\($0)") }
    }
    #expect(lines[1].hasPrefix("> r9"))
}

@Test func listViewShowsTheEmptyTextWhenEmpty() {
    let list = ListView(count: 0, height: 3)
    let lines = drawn(width: 12, height: 3) { buffer in
        list.draw(into: &buffer, in: buffer.bounds, emptyText: "Nothing") { _ in ListLine(text: "never") }
    }
    #expect(lines == ["            ", "  Nothing   ", "            "])
}

@Test func listViewNeverWritesControlCharactersFromRows() {
    let list = ListView(count: 1, height: 1)
    let buffer = drawnBuffer(width: 20, height: 1) { buffer in
        list.draw(into: &buffer, in: buffer.bounds) { _ in ListLine(text: hostileText) }
    }
    #expect(!containsControl(buffer))
    #expect(buffer.textLines() == ["> red\u{FFFD}txt           "])
}
