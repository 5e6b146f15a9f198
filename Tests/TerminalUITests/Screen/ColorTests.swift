import TerminalUI
import Testing

@Test func namedColoursAreTheANSIIndices() {
    #expect(Color.black == .ansi(0))
    #expect(Color.red == .ansi(1))
    #expect(Color.white == .ansi(7))
    #expect(Color.brightWhite == .ansi(15))
}
