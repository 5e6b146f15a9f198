import Coordination
import Foundation
public import Habits
public import TerminalUI

/// Runs the habit tracker full screen until the person quits.
public enum HabitsTerminalApp {
    /// Takes over the terminal, shows the habit list over `services`, and runs until `q` or
    /// Ctrl-C; the database is then closed, the terminal restored, and the process exits with
    /// status 0. Signals, suspension and a terminal that goes away restore it too, and close
    /// the database first (``TerminalShell`` sees to it).
    ///
    /// - Throws: ``TerminalError`` when the terminal cannot be set up.
    public static func run(services: HabitServices) throws(TerminalError) -> Never {
        let scheduler = UIScheduler(label: "habits.ui")
        let shell = TerminalShell<HabitScene, HabitRoute>(
            appName: "Habits", scheduler: scheduler,
            colorSupport: .detect(environment: ProcessInfo.processInfo.environment)
        ) { handle, context, route in
            switch handle.scene {
            case .list(let viewModel):
                HabitListController(viewModel: viewModel, context: context, onRoute: route)
            case .detail(_, let viewModel):
                HabitDetailController(viewModel: viewModel, context: context, onRoute: route)
            case .ideas(let viewModel):
                IdeaSearchController(viewModel: viewModel, context: context, onRoute: route)
            }
        }
        shell.closeOnExit { HabitsBaseService.shared.close() }
        try shell.run(HabitCoordinator.make(services: services, scheduler: scheduler, presenter: shell))
    }
}
