import Testing

@testable import TerminalUI

@Test func blankCellIsASpaceOfWidthOne() {
    #expect(Cell.blank().character == " ")
    #expect(Cell.blank().width == 1)
    #expect(!Cell.blank().isContinuation)
}

@Test func continuationCellHasWidthZero() {
    #expect(Cell.continuation(.plain).isContinuation)
}

@Test func cellsDifferByStyleOrCharacterOrWidth() {
    #expect(Cell.blank(.bold) != Cell.blank())
    #expect(Cell("a", style: .plain, width: 1) != Cell("b", style: .plain, width: 1))
    #expect(Cell(" ", style: .plain, width: 0) != Cell.blank())
    #expect(Cell("a", style: .plain, width: 1) == Cell("a", style: .plain, width: 1))
}
