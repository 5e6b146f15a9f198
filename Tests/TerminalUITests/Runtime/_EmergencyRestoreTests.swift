import Glibc
import Testing

@testable import TerminalUI

extension PseudoTerminalTests {
    @Suite struct EmergencyRestoreTests {
        @Test func emergencyRestorePutsTheTerminalBack() throws {
            let pty = try PseudoTerminal()
            let original = pty.settings
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            _ = pty.readOutput()
            _emergencyRestore()  // what the crash handlers and the exit hook run
            #expect(sameSettings(pty.settings, original))
            let output = pty.readOutput()
            #expect(output == String(decoding: Terminal.leaveSequence, as: UTF8.self))
            terminal.leave()
        }

        @Test func emergencyRestoreRunsOnlyOnce() throws {
            let pty = try PseudoTerminal()
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            _ = pty.readOutput()
            _emergencyRestore()
            _ = pty.readOutput()
            _emergencyRestore()
            #expect(pty.readOutput(timeout: 20) == "")
            terminal.leave()
        }

        @Test func emergencyRestoreAfterANormalLeaveDoesNothing() throws {
            let pty = try PseudoTerminal()
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            terminal.leave()
            _ = pty.readOutput()
            _emergencyRestore()
            #expect(pty.readOutput(timeout: 20) == "")
        }

        @Test func crashHandlersAreInstalledForEveryFatalSignal() throws {
            let pty = try PseudoTerminal()
            let terminal = Terminal(input: pty.secondary, output: pty.secondary)
            try terminal.enter()
            defer { terminal.leave() }
            for signal in [SIGSEGV, SIGBUS, SIGILL, SIGABRT, SIGFPE, SIGTRAP] {
                var action = sigaction()
                _ = sigaction(signal, nil, &action)
                #expect(action.__sigaction_handler.sa_handler != nil, "signal \(signal)")
            }
        }
    }
}
