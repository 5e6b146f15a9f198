import Glibc
import TerminalUI
import Testing

@Test func pipeIsNotATerminal() {
    var descriptors: [Int32] = [0, 0]
    #expect(pipe(&descriptors) == 0)
    defer {
        close(descriptors[0])
        close(descriptors[1])
    }
    #expect(!TTY.isTerminal(descriptors[0]))
}

@Test func pseudoTerminalIsATerminal() throws {
    let pty = try PseudoTerminal()
    #expect(TTY.isTerminal(pty.secondary))
}
