import Dispatch
import Foundation
public import Habits
public import TerminalUI

/// Runs the habit tracker full screen until the person quits.
public enum HabitsTerminalApp {
    /// Takes over the terminal, shows the habit list over `services`, and runs until `q` or
    /// Ctrl-C; the terminal is then restored and the process exits with status 0. Signals,
    /// suspension and a terminal that goes away restore it too (``TerminalRunLoop`` sees to it).
    ///
    /// - Throws: ``TerminalError`` when the terminal cannot be set up.
    public static func run(services: HabitServices) throws(TerminalError) -> Never {
        let scheduler = UIScheduler(label: "habits.ui")
        let runLoop = TerminalRunLoop(
            scheduler: scheduler, colorSupport: .detect(environment: ProcessInfo.processInfo.environment))
        let presenter = TerminalPresenter(
            scheduler: scheduler, requestRedraw: { runLoop.requestRedraw() },
            onQuit: {
                runLoop.stop()
                exit(0)
            })
        try runLoop.start(render: { presenter.render(size: $0) }, onEvent: { presenter.handle($0) })
        let coordinator = HabitCoordinator.make(services: services, scheduler: scheduler, presenter: presenter)
        presenter.connect(coordinator)
        coordinator.start()
        dispatchMain()
    }
}
