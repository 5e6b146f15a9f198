import Testing

@testable import TerminalUI

@Test func terminalControlsAreC0DeleteAndC1() {
    #expect(Unicode.Scalar(0x1b).isTerminalControl)
    #expect(Unicode.Scalar(0x7f).isTerminalControl)
    #expect(Unicode.Scalar(0x9f).isTerminalControl)
    #expect(!Unicode.Scalar(0xa0).isTerminalControl)
    #expect(!Unicode.Scalar(0x41).isTerminalControl)
}

@Test func bidiControlsIncludeOverridesIsolatesAndMarks() {
    #expect(Unicode.Scalar(0x202e)?.isBidiControl == true)
    #expect(Unicode.Scalar(0x2067)?.isBidiControl == true)
    #expect(Unicode.Scalar(0x200f)?.isBidiControl == true)
    #expect(Unicode.Scalar(0x05d0)?.isBidiControl == false)
}

@Test func charactersWithControlsAreUnsafe() {
    #expect(!Character("\r\n").isSafeForTerminal)
    #expect(!Character("\u{1B}").isSafeForTerminal)
    #expect(Character("é").isSafeForTerminal)
    #expect(Character("👨‍👩‍👧").isSafeForTerminal)
}
