import Foundation
import TerminalUI

/// The composition root: parses the command line, configures the services once, then runs a
/// command or the full-screen app.
public enum Rivulet {
    /// Exit status: success.
    static let success: Int32 = 0
    /// Exit status: the command ran and failed.
    static let failure: Int32 = 1
    /// Exit status: the command line (or the way the tool was started) is wrong.
    static let usage: Int32 = 2

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    public static func run(arguments: [String]) -> Int32 {
        let invocation: RivuletInvocation
        do {
            invocation = try CommandLineParser.parse(arguments)
        } catch {
            Output.error(CommandUsage.report(of: error))
            return usage
        }
        switch invocation.command {
        case .help(let topic):
            Output.line(CommandUsage.text(for: topic))
            return success
        case .version:
            Output.line(CommandUsage.version)
            return success
        case .app:
            let environment = ProcessInfo.processInfo.environment
            if let refusal = AppCommand.refusal(isInteractive: TTY.isInteractive, term: environment["TERM"]) {
                Output.error(refusal)
                return failure
            }
            return AppCommand.run(options: invocation.options)
        default:
            return ScriptCommands.run(invocation)
        }
    }
}

/// Writing to the standard streams.
enum Output {
    static func line(_ text: String) {
        write(text + "\n")
    }

    static func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes `text` to standard error with escape sequences and controls neutralized: messages
    /// quote what the user or a feed gave (an address, a path, an argument), and standard error
    /// is usually a terminal.
    static func error(_ text: String) {
        FileHandle.standardError.write(Data((TextSanitizer.visible(text, preservingNewlines: true) + "\n").utf8))
    }
}
