import TerminalUI
import Testing

private func bar(_ bar: ProgressBar, width: Int) -> String {
    drawn(width: width, height: 1) { bar.draw(into: &$0, in: $0.bounds) }[0]
}

@Test func progressBarEmptyShowsNoFilledCells() {
    #expect(bar(ProgressBar(fraction: 0), width: 15) == "░░░░░░░░░░   0%")
}

@Test func progressBarFullFillsEveryCell() {
    #expect(bar(ProgressBar(fraction: 1), width: 15) == "██████████ 100%")
}

@Test func progressBarShowsAPartlyDoneCellInEighths() {
    // 42% of 15 cells is 6.3 cells: six full, then two eighths.
    #expect(bar(ProgressBar(fraction: 0.42), width: 20) == "██████▎░░░░░░░░  42%")
}

@Test func progressBarWithoutPartialBlocksShowsWholeCellsOnly() {
    #expect(bar(ProgressBar(fraction: 0.42, usesPartialBlocks: false), width: 20) == "██████░░░░░░░░░  42%")
}

@Test func progressBarAlmostDoneNeverLooksFinished() {
    #expect(bar(ProgressBar(fraction: 0.999), width: 15) == "█████████▉  99%")
}

@Test func progressBarClampsFractionsOutOfRange() {
    #expect(ProgressBar(fraction: 2).fraction == 1)
    #expect(ProgressBar(fraction: -1).fraction == 0)
    #expect(ProgressBar(fraction: .nan).fraction == 0)
}

@Test func progressBarCountsDoneOfTotal() {
    #expect(ProgressBar(done: 1, of: 4).percentText == "25%")
    #expect(ProgressBar(done: 1, of: 0).fraction == 0)
}

@Test func progressBarLeavesThePercentageOutWhenNarrow() {
    #expect(bar(ProgressBar(fraction: 0.5), width: 8) == "████░░░░")
}

@Test func progressBarWithoutPercentageUsesEveryCell() {
    #expect(bar(ProgressBar(fraction: 0.5, showsPercentage: false), width: 10) == "█████░░░░░")
}

@Test func progressBarStylesFilledAndEmptyCells() {
    let buffer = drawnBuffer(width: 4, height: 1) { buffer in
        ProgressBar(fraction: 0.5, showsPercentage: false)
            .draw(into: &buffer, in: buffer.bounds, filledStyle: Style(foreground: .green), emptyStyle: .dim)
    }
    #expect(buffer[1, 0].style == Style(foreground: .green))
    #expect(buffer[2, 0].style == .dim)
}

@Test func progressBarAsTextIsTheDrawnLine() {
    #expect(ProgressBar(fraction: 0.5).text(width: 15) == "█████░░░░░  50%")
}

@Test func progressBarOverwritingLineStartsWithACarriageReturnAndAClearedLine() {
    #expect(ProgressBar.overwritingLine(with: "42%") == "\r\u{1B}[K42%")
}
