/// Coalesces redraw requests into at most one frame per interval (60 frames a second by
/// default).
///
/// Pure bookkeeping over scheduler time: ``requestFrame(now:)`` says when to draw (or that a
/// frame is already on its way), ``frameDrawn(at:)`` records that it was drawn. Any number of
/// requests before the frame is drawn yield one frame.
public struct FrameLimiter: Sendable {
    /// The shortest time between two frames, in milliseconds.
    public let interval: Int
    /// Whether a frame has been requested and not drawn yet.
    public private(set) var isFramePending = false
    private var lastFrame: Int?

    /// A limiter allowing at most `framesPerSecond` frames a second (at least 1).
    public init(framesPerSecond: Int = 60) {
        let rate = max(framesPerSecond, 1)
        interval = (1000 + rate - 1) / rate
    }

    /// Registers a request at time `now`: returns the delay in milliseconds after which to draw,
    /// or nil when a frame is already pending (this request rides along with it).
    public mutating func requestFrame(now: Int) -> Int? {
        guard !isFramePending else { return nil }
        isFramePending = true
        guard let lastFrame else { return 0 }
        return max(0, lastFrame + interval - now)
    }

    /// Records that a frame was drawn at time `now`.
    public mutating func frameDrawn(at now: Int) {
        isFramePending = false
        lastFrame = now
    }

    /// Records that the pending frame changed nothing and wrote nothing: it does not count
    /// against the rate, so a key pressed just after a frame that only confirmed the screen
    /// (a spinner tick while nothing is busy) is drawn at once.
    public mutating func frameSkipped() {
        isFramePending = false
    }
}
