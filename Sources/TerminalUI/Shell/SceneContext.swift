/// What every scene of a ``TerminalShell`` shares: a way to ask for a frame, and the spinner's
/// frame, which the shell advances ten times a second. Used only on the UI queue.
public final class SceneContext {
    /// The spinner's current frame (``SceneChrome/spinnerFrame``).
    public var spinnerFrame = 0
    /// The colour that marks what stands out (keys in help, headings): cyan unless the app
    /// sets another. A monochrome terminal drops it like every colour.
    public var accent = Color.cyan
    var redraw: () -> Void

    /// A context that asks for frames with `redraw` (tests pass `{}`).
    public init(redraw: @escaping () -> Void) {
        self.redraw = redraw
    }

    /// Asks for a frame.
    public func requestRedraw() { redraw() }
}

/// A closure that is only ever called on the UI queue, so it may be handed to a `@Sendable`
/// subscription or hop.
struct _OnUIQueue<Value>: @unchecked Sendable {
    // Sendable because view-model outputs deliver on the UI scheduler's serial queue, and the
    // shell hops only onto that queue: the only place `body` runs.
    let body: (Value) -> Void
}
