import Coordination
package import Domain
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
    package convenience init(
        scheduler: UIScheduler, environment: [String: String], settings: AppSettings = AppSettings()
    ) {
        let keys = KeyBindings(settings.keyBindings)
        self.init(
            appName: "Rivulet", scheduler: scheduler, colorSupport: .detect(environment: environment),
            controller: { Self.makeController(for: $0, context: $1, keys: keys, onRoute: $2) })
        if let index = settings.accentColor { context.accent = Color(index: UInt8(clamping: index)) }
        if let log = FrameLog(path: environment["RIVULET_FRAME_LOG"]) {
            runLoop.onFrameDrawn = { log.frameDrawn(bytes: $0) }
            willHandle = { event in
                if case .key = event { log.keyReceived() }
            }
        }
    }

    /// The controller of each scene: its keys and its drawing.
    private static func makeController(
        for handle: SceneHandle<Scene>, context: SceneContext, keys: KeyBindings, onRoute: @escaping (Route) -> Void
    ) -> any SceneController {
        switch handle.scene {
        case .home(let viewModel):
            HomeController(viewModel: viewModel, context: context, keys: keys, onRoute: onRoute)
        case .todoList(let viewModel):
            TodoListController(viewModel: viewModel, context: context, keys: keys, onRoute: onRoute)
        case .todoEditor(let viewModel):
            TodoEditorController(viewModel: viewModel, context: context, keys: keys, onRoute: onRoute)
        case .feeds(let viewModel):
            FeedListController(viewModel: viewModel, context: context, keys: keys, onRoute: onRoute)
        case .feedItems(let viewModel):
            FeedItemsController(viewModel: viewModel, context: context, keys: keys, onRoute: onRoute)
        case .help(let viewModel):
            HelpController(viewModel: viewModel, context: context, keys: keys, onRoute: onRoute)
        }
    }
}
