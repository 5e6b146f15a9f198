import Glibc
import Testing

@testable import TerminalUI

extension PseudoTerminalTests {
    @Suite struct TerminalTests {
        @Test func enterSwitchesToRawModeAndTheAlternateScreen() throws {
            let pty = try PseudoTerminal()
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            defer { terminal.leave() }
            let flags = pty.settings.c_lflag
            #expect(flags & tcflag_t(ICANON) == 0)
            #expect(flags & tcflag_t(ECHO) == 0)
            #expect(flags & tcflag_t(ISIG) == 0)
            #expect(pty.settings.c_oflag & tcflag_t(OPOST) != 0)
            let output = pty.readOutput()
            #expect(output.contains("\u{1B}[?1049h"))
            #expect(output.contains("\u{1B}[?25l"))
            #expect(output.contains("\u{1B}[?2004h"))
        }

        // Keys typed while the program was still starting (the terminal in line mode) are
        // kept: they are the first input the program reads once in raw mode.
        @Test func keysTypedBeforeEnteringAreReadAfterIt() throws {
            let pty = try PseudoTerminal()
            pty.type("?j")
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            defer { terminal.leave() }
            var descriptor = pollfd(fd: pty.secondary, events: Int16(POLLIN), revents: 0)
            try #require(poll(&descriptor, 1, 1000) == 1, "the keys typed before were discarded")
            var bytes = [UInt8](repeating: 0, count: 16)
            let count = read(pty.secondary, &bytes, bytes.count)
            #expect(Array(bytes.prefix(max(0, count))) == Array("?j".utf8))
        }

        @Test func leaveRestoresTheOriginalSettingsAndScreen() throws {
            let pty = try PseudoTerminal()
            let original = pty.settings
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            _ = pty.readOutput()
            terminal.leave()
            #expect(sameSettings(pty.settings, original))
            #expect(!terminal.isActive)
            let output = pty.readOutput()
            #expect(output.contains("\u{1B}[?1049l"))
            #expect(output.contains("\u{1B}[?25h"))
            #expect(output.contains("\u{1B}[?2004l"))
        }

        @Test func leavingTwiceWritesNothingMore() throws {
            let pty = try PseudoTerminal()
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            terminal.leave()
            _ = pty.readOutput()
            terminal.leave()
            #expect(pty.readOutput(timeout: 20) == "")
        }

        @Test func reapplyRestoresRawModeAfterTheShellChangedIt() throws {
            let pty = try PseudoTerminal()
            let original = pty.settings
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            defer { terminal.leave() }
            var cooked = original
            _ = tcsetattr(pty.secondary, TCSANOW, &cooked)
            terminal.reapply()
            #expect(pty.settings.c_lflag & tcflag_t(ICANON) == 0)
        }

        @Test func enterOnAPipeThrowsNotATerminal() throws {
            var descriptors: [Int32] = [0, 0]
            #expect(pipe(&descriptors) == 0)
            defer {
                close(descriptors[0])
                close(descriptors[1])
            }
            let terminal = Terminal(input: descriptors[0], output: descriptors[1])
            #expect(throws: TerminalError.notATerminal(descriptor: descriptors[0])) { try terminal.enter() }
            #expect(!terminal.isActive)
        }

        @Test func sizeIsTheWindowSize() throws {
            let pty = try PseudoTerminal()
            pty.setSize(width: 100, height: 30)
            #expect(
                Terminal(input: pty.secondary, output: pty.secondary).size() == TerminalSize(width: 100, height: 30))
        }

        @Test func sizeOfAPipeIsUnknown() throws {
            var descriptors: [Int32] = [0, 0]
            #expect(pipe(&descriptors) == 0)
            defer {
                close(descriptors[0])
                close(descriptors[1])
            }
            #expect(Terminal(input: descriptors[0], output: descriptors[1]).size() == nil)
        }

        @Test func writeDeliversAllBytes() throws {
            let pty = try PseudoTerminal()
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            terminal.write(Array("frame".utf8))
            #expect(pty.readOutput() == "frame")
        }

        @Test func writeToATerminalThatWentAwayFailsWithItsError() throws {
            let pty = try PseudoTerminal()
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            pty.hangUp()
            #expect(!terminal.write(Array("frame".utf8)))
            #expect(terminal.lastWriteError == EIO)
        }

        @Test func rawModeIsReportedUntilTheShellChangesTheSettings() throws {
            let pty = try PseudoTerminal()
            let original = pty.settings
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            #expect(!terminal.isInRawMode)
            try terminal.enter()
            defer { terminal.leave() }
            #expect(terminal.isInRawMode)
            var cooked = original
            _ = tcsetattr(pty.secondary, TCSANOW, &cooked)
            #expect(!terminal.isInRawMode)
        }
    }
}
