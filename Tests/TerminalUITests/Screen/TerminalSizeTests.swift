import TerminalUI
import Testing

@Test func negativeSizesClampToZero() {
    #expect(TerminalSize(width: -1, height: 5) == TerminalSize(width: 0, height: 5))
}

@Test func sizeDescribesItselfAsColumnsByRows() {
    #expect(TerminalSize(width: 80, height: 24).description == "80x24")
}
