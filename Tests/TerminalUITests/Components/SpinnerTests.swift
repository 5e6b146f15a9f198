import TerminalUI
import Testing

@Test func spinnerShowsTheFirstFrameAtTickZero() {
    #expect(Spinner().frame == "|")
}

@Test func spinnerAdvancesOneFramePerTick() {
    var spinner = Spinner()
    spinner.advance()
    #expect(spinner.frame == "/")
    spinner.advance(by: 2)
    #expect(spinner.frame == "\\")
}

@Test func spinnerWrapsAroundAfterTheLastFrame() {
    var spinner = Spinner()
    spinner.advance(by: 5)
    #expect(spinner.frame == "/")
}

@Test func spinnerHoldsEachFrameForItsTicks() {
    var spinner = Spinner(frames: ["a", "b"], ticksPerFrame: 3)
    spinner.advance(by: 2)
    #expect(spinner.frame == "a")
    spinner.advance()
    #expect(spinner.frame == "b")
}

@Test func spinnerAdvancingByHugeCountsDoesNotOverflow() {
    var spinner = Spinner(frames: ["a", "b"])
    spinner.advance(by: Int.max)
    spinner.advance(by: Int.max)
    #expect(spinner.frame == "a")
}

@Test func spinnerDrawsTheFrameAndTheLabel() {
    var spinner = Spinner()
    spinner.advance()
    let lines = drawn(width: 10, height: 1) { spinner.draw(into: &$0, x: 1, y: 0, label: "Loading") }
    #expect(lines == [" / Loading"])
}

@Test func spinnerLabelIsSanitized() {
    let spinner = Spinner()
    let buffer = drawnBuffer(width: 12, height: 1) { spinner.draw(into: &$0, x: 0, y: 0, label: hostileText) }
    #expect(!containsControl(buffer))
    #expect(buffer.textLines() == ["| red\u{FFFD}txt   "])
}
