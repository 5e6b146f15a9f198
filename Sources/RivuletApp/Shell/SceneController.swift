import Coordination
import Dispatch
package import TerminalUI

/// One scene on screen: it turns keys into its view model's inputs and its view model's
/// outputs into a ``SceneScreen``. All calls come on the UI queue.
package protocol SceneController: AnyObject {
    /// The screen as it is now, for a terminal of `size`; a modal scene gets the screen of the
    /// scene beneath it as `under` (the help overlay draws over it).
    func screen(size: TerminalSize, under: SceneScreen?) -> SceneScreen
    /// Handles a key or a paste; returns whether it used it.
    func handle(_ event: InputEvent) -> Bool
    /// Stops observing the view model; the scene is gone.
    func stop()
    /// Whether the scene has what its keys act on (the list, the selected row, the todo being
    /// edited). Until it has, the shell keeps the keys typed for it, for at most
    /// ``AppShell/readinessWait``.
    var isReady: Bool { get }
    /// Whether text typed into the scene would be lost if the app ended now (an edited todo,
    /// an address half typed). `Ctrl-C` asks first then.
    var hasUnsavedInput: Bool { get }
    /// What would be lost, as the quit question says it: "What you typed is not saved." unless
    /// the scene says otherwise (a feed still being subscribed to).
    var unsavedWork: String { get }
}

extension SceneController {
    /// A scene with nothing to load is ready at once.
    package var isReady: Bool { true }
    /// A scene without input fields loses nothing.
    package var hasUnsavedInput: Bool { false }
    /// Typed text, unless the scene says otherwise.
    package var unsavedWork: String { unsavedTypedText }
}

/// What the quit question says a scene with typed text would lose.
let unsavedTypedText = "What you typed is not saved."

/// The app's scenes, stacked, and what the keyboard does before a scene sees a key.
///
/// `Ctrl-C` quits and `Ctrl-Z` suspends from anywhere; every other key goes to the scene on
/// top. When the scene on top holds typed text that is not saved, `Ctrl-C` asks first: `y` or
/// `Ctrl-C` again quits, any other key goes back. Frames render the top scene; a scene presented as a modal over another draws the one
/// under it first.
///
/// Keys go to the scene that is on top when they are handled, not when they arrived: after
/// each key the shell lets the work that key started run (through `deferring`) before it hands
/// over the next one, and while a navigation is in flight (``beginNavigation()`` to
/// ``endNavigation()``) keys wait. So `t` then `a` typed in one burst adds a todo in the todo
/// list instead of reaching the home scene twice. Keys also wait while the scene on top is not
/// yet ready (``SceneController/isReady``): `t j j` moves two rows down the list once it is
/// loaded, and keys typed as the editor opens edit the todo, not an empty form.
package final class AppShell: @unchecked Sendable {
    // Sendable because it is used only on the UI queue (the run loop's scheduler queue).

    private struct Entry {
        let id: Int
        let controller: any SceneController
        let isModal: Bool
        /// Since when keys have waited for it to be ready, in nanoseconds of uptime (from when
        /// it was put on top, at first); `nil` while it is ready.
        var heldSince: UInt64?
    }

    /// Nanoseconds since the system started: the clock the shell reads by default.
    package static func systemUptime() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// How long keys wait at most for a scene to be ready (a new scene to load, a selected row
    /// far down a long list to arrive); then they go to it as it is, so a scene that cannot
    /// load (a locked database) still takes `q` and `Esc`.
    package static let readinessWait: UInt64 = 2_000_000_000

    private var stack: [Entry] = []
    private let onQuit: () -> Void
    private let onChange: () -> Void
    private let onSuspend: () -> Void
    private let deferring: (@escaping () -> Void) -> Void
    private let uptime: () -> UInt64
    private var waiting: [InputEvent] = []
    private var nextWaiting = 0
    private var isSettling = false
    private var navigationsInFlight = 0
    private var isConfirmingQuit = false

    /// A shell that calls `onChange` when the screen needs redrawing, `onQuit` to end the app
    /// and `onSuspend` to hand the terminal back to the shell (job control, `Ctrl-Z`).
    ///
    /// `deferring` runs its closure after the work already queued on the UI queue (the app
    /// passes an asynchronous hop onto that queue); by default it runs it at once. `uptime`
    /// tells the time in nanoseconds, for how long keys have waited (tests pass their own).
    package init(
        onChange: @escaping () -> Void, onQuit: @escaping () -> Void, onSuspend: @escaping () -> Void = {},
        deferring: @escaping (@escaping () -> Void) -> Void = { $0() },
        uptime: @escaping () -> UInt64 = AppShell.systemUptime
    ) {
        self.uptime = uptime
        self.onChange = onChange
        self.onQuit = onQuit
        self.onSuspend = onSuspend
        self.deferring = deferring
    }

    /// How many keys or pastes wait for the scene they belong to.
    package var waitingCount: Int { waiting.count - nextWaiting }

    /// A scene asked to go somewhere: keys wait until ``endNavigation()``.
    package func beginNavigation() {
        navigationsInFlight += 1
    }

    /// The navigation begun last has taken effect: waiting keys go on to the scene now on top.
    package func endNavigation() {
        navigationsInFlight = max(navigationsInFlight - 1, 0)
        if navigationsInFlight == 0, !isSettling { deliverNext() }
    }

    /// How many scenes are on the stack.
    package var depth: Int { stack.count }

    /// Puts a scene on top; a root scene replaces the whole stack.
    package func push(_ controller: any SceneController, id: Int, isRoot: Bool = false, isModal: Bool = false) {
        if isRoot {
            for entry in stack { entry.controller.stop() }
            stack.removeAll()
        }
        stack.append(
            Entry(id: id, controller: controller, isModal: isModal, heldSince: controller.isReady ? nil : uptime()))
        onChange()
        if stack.count == 1, navigationsInFlight == 0, !isSettling { deliverNext() }
    }

    /// Removes the scene with `id` (and any above it).
    package func remove(id: Int) {
        guard let index = stack.firstIndex(where: { $0.id == id }) else { return }
        for entry in stack[index...].reversed() { entry.controller.stop() }
        stack.removeSubrange(index...)
        onChange()
    }

    /// Stops every scene and asks the app to end.
    package func quit() {
        for entry in stack.reversed() { entry.controller.stop() }
        stack.removeAll()
        waiting.removeAll()
        nextWaiting = 0
        onQuit()
    }

    /// Delivers a key or a paste.
    package func handle(_ event: InputEvent) {
        if case .key(let key) = event, key == .control("z") {
            // In raw mode the terminal sends Ctrl-Z as a byte, not as SIGTSTP.
            onSuspend()
            return
        }
        if case .resize = event {
            onChange()
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

    /// Quits, or asks first when the scene on top holds typed text not yet saved; a second
    /// Ctrl-C while asking quits.
    private func controlC() {
        if isConfirmingQuit || stack.last?.controller.hasUnsavedInput != true {
            quit()
        } else {
            isConfirmingQuit = true
            onChange()
        }
    }

    /// The answer to "Quit?": `y` quits, any other key or a paste goes back.
    private func answerQuitQuestion(_ event: InputEvent) {
        isConfirmingQuit = false
        if case .key(let key) = event, key == .character("y") || key == .character("Y") {
            quit()
        } else {
            onChange()
        }
    }

    /// Hands the oldest waiting event to the scene on top, then lets what it started run before
    /// the next one.
    private func deliverNext() {
        // Keys typed before the first scene is shown (while the app starts) wait for it, and
        // keys for a scene wait until it is ready; a frame looks again (``render(size:)``).
        guard navigationsInFlight == 0, nextWaiting < waiting.count, topTakesKeys() else {
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
        } else if let top = stack.last, top.controller.handle(event) {
            onChange()
        }
        deferring { [weak self] in self?.deliverNext() }
    }

    /// Whether the scene on top takes keys now: it is ready, or has kept them long enough.
    /// A wait starts when the scene is put on top, or later when a key first finds it not ready.
    private func topTakesKeys() -> Bool {
        guard let top = stack.indices.last else { return false }
        if stack[top].controller.isReady {
            stack[top].heldSince = nil
            return true
        }
        let now = uptime()
        guard let since = stack[top].heldSince else {
            stack[top].heldSince = now
            return false
        }
        return now &- since >= Self.readinessWait
    }

    /// Draws the top scene (given the one beneath when it is a modal). Keys kept for a scene
    /// that was not ready go on once it is: its new state asks for this frame.
    package func render(size: TerminalSize) -> CellBuffer {
        // A scene ready at this frame ends any wait, so that a later one starts afresh.
        if let top = stack.indices.last, stack[top].controller.isReady { stack[top].heldSince = nil }
        if !isSettling, navigationsInFlight == 0, waitingCount > 0, topTakesKeys() {
            isSettling = true
            deferring { [weak self] in self?.deliverNext() }
        }
        guard let top = stack.last else { return CellBuffer(size: size) }
        var under: SceneScreen?
        if top.isModal, stack.count > 1 {
            under = stack[stack.count - 2].controller.screen(size: size, under: nil)
        }
        var screen = top.controller.screen(size: size, under: under)
        screen.chrome.appName = "Rivulet"
        if isConfirmingQuit {
            screen.chrome.prompt = .confirm("Quit? \(top.controller.unsavedWork)")
            screen.chrome.hints = [KeyHint("y", "quit"), KeyHint("n Esc", "go back")]
            screen.chrome.errorMessage = nil
            screen.chrome.message = nil
        }
        return screen.render(size: size)
    }
}
