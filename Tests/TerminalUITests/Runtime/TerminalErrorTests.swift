import TerminalUI
import Testing

@Test func errorsDescribeThemselves() {
    #expect(TerminalError.notATerminal(descriptor: 0).description == "file descriptor 0 is not a terminal")
    #expect(TerminalError.systemCall("tcgetattr", errno: 25).description == "tcgetattr failed (errno 25)")
}
