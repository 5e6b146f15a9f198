public import Coordination
import Dispatch

/// Runs an app's scenes in the terminal: the `ScenePresenter` of a `Coordinator` over the
/// app's scene type, and what the keyboard does before a scene sees a key.
///
/// The coordinator's `NavigationStack` is the only stack: the shell keeps the screen of each
/// scene on it, built by the app's factory (a ``SceneController`` per `SceneHandle`), draws
/// the top one and gives it the keys. Routes the scenes emit go back to the coordinator.
///
/// ```swift
/// let ui = UIScheduler()
/// let shell = TerminalShell<HabitScene, HabitRoute>(
///     appName: "Habits", scheduler: ui, colorSupport: .detect(environment: ProcessInfo.processInfo.environment)
/// ) { handle, context, route in
///     switch handle.scene {
///     case .list(let viewModel): HabitListController(viewModel: viewModel, context: context, onRoute: route)
///     case .detail(_, let viewModel): HabitDetailController(viewModel: viewModel, context: context, onRoute: route)
///     }
/// }
/// shell.closeOnExit { HabitsBaseService.shared.close() }
/// let coordinator = HabitCoordinator.make(services: .live(), scheduler: ui, presenter: shell)
/// try shell.run(coordinator)
/// ```
///
/// `Ctrl-C` quits and `Ctrl-Z` suspends from anywhere; every other key goes to the scene on
/// top. When the scene on top holds typed text that is not saved (``SceneController/hasUnsavedInput``),
/// `Ctrl-C` asks first: `y` or `Ctrl-C` again quits, any other key goes back. A scene that is an
/// overlay (``SceneController/isOverlay``) is drawn over the one beneath it.
///
/// Keys go to the scene that is on top when they are handled, not when they arrived: after
/// each key the shell lets the work that key started run (two hops on the UI queue: a view
/// model's turn of `Observable.system`, then its driver's delivery of the new state) before it
/// hands over the next one, and while a navigation is in flight keys wait. So `t` then `a`
/// typed in one burst reach the scene `t` opens, and `j j` move two rows. Keys also wait while
/// the scene on top is not yet ready (``SceneController/isReady``), for at most
/// ``readinessWait``, so that a scene that cannot load still takes `q` and `Esc`.
public final class TerminalShell<Scene: CoordinatedScene, Route: Sendable>: ScenePresenter, @unchecked Sendable {
    // Sendable because every mutable field is touched only on the UI queue: the presenter
    // methods hop onto it, and the run loop renders and delivers input there.

    /// Builds the controller of a scene the coordinator presents, given the context every scene
    /// shares and where the scene's routes go.
    public typealias ControllerFactory = (
        _ scene: SceneHandle<Scene>, _ context: SceneContext, _ route: @escaping (Route) -> Void
    ) -> any SceneController

    /// How long keys wait at most for a scene to be ready, in nanoseconds (2 s): a new scene to
    /// load, a selected row far down a long list to arrive.
    public static var readinessWait: UInt64 { 2_000_000_000 }

    /// Nanoseconds since the system started: the clock the shell reads by default.
    public static func systemUptime() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    private struct Screen {
        let controller: any SceneController
        /// Since when keys have waited for it to be ready, in nanoseconds of uptime (from when
        /// it was shown, at first); `nil` while it is ready.
        var heldSince: UInt64?
    }

    /// What the shell asks of its surroundings: the run loop, or a test.
    struct Host {
        var requestRedraw: () -> Void
        var quit: () -> Void
        var suspend: () -> Void
        /// Runs its closure after the work already queued on the UI queue.
        var hop: (@escaping () -> Void) -> Void
        var uptime: () -> UInt64
    }

    /// The context every scene shares: frames and the spinner.
    public let context: SceneContext
    private let appName: String
    private let makeController: ControllerFactory
    private let host: Host
    private var coordinator: Coordinator<Scene, Route>?
    private var screens: [Int: Screen] = [:]
    private var closers: [() -> Void] = []
    private var waiting: [InputEvent] = []
    private var nextWaiting = 0
    private var isSettling = false
    private var navigationsInFlight = 0
    private var isConfirmingQuit = false
    private var hasQuit = false
    /// The run loop the shell runs in; set its hooks (``TerminalRunLoop/onFrameDrawn``) before
    /// ``run(_:started:)``.
    public let runLoop: TerminalRunLoop
    var spinnerTimer: (any DispatchSourceTimer)?
    /// Called on the UI queue with every key, paste or resize before the shell handles it (to
    /// measure key-to-frame latency, say); set it before ``run(_:started:)``.
    public var willHandle: ((InputEvent) -> Void)?

    /// A shell whose scenes run on `scheduler`'s queue (the queue their view models deliver
    /// on), titled `appName` in every scene's chrome, drawing with `colorSupport`, and building
    /// each scene's controller with `controller`. Give it to the coordinator as its presenter,
    /// then ``run(_:started:)``.
    public convenience init(
        appName: String, scheduler: UIScheduler, colorSupport: ColorSupport, controller: @escaping ControllerFactory
    ) {
        let runLoop = TerminalRunLoop(scheduler: scheduler, colorSupport: colorSupport)
        let queue = scheduler.queue
        let host = Host(
            requestRedraw: { runLoop.requestRedraw() },
            quit: {
                runLoop.stop()
                _exitProcess(0)
            },
            suspend: { runLoop.suspend() },
            hop: { work in
                let step = _OnUIQueue<Void> { _ in work() }
                queue.async { step.body(()) }
            }, uptime: Self.systemUptime)
        self.init(appName: appName, runLoop: runLoop, host: host, controller: controller)
    }

    /// A shell without a terminal, for tests: it asks for frames with `requestRedraw`, ends
    /// with `onQuit` and suspends with `onSuspend`; `hop` runs its closure after the work
    /// queued on the UI queue (by default at once), `uptime` tells the time in nanoseconds.
    package convenience init(
        appName: String, requestRedraw: @escaping () -> Void, onQuit: @escaping () -> Void,
        onSuspend: @escaping () -> Void = {}, hop: @escaping (@escaping () -> Void) -> Void = { $0() },
        uptime: @escaping () -> UInt64 = systemUptime, controller: @escaping ControllerFactory
    ) {
        self.init(
            appName: appName, runLoop: TerminalRunLoop(colorSupport: .monochrome),
            host: Host(requestRedraw: requestRedraw, quit: onQuit, suspend: onSuspend, hop: hop, uptime: uptime),
            controller: controller)
    }

    private init(appName: String, runLoop: TerminalRunLoop, host: Host, controller: @escaping ControllerFactory) {
        self.appName = appName
        self.runLoop = runLoop
        self.host = host
        makeController = controller
        context = SceneContext(redraw: {})
        context.redraw = { [weak self] in self?.host.requestRedraw() }
    }

    /// Registers `close` to run once when the app ends, whichever way: a quit, `Ctrl-C`, a
    /// termination signal, the terminal going away (a database to close, a file to flush).
    /// Closers run in the order registered. Call before ``run(_:started:)``.
    public func closeOnExit(_ close: @escaping @Sendable () -> Void) {
        closers.append(close)
    }

    /// Sends the scenes' routes to `coordinator` and reads the stack from it. ``run(_:started:)`` does
    /// this; tests call it before starting the coordinator.
    public func connect(_ coordinator: Coordinator<Scene, Route>) {
        self.coordinator = coordinator
    }

    // MARK: ScenePresenter

    /// Shows a scene: builds its controller on the UI queue.
    public func present(_ scene: SceneHandle<Scene>) {
        host.hop { [self] in show(scene) }
    }

    /// Removes a scene the coordinator dismissed.
    public func dismiss(_ scene: SceneHandle<Scene>) {
        host.hop { [self] in
            prune()
            host.requestRedraw()
        }
    }

    /// Ends the app: stops every scene, runs the closers, and asks the run loop to end.
    public func quit() {
        host.hop { [self] in finish() }
    }

    // MARK: Keys and frames

    /// How many keys or pastes wait for the scene they belong to.
    public var waitingCount: Int { waiting.count - nextWaiting }

    /// How many scenes are on screen.
    public var depth: Int { visibleScreens().count }

    /// Delivers a key, a paste or a resize. Call on the UI queue.
    public func handle(_ event: InputEvent) {
        if case .key(let key) = event, key == .control("z") {
            // In raw mode the terminal sends Ctrl-Z as a byte, not as SIGTSTP.
            host.suspend()
            return
        }
        if case .resize = event {
            host.requestRedraw()
            return
        }
        // Ctrl-C takes its turn after keys typed before it that are still being handled (their
        // text may need the question), unless those keys wait on a scene that cannot take them
        // yet: then it acts at once, so a stuck scene never keeps the app from quitting.
        if case .key(let key) = event, key == .control("c"),
            (!isSettling && waitingCount == 0) || navigationsInFlight > 0 || !topTakesKeys()
        {
            controlC()
            return
        }
        waiting.append(event)
        guard !isSettling, navigationsInFlight == 0 else { return }
        deliverNext()
    }

    /// Draws the top scene (over the one beneath when it is an overlay), or the quit question.
    /// Keys kept for a scene that was not ready go on once it is: its new state asks for this
    /// frame. Call on the UI queue.
    public func render(size: TerminalSize) -> CellBuffer {
        var visible = visibleScreens()
        // A scene ready at this frame ends any wait, so that a later one starts afresh.
        if let top = visible.last, top.screen.controller.isReady { screens[top.id]?.heldSince = nil }
        if !isSettling, navigationsInFlight == 0, waitingCount > 0, topTakesKeys() {
            isSettling = true
            settle()
        }
        visible = visibleScreens()
        guard let top = visible.last?.screen.controller else { return CellBuffer(size: size) }
        var under: SceneScreen?
        if top.isOverlay, visible.count > 1 {
            under = visible[visible.count - 2].screen.controller.screen(size: size, under: nil)
        }
        var screen = top.screen(size: size, under: under)
        screen.chrome.appName = appName
        screen.chrome.accent = context.accent
        if isConfirmingQuit {
            screen.chrome.prompt = .confirm("Quit? \(top.unsavedWork)")
            screen.chrome.hints = [KeyHint("y", "quit"), KeyHint("n Esc", "go back")]
            screen.chrome.errorMessage = nil
            screen.chrome.message = nil
        }
        return screen.render(size: size)
    }

    // MARK: Scenes

    /// The screens of the coordinator's stack, bottom first, that are built.
    private func visibleScreens() -> [(id: Int, screen: Screen)] {
        guard let coordinator else { return [] }
        return coordinator.stack.entries.compactMap { entry in screens[entry.id].map { (entry.id, $0) } }
    }

    private func show(_ handle: SceneHandle<Scene>) {
        guard !hasQuit else { return }
        let controller = makeController(handle, context) { [weak self] route in self?.follow(route, from: handle) }
        screens[handle.id] = Screen(controller: controller, heldSince: controller.isReady ? nil : host.uptime())
        prune()
        host.requestRedraw()
        if visibleScreens().count == 1, navigationsInFlight == 0, !isSettling { deliverNext() }
    }

    /// Stops the screens of scenes no longer on the coordinator's stack.
    private func prune() {
        let onStack = Set(coordinator?.stack.entries.map(\.id) ?? [])
        for id in screens.keys.sorted(by: >) where !onStack.contains(id) {
            screens.removeValue(forKey: id)?.controller.stop()
        }
    }

    /// A scene asked to go somewhere: keys typed after the one that navigates wait until the
    /// scene it shows (or the one it uncovers) is on top. The coordinator's presentation hops
    /// onto the UI queue, and the end of the navigation is queued behind it.
    private func follow(_ route: Route, from handle: SceneHandle<Scene>) {
        navigationsInFlight += 1
        coordinator?.follow(route, from: handle)
        host.hop { [weak self] in self?.endNavigation() }
    }

    private func endNavigation() {
        navigationsInFlight = max(navigationsInFlight - 1, 0)
        if navigationsInFlight == 0, !isSettling { deliverNext() }
    }

    /// Stops every scene, closes what the app registered and asks the host to end.
    private func finish() {
        guard !hasQuit else { return }
        hasQuit = true
        spinnerTimer?.cancel()
        // The top scene first, as a stack unwinds.
        for id in screens.keys.sorted(by: >) { screens.removeValue(forKey: id)?.controller.stop() }
        waiting.removeAll()
        nextWaiting = 0
        runClosers()
        host.quit()
    }

    func runClosers() {
        let closers = closers
        self.closers.removeAll()
        for close in closers { close() }
    }

    // MARK: Key delivery

    /// Quits, or asks first when the scene on top holds typed text not yet saved; a second
    /// Ctrl-C while asking quits.
    private func controlC() {
        if isConfirmingQuit || visibleScreens().last?.screen.controller.hasUnsavedInput != true {
            finish()
        } else {
            isConfirmingQuit = true
            host.requestRedraw()
        }
    }

    /// The answer to "Quit?": `y` quits, any other key or a paste goes back.
    private func answerQuitQuestion(_ event: InputEvent) {
        isConfirmingQuit = false
        if case .key(let key) = event, key == .character("y") || key == .character("Y") {
            finish()
        } else {
            host.requestRedraw()
        }
    }

    /// Runs `deliverNext` once what the last key started has run: a turn of the view model's
    /// system on the UI queue, then the delivery of the state it made (a driver delivers on its
    /// scheduler) in the hop after it.
    private func settle() {
        host.hop { [weak self] in
            self?.host.hop { [weak self] in self?.deliverNext() }
        }
    }

    /// Hands the oldest waiting event to the scene on top, then lets what it started run before
    /// the next one.
    private func deliverNext() {
        // Keys typed before the first scene is shown (while the app starts) wait for it, and
        // keys for a scene wait until it is ready; a frame looks again (``render(size:)``).
        guard !hasQuit, navigationsInFlight == 0, nextWaiting < waiting.count, topTakesKeys() else {
            isSettling = false
            return
        }
        let event = waiting[nextWaiting]
        nextWaiting += 1
        if nextWaiting == waiting.count {
            waiting.removeAll(keepingCapacity: true)
            nextWaiting = 0
        }
        isSettling = true
        if case .key(let key) = event, key == .control("c") {
            controlC()
        } else if isConfirmingQuit {
            answerQuitQuestion(event)
        } else if let top = visibleScreens().last, top.screen.controller.handle(event) {
            host.requestRedraw()
        }
        settle()
    }

    /// Whether the scene on top takes keys now: it is ready, or has kept them long enough.
    /// A wait starts when the scene is shown, or later when a key first finds it not ready.
    private func topTakesKeys() -> Bool {
        guard let top = visibleScreens().last else { return false }
        if top.screen.controller.isReady {
            screens[top.id]?.heldSince = nil
            return true
        }
        let now = host.uptime()
        guard let since = top.screen.heldSince else {
            screens[top.id]?.heldSince = now
            return false
        }
        return now &- since >= Self.readinessWait
    }
}
