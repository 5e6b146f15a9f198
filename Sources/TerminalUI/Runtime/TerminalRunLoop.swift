import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs a full-screen UI: the ``Terminal`` in raw mode, keys read from it, signals handled, and
/// frames drawn, all on the serial queue of a ``UIScheduler``.
///
/// - Input is read with a dispatch read source and parsed into ``InputEvent``s for `onEvent`.
/// - SIGWINCH re-reads the window size (`TIOCGWINSZ`), delivers `.resize` and redraws.
/// - SIGINT, SIGTERM and SIGHUP restore the terminal, call ``onTerminationSignal`` and end the
///   process by that signal, as if unhandled.
/// - A terminal that goes away (end of file or an error reading it, a write it refuses, as when
///   the terminal emulator or the tmux server is killed) stops the loop; then
///   ``onTerminalLost`` is called, or, by default, the process ends as after SIGHUP. Twice a
///   second the loop also asks the system whether either descriptor has hung up, so an idle
///   app notices a terminal that went away without a read, a write or a SIGHUP telling it
///   (an output on another terminal than the input, a hang-up signal that was lost).
/// - SIGTSTP (and the app's Ctrl-Z, through ``suspend()``) restores the terminal and stops the
///   process; on SIGCONT raw mode and the alternate screen come back and the screen is redrawn.
/// - Crashes restore the terminal through ``Terminal``'s handlers.
///
/// ```swift
/// let runLoop = TerminalRunLoop(
///     colorSupport: .detect(environment: ProcessInfo.processInfo.environment),
///     render: { size in render(state, size) }, onEvent: { event in … })
/// try runLoop.start()
/// dispatchMain()
/// ```
public final class TerminalRunLoop: @unchecked Sendable {
    // Sendable because its mutable state is touched only on `scheduler.queue` (and by `start`
    // before that queue has anything to do).

    /// The scheduler whose queue runs the UI; deliver view-model outputs on it.
    public let scheduler: UIScheduler
    /// The terminal the UI draws on.
    public let terminal: Terminal
    /// Called on the UI queue after the terminal was restored because of SIGINT, SIGTERM or
    /// SIGHUP, just before the process ends by that signal.
    public var onTerminationSignal: ((Int32) -> Void)?
    /// Called on the UI queue once the terminal went away and the loop stopped; set it before
    /// ``start()``. When `nil`, the process ends as after SIGHUP (exit status 129).
    public var onTerminalLost: (() -> Void)?
    /// Called on the UI queue after every frame with the number of bytes it wrote (0 when
    /// nothing changed); set it before ``start()``.
    public var onFrameDrawn: ((Int) -> Void)?

    private let colorSupport: ColorSupport
    // Set once, by an initializer or by `start(render:onEvent:)` before the loop starts.
    private var render: (TerminalSize) -> CellBuffer
    private var onEvent: (InputEvent) -> Void
    private var driver: TerminalDriver?
    private var sources: [any DispatchSourceProtocol] = []
    private var readBuffer = [UInt8](repeating: 0, count: 4096)

    /// The signals handled through dispatch sources while running.
    static let handledSignals: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]

    /// A run loop for `terminal` that draws with `render` and reports input to `onEvent`; both
    /// are called on the scheduler's queue.
    public init(
        terminal: Terminal = Terminal(), scheduler: UIScheduler = UIScheduler(),
        colorSupport: ColorSupport,
        render: @escaping (TerminalSize) -> CellBuffer,
        onEvent: @escaping (InputEvent) -> Void
    ) {
        self.terminal = terminal
        self.scheduler = scheduler
        self.colorSupport = colorSupport
        self.render = render
        self.onEvent = onEvent
    }

    /// A run loop whose drawing and input handling are given to ``start(render:onEvent:)``: for
    /// an app whose screens need ``requestRedraw()`` (or ``stop()``) before they can be made.
    ///
    /// ```swift
    /// let runLoop = TerminalRunLoop(scheduler: ui, colorSupport: .detect(environment: environment))
    /// let presenter = Presenter(requestRedraw: runLoop.requestRedraw)
    /// try runLoop.start(render: presenter.render(size:), onEvent: presenter.handle)
    /// ```
    public convenience init(
        terminal: Terminal = Terminal(), scheduler: UIScheduler = UIScheduler(), colorSupport: ColorSupport
    ) {
        self.init(
            terminal: terminal, scheduler: scheduler, colorSupport: colorSupport, render: { CellBuffer(size: $0) },
            onEvent: { _ in })
    }

    /// Starts the loop, as ``start()`` does, drawing with `render` and reporting input to
    /// `onEvent` (both called on the scheduler's queue). Does nothing if already started.
    public func start(
        render: @escaping (TerminalSize) -> CellBuffer, onEvent: @escaping (InputEvent) -> Void
    ) throws(TerminalError) {
        guard driver == nil else { return }
        self.render = render
        self.onEvent = onEvent
        try start()
    }

    /// Whether the loop has started and not stopped. Read it on the UI queue.
    public var isRunning: Bool { driver != nil }

    /// Enters full-screen mode and starts reading input and handling signals; the first frame
    /// follows at once. Throws when the terminal cannot be set up (for example, not a TTY).
    /// Does nothing if already started.
    public func start() throws(TerminalError) {
        guard driver == nil else { return }
        try terminal.enter()
        let size = terminal.size() ?? TerminalSize(width: 80, height: 24)
        let terminal = self.terminal
        let driver = TerminalDriver(
            scheduler: scheduler, size: size, renderer: DiffRenderer(colorSupport: colorSupport),
            output: { [weak self] bytes in
                if !terminal.write(bytes) { self?.terminalLost() }
            }, render: render, onEvent: onEvent)
        driver.onFrameDrawn = onFrameDrawn
        self.driver = driver
        scheduler.queue.async { [self] in
            installSources()
            self.driver?.requestFullRedraw()
        }
    }

    /// Asks for a frame; callable from any thread. Requests are coalesced (at most 60 frames a
    /// second) and a frame that changes nothing writes nothing.
    public func requestRedraw() {
        scheduler.queue.async { [self] in driver?.requestRedraw() }
    }

    /// Restores the terminal and stops the process (job control, as for Ctrl-Z); when it is
    /// continued, full-screen mode comes back and the screen is redrawn. Call on the UI queue.
    ///
    /// The process stops by SIGTSTP, so the shell reports it as any stopped job. When nobody
    /// could continue it (its process group is orphaned, as under a shell without job control),
    /// the system discards that signal and the app simply comes back at once.
    public func suspend() {
        guard driver != nil, terminal.isActive else { return }
        terminal.leave()
        Self.stopProcess()
        resume()
    }

    /// Leaves full-screen mode, stops reading input and handling signals. Call on the UI queue.
    public func stop() {
        for source in sources { source.cancel() }
        sources.removeAll()
        for number in Self.handledSignals { _ = signal(number, SIG_DFL) }
        terminal.leave()
        driver?.stop()
        driver = nil
    }

    /// Puts raw mode and the alternate screen back (when the shell changed them meanwhile) and
    /// redraws every cell.
    private func resume() {
        guard let driver else { return }
        if !terminal.isActive {
            do { try terminal.enter() } catch {
                terminalLost()
                return
            }
        } else if !terminal.isInRawMode {
            terminal.reapply()
        }
        if let size = terminal.size() { driver.resize(to: size) }
        driver.requestFullRedraw()
    }

    /// Stops the process by SIGTSTP with its default action: Dispatch keeps the signal blocked
    /// and ignored to receive it through its source, so both are undone for this thread around
    /// the `raise`, which returns once the process is continued.
    private static func stopProcess() {
        _ = signal(SIGTSTP, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTSTP)
        var previous = sigset_t()
        _ = pthread_sigmask(SIG_UNBLOCK, &set, &previous)
        _ = raise(SIGTSTP)
        _ = pthread_sigmask(SIG_SETMASK, &previous, nil)
        _ = signal(SIGTSTP, SIG_IGN)
    }

    /// How often the loop checks that the terminal is still there, in milliseconds.
    static let presenceCheckInterval = 500

    private func installSources() {
        let input = DispatchSource.makeReadSource(fileDescriptor: terminal.inputDescriptor, queue: scheduler.queue)
        input.setEventHandler { [self] in readInput() }
        input.resume()
        sources.append(input)
        let presence = DispatchSource.makeTimerSource(queue: scheduler.queue)
        let interval = DispatchTimeInterval.milliseconds(Self.presenceCheckInterval)
        presence.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(50))
        presence.setEventHandler { [self] in
            if !isTerminalPresent() { terminalLost() }
        }
        presence.resume()
        sources.append(presence)
        for number in Self.handledSignals {
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: scheduler.queue)
            source.setEventHandler { [self] in handle(number) }
            source.resume()
            sources.append(source)
        }
    }

    private func readInput() {
        guard driver != nil else { return }
        let count = readBuffer.withUnsafeMutableBytes { raw in
            read(terminal.inputDescriptor, raw.baseAddress, raw.count)
        }
        if count > 0 {
            driver?.receive(readBuffer[0..<count])
            return
        }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        // End of file (a hung-up terminal reads as empty), EIO, EBADF: the terminal is gone.
        // Reading again would return the same at once, so the loop must not keep polling.
        terminalLost()
    }

    /// Whether neither descriptor reports a hang-up or an error, asked without waiting.
    private func isTerminalPresent() -> Bool {
        var descriptors = [
            pollfd(fd: terminal.inputDescriptor, events: 0, revents: 0),
            pollfd(fd: terminal.outputDescriptor, events: 0, revents: 0),
        ]
        guard poll(&descriptors, nfds_t(descriptors.count), 0) > 0 else { return true }
        let gone = Int16(POLLHUP | POLLERR | POLLNVAL)
        return !descriptors.contains { $0.revents & gone != 0 }
    }

    /// The terminal went away: stop, restoring what can still be restored, then end (or tell
    /// ``onTerminalLost``).
    private func terminalLost() {
        guard driver != nil else { return }
        guard let onTerminalLost else {
            terminate(by: SIGHUP)
            return
        }
        stop()
        onTerminalLost()
    }

    private func handle(_ number: Int32) {
        switch number {
        case SIGWINCH:
            if let size = terminal.size() { driver?.resize(to: size) }
        case SIGTSTP:
            suspend()
        case SIGCONT:
            resume()
        default:
            terminate(by: number)
        }
    }

    private func terminate(by number: Int32) {
        stop()
        onTerminationSignal?(number)
        // Dispatch may keep the signal blocked to receive it through its source; unblock it so
        // the default action ends the process, and exit with the shell's code if it does not.
        _ = signal(number, SIG_DFL)
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, number)
        _ = pthread_sigmask(SIG_UNBLOCK, &set, nil)
        _ = raise(number)
        _exit(128 + number)
    }
}
