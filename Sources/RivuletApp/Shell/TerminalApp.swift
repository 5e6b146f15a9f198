import Coordination
import Foundation
package import TerminalUI
package import ViewModels

/// The app's terminal front end: the library's shell over the app's scenes and routes.
package typealias AppShell = TerminalShell<Scene, Route>

extension TerminalShell where Scene == RivuletApp.Scene, Route == ViewModels.Route {
    /// The shell of the full-screen app: "Rivulet" in every scene's chrome, its scenes on
    /// `scheduler`'s queue, colours as `environment` allows (`NO_COLOR`, `TERM`).
    ///
    /// With `RIVULET_FRAME_LOG` set to a file path, the time from each key to the moment the
    /// frame that follows it was written to the terminal is appended to that file, in
    /// microseconds, one a line.
    package convenience init(scheduler: UIScheduler, environment: [String: String]) {
        self.init(
            appName: "Rivulet", scheduler: scheduler, colorSupport: .detect(environment: environment),
            controller: Self.makeController)
        if let log = FrameLog(path: environment["RIVULET_FRAME_LOG"]) {
            runLoop.onFrameDrawn = { log.frameDrawn(bytes: $0) }
            willHandle = { event in
                if case .key = event { log.keyReceived() }
            }
        }
    }

    /// The controller of each scene: its keys and its drawing.
    private static func makeController(
        for handle: SceneHandle<Scene>, context: SceneContext, onRoute: @escaping (Route) -> Void
    ) -> any SceneController {
        switch handle.scene {
        case .home(let viewModel):
            HomeController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .todoList(let viewModel):
            TodoListController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .todoEditor(let viewModel):
            TodoEditorController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .feeds(let viewModel):
            FeedListController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .feedItems(let viewModel):
            FeedItemsController(viewModel: viewModel, context: context, onRoute: onRoute)
        case .help(let viewModel):
            HelpController(viewModel: viewModel, context: context, onRoute: onRoute)
        }
    }
}
