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
/// - SIGTSTP (and the app's Ctrl-Z, through ``suspend()``) restores the terminal and stops the
///   process; on SIGCONT raw mode and the alternate screen come back and the screen is redrawn.
/// - Crashes restore the terminal through ``Terminal``'s handlers.
///
/// ```swift
/// let runLoop = TerminalRunLoop(render: { size in render(state, size) }, onEvent: { event in … })
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

    private let colorSupport: ColorSupport
    private let render: (TerminalSize) -> CellBuffer
    private let onEvent: (InputEvent) -> Void
    private var driver: TerminalDriver?
    private var sources: [any DispatchSourceProtocol] = []
    private var readBuffer = [UInt8](repeating: 0, count: 4096)

    /// The signals handled through dispatch sources while running.
    static let handledSignals: [Int32] = [SIGWINCH, SIGINT, SIGTERM, SIGHUP, SIGTSTP, SIGCONT]

    /// A run loop for `terminal` that draws with `render` and reports input to `onEvent`; both
    /// are called on the scheduler's queue.
    public init(
        terminal: Terminal = Terminal(), scheduler: UIScheduler = UIScheduler(),
        colorSupport: ColorSupport = .detect(),
        render: @escaping (TerminalSize) -> CellBuffer,
        onEvent: @escaping (InputEvent) -> Void
    ) {
        self.terminal = terminal
        self.scheduler = scheduler
        self.colorSupport = colorSupport
        self.render = render
        self.onEvent = onEvent
    }

    /// Enters full-screen mode and starts reading input and handling signals; the first frame
    /// follows at once. Throws when the terminal cannot be set up (for example, not a TTY).
    /// Does nothing if already started.
    public func start() throws(TerminalError) {
        guard driver == nil else { return }
        try terminal.enter()
        let size = terminal.size() ?? TerminalSize(width: 80, height: 24)
        let terminal = self.terminal
        driver = TerminalDriver(
            scheduler: scheduler, size: size, renderer: DiffRenderer(colorSupport: colorSupport),
            output: { terminal.write($0) }, render: render, onEvent: onEvent)
        scheduler.queue.async { [self] in
            installSources()
            driver?.requestFullRedraw()
        }
    }

    /// Asks for a frame; callable from any thread. Requests are coalesced (at most 60 frames a
    /// second) and a frame that changes nothing writes nothing.
    public func requestRedraw() {
        scheduler.queue.async { [self] in driver?.requestRedraw() }
    }

    /// Restores the terminal and stops the process (job control, as for Ctrl-Z); when it is
    /// continued, full-screen mode comes back and the screen is redrawn. Call on the UI queue.
    public func suspend() {
        guard terminal.isActive else { return }
        terminal.leave()
        _ = raise(SIGSTOP)
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

    private func resume() {
        if terminal.isActive {
            terminal.reapply()
        } else {
            do { try terminal.enter() } catch { return }
        }
        if let size = terminal.size() { driver?.resize(to: size) }
        driver?.requestFullRedraw()
    }

    private func installSources() {
        let input = DispatchSource.makeReadSource(fileDescriptor: terminal.inputDescriptor, queue: scheduler.queue)
        input.setEventHandler { [self] in readInput() }
        input.resume()
        sources.append(input)
        for number in Self.handledSignals {
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: scheduler.queue)
            source.setEventHandler { [self] in handle(number) }
            source.resume()
            sources.append(source)
        }
    }

    private func readInput() {
        let count = readBuffer.withUnsafeMutableBytes { raw in
            read(terminal.inputDescriptor, raw.baseAddress, raw.count)
        }
        if count > 0 {
            driver?.receive(readBuffer[0..<count])
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            terminate(by: SIGHUP)  // the terminal went away
        }
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
