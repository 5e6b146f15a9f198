import BaseServices
import Coordination
import Foundation
import SceneServices
import TerminalUI

/// Opens the full-screen app: configures the services, then hands the terminal to the
/// coordinator's scenes.
enum AppCommand {
    /// Why the full-screen app cannot run here, as the one line to print, or `nil` when it can:
    /// it needs standard input and output on a terminal, and a terminal that can move the
    /// cursor (`TERM=dumb` cannot).
    static func refusal(isInteractive: Bool, term: String?) -> String? {
        let reason: String
        if !isInteractive {
            reason = "standard input and output are not a terminal"
        } else if term == "dumb" {
            reason = "TERM=dumb cannot draw it"
        } else {
            return nil
        }
        return "rivulet: the full-screen app needs a terminal, and \(reason); "
            + "use the commands instead (rivulet list, rivulet add TITLE; see rivulet --help)"
    }

    static func run(options: GlobalOptions) -> Int32 {
        let settingsPath = Composition.settingsPath()
        let (settings, problems) = Composition.settings(at: settingsPath)
        for problem in problems { Output.error("rivulet: \(settingsPath), \(problem) It is skipped.") }
        // Bindings that leave an action with no key are kept (they may be meant), and said.
        let keyless = KeyBindings(settings.keyBindings).actionsWithoutKeys
        for sentence in keyless { Output.error("rivulet: \(settingsPath): \(sentence)") }
        let startNotes =
            (Composition.settingsNote(path: settingsPath, problems: problems).map { [$0] } ?? [])
            + (keyless.isEmpty ? [] : [keyless.joined(separator: " ")])
        let services: Services
        switch Composition.startServices(options: options, settings: settings) {
        case .success(let prepared): services = prepared
        case .failure(let failure):
            Output.error("rivulet: \(failure.message)")
            return failure.status
        }
        let reload = Composition.feedReload(options: options, settings: settings)
        do {
            let scheduler = UIScheduler()
            let shell = AppShell(
                scheduler: scheduler, environment: ProcessInfo.processInfo.environment, settings: settings)
            shell.closeOnExit { closeBaseServices() }
            let coordinator = SceneCoordinator(
                services: services, scheduler: scheduler, presenter: shell, startNotes: startNotes)
            try shell.run(coordinator) {
                // For the app's lifetime: the process ends by exiting, never by disposing.
                _ = services.makeFeedListService().reloading(reload, scheduler: scheduler).subscribe()
            }
        } catch {
            Output.error("rivulet: cannot use the terminal: \(error)")
            return Rivulet.failure
        }
    }
}
