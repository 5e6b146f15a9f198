import BaseServices
import Coordination
import Dispatch
import Foundation
package import TerminalUI

/// Runs the full-screen app: the terminal run loop, the presenter and its scenes.
///
/// ```swift
/// try TerminalApp.run { presenter, scheduler in
///     let coordinator = SceneCoordinator(services: services, scheduler: scheduler, presenter: presenter)
///     presenter.connect(coordinator)
///     coordinator.start()
/// }
/// ```
package enum TerminalApp {
    /// Takes over the terminal, calls `start` once the UI is ready, and runs until the app
    /// quits (the process then exits with status 0). Throws when the terminal cannot be set up.
    ///
    /// `Ctrl-Z` suspends the app (the terminal is restored; `fg` brings it back and redraws).
    /// When the terminal goes away, the app ends as after SIGHUP.
    ///
    /// With `RIVULET_FRAME_LOG` set to a file path, the time from each key to the moment the
    /// frame that follows it was written to the terminal is appended to that file, in
    /// microseconds, one a line.
    package static func run(
        start: @escaping @Sendable (TerminalPresenter, UIScheduler) -> Void
    )
        throws(TerminalError)
        -> Never
    {
        let scheduler = UIScheduler()
        let runLoop = TerminalRunLoop(
            scheduler: scheduler, colorSupport: .detect(environment: ProcessInfo.processInfo.environment))
        let presenter = TerminalPresenter(
            scheduler: scheduler, requestRedraw: { runLoop.requestRedraw() },
            onQuit: {
                runLoop.stop()
                exit(0)
            },
            onSuspend: { runLoop.suspend() })
        let log = FrameLog(path: ProcessInfo.processInfo.environment["RIVULET_FRAME_LOG"])
        if let log { runLoop.onFrameDrawn = { log.frameDrawn(bytes: $0) } }
        // SIGTERM, SIGHUP and SIGINT end the process by the signal, without `exit`'s handlers:
        // close the database first, as a quit does, so its log is checkpointed and removed.
        runLoop.onTerminationSignal = { _ in closeBaseServices() }
        try runLoop.start(
            render: { size in presenter.shell.render(size: size) },
            onEvent: { event in
                if case .key = event { log?.keyReceived() }
                presenter.shell.handle(event)
            })
        start(presenter, scheduler)
        dispatchMain()
    }
}

/// Appends key-to-frame latencies to a file: from a key's arrival to the end of the write of
/// the first frame that changed the screen after it. Used only on the UI queue.
final class FrameLog: @unchecked Sendable {
    // Sendable because it is touched only on the UI queue.
    private let handle: FileHandle
    private var pendingKey: UInt64?

    init?(path: String?) {
        guard let path, !path.isEmpty else { return nil }
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
        }
        guard let handle = FileHandle(forWritingAtPath: path) else { return nil }
        handle.seekToEndOfFile()
        self.handle = handle
    }

    func keyReceived() {
        if pendingKey == nil { pendingKey = DispatchTime.now().uptimeNanoseconds }
    }

    func frameDrawn(bytes: Int) {
        guard let start = pendingKey, bytes > 0 else { return }
        pendingKey = nil
        let micros = (DispatchTime.now().uptimeNanoseconds - start) / 1000
        handle.write(Data("\(micros)\n".utf8))
    }
}
