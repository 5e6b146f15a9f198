import TerminalUI

/// Opens the full-screen app.
enum AppCommand {
    static func run(options: GlobalOptions) -> Int32 {
        do {
            try Composition.configure(options: options)
        } catch {
            Output.error("rivulet: \(error.message)")
            return Rivulet.failure
        }
        Output.error("rivulet: the full-screen app is not available in this build; see 'rivulet --help'")
        return Rivulet.failure
    }
}
