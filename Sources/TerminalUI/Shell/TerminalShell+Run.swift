public import Coordination
import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TerminalShell {
    /// Takes over the terminal, connects `coordinator` and starts it (its root scene is
    /// shown), calls `started` on the calling thread, and runs until the app quits; the process
    /// then exits with status 0. Throws when the terminal cannot be set up (not a TTY).
    ///
    /// Every way out restores the terminal and runs what ``closeOnExit(_:)`` registered: a
    /// quit route, `Ctrl-C`, SIGINT, SIGTERM or SIGHUP (the process then ends by that signal),
    /// and a terminal that goes away (it ends as after SIGHUP). `Ctrl-Z` suspends the app;
    /// `fg` brings it back and redraws. A resize redraws at the new size.
    public func run(
        _ coordinator: Coordinator<Scene, Route>, started: () -> Void = {}
    ) throws(TerminalError) -> Never {
        connect(coordinator)
        let closing = _OnUIQueue<Void> { [self] _ in runClosers() }
        // SIGTERM, SIGHUP and SIGINT (and a terminal gone) end the process by the signal,
        // without `exit`'s handlers: close what the app registered first, as a quit does.
        runLoop.onTerminationSignal = { _ in closing.body(()) }
        try runLoop.start(
            render: { [self] in render(size: $0) },
            onEvent: { [self] event in
                willHandle?(event)
                handle(event)
            })
        let queue = runLoop.scheduler.queue
        let spinner = _OnUIQueue<Void> { [self] _ in startSpinner(on: queue) }
        queue.async { spinner.body(()) }
        coordinator.start()
        started()
        dispatchMain()
    }

    /// Advances the spinner ten times a second; a frame that changes nothing writes nothing.
    private func startSpinner(on queue: DispatchQueue) {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(100))
        let context = _OnUIQueue<Void> { [context] _ in
            context.spinnerFrame &+= 1
            context.requestRedraw()
        }
        timer.setEventHandler { context.body(()) }
        timer.resume()
        spinnerTimer = timer
    }
}

/// Ends the process with `status`, running `atexit` handlers.
func _exitProcess(_ status: Int32) -> Never {
    exit(status)
}
