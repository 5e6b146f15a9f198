import Foundation
import Synchronization
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
    /// Output that could not be written (a full disk, a closed descriptor) is said in one sentence
    /// on standard error, and the run fails.
    public static func run(arguments: [String]) -> Int32 {
        let status = runCommand(arguments: arguments)
        guard let problem = Output.outputFailure else { return status }
        Output.error("rivulet: cannot write the output: \(problem)")
        return status == success ? failure : status
    }

    private static func runCommand(arguments: [String]) -> Int32 {
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
    /// Why standard output could not be written, from the first write that failed; nothing is
    /// written after it.
    private static let failure = Mutex<String?>(nil)

    static var outputFailure: String? { failure.withLock { $0 } }

    static func line(_ text: String) {
        write(text + "\n")
    }

    static func write(_ text: String) {
        failure.withLock { failure in
            guard failure == nil, let code = Terminal.write(Array(text.utf8), to: STDOUT_FILENO) else { return }
            failure = String(cString: strerror(code)).lowercased()
        }
    }

    /// Writes `text` to standard error with escape sequences and controls neutralized: messages
    /// quote what the user or a feed gave (an address, a path, an argument), and standard error
    /// is usually a terminal. A failure is dropped: there is nowhere left to say it.
    static func error(_ text: String) {
        _ = Terminal.write(
            Array((TextSanitizer.visible(text, preservingNewlines: true) + "\n").utf8), to: STDERR_FILENO)
    }

    /// Writes `text` (a progress line of the program's own) to standard error as it is.
    static func progress(_ text: String) {
        _ = Terminal.write(Array(text.utf8), to: STDERR_FILENO)
    }
}
