import TerminalUI
import Testing

@Test func errorsDescribeThemselves() {
    #expect(
        TerminalError.notATerminal(descriptor: 0).description
            == "standard input is not a terminal; run the program in a terminal, not through a pipe")
    #expect(
        TerminalError.systemCall("tcgetattr", errno: 25).description
            == "the terminal's settings could not be read (tcgetattr: inappropriate ioctl for device); "
            + "run the program in a working terminal")
}
