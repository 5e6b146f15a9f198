public import Streams

/// The terminal-independent heart of the run loop: turns input bytes into events and redraw
/// requests into frames, on a scheduler.
///
/// - Bytes go through a ``KeyParser``; a lone Escape is delivered once no more bytes follow for
///   `escapeTimeout` milliseconds, and anything else held back (a part of a sequence or
///   character) is dropped then.
/// - A bracketed paste whose end marker does not come is ended by time: once no byte arrives
///   for `pasteTimeout` milliseconds, or once it has lasted `maximumPasteDuration`, what arrived
///   is delivered as the paste and keys work again. Its size is bounded by the parser's
///   ``KeyParser/maximumPasteLength``.
/// - Redraw requests are coalesced by a ``FrameLimiter`` (60 frames a second by default). A frame
///   renders the current state with `render`, diffs it against what is on screen with a
///   ``DiffRenderer`` and hands the bytes to `output` in one piece; nothing when nothing changed,
///   and such a frame does not count against the rate.
/// - A resize delivers `.resize` and redraws everything, as does ``requestFullRedraw()``.
///
/// All methods must be called on the scheduler (for ``TerminalRunLoop``, its UI queue); with a
/// virtual-time scheduler the whole loop can be tested without a terminal.
public final class TerminalDriver: @unchecked Sendable {
    // Sendable because every method runs on the scheduler's serial context, never concurrently.

    /// The scheduler everything runs on.
    public let scheduler: any Scheduler
    /// The current terminal size.
    public private(set) var size: TerminalSize
    /// How long a lone Escape waits for a sequence to follow, in milliseconds.
    public let escapeTimeout: Int
    /// How long an unfinished paste (or a part of a character or sequence after its start)
    /// waits for its next byte before it is ended, in milliseconds.
    public let pasteTimeout: Int
    /// How long a paste may last in all before it is ended, in milliseconds, however its bytes
    /// trickle in.
    public let maximumPasteDuration: Int
    /// How frames are encoded.
    public var renderer: DiffRenderer
    /// Called after each frame with the number of bytes it wrote (0 when nothing changed), for
    /// measuring how long a key takes to reach the screen.
    public var onFrameDrawn: ((Int) -> Void)?

    private var parser: KeyParser
    private var pasteStartedAt: Int?
    private var limiter: FrameLimiter
    private var shown: CellBuffer?
    private var needsFullRedraw = true
    private var inputGeneration = 0
    private var isStopped = false
    private let output: ([UInt8]) -> Void
    private let render: (TerminalSize) -> CellBuffer
    private let onEvent: (InputEvent) -> Void

    /// A driver for a screen of `size`.
    ///
    /// - Parameters:
    ///   - output: receives each frame's bytes, once per frame.
    ///   - render: draws the current state at a size; called for each frame.
    ///   - onEvent: receives keys, pastes and resizes.
    public init(
        scheduler: any Scheduler, size: TerminalSize, renderer: DiffRenderer = DiffRenderer(),
        framesPerSecond: Int = 60, escapeTimeout: Int = 30, pasteTimeout: Int = 500,
        maximumPasteDuration: Int = 5_000, parser: KeyParser = KeyParser(),
        output: @escaping ([UInt8]) -> Void,
        render: @escaping (TerminalSize) -> CellBuffer,
        onEvent: @escaping (InputEvent) -> Void
    ) {
        self.scheduler = scheduler
        self.size = size
        self.renderer = renderer
        self.escapeTimeout = escapeTimeout
        self.pasteTimeout = pasteTimeout
        self.maximumPasteDuration = maximumPasteDuration
        self.parser = parser
        self.limiter = FrameLimiter(framesPerSecond: framesPerSecond)
        self.output = output
        self.render = render
        self.onEvent = onEvent
    }

    /// Feeds bytes read from the terminal and delivers the events they complete.
    public func receive(_ bytes: some Sequence<UInt8>) {
        guard !isStopped else { return }
        inputGeneration &+= 1
        let wasInPaste = parser.isInPaste
        deliver(parser.feed(bytes))
        if parser.isInPaste {
            let now = scheduler.now
            if !wasInPaste || pasteStartedAt == nil { pasteStartedAt = now }
            if let start = pasteStartedAt, now - start >= maximumPasteDuration {
                endPaste()
            }
        } else {
            pasteStartedAt = nil
        }
        scheduleExpiry()
    }

    /// Schedules what resolves held-back input if nothing more arrives: the end of a paste, or
    /// the flush of an Escape or of a part of a sequence.
    private func scheduleExpiry() {
        let generation = inputGeneration
        if parser.isInPaste {
            let elapsed = scheduler.now - (pasteStartedAt ?? scheduler.now)
            let delay = max(0, min(pasteTimeout, maximumPasteDuration - elapsed))
            scheduler.schedule(after: .milliseconds(delay), label: "paste timeout") { [self] in
                guard !isStopped, generation == inputGeneration, parser.isInPaste else { return }
                endPaste()
                scheduleExpiry()
            }
        } else if parser.hasPendingInput {
            // An Escape is resolved quickly; a character or sequence cut between reads gets as
            // long as a paste to complete.
            let delay = parser.hasPendingEscape ? escapeTimeout : pasteTimeout
            scheduler.schedule(after: .milliseconds(delay), label: "escape timeout") { [self] in
                guard !isStopped, generation == inputGeneration, !parser.isInPaste else { return }
                deliver(parser.flush())
            }
        }
    }

    private func endPaste() {
        pasteStartedAt = nil
        deliver(parser.endPaste())
    }

    private func deliver(_ events: [InputEvent]) {
        for event in events { onEvent(event) }
    }

    /// Takes note of a new terminal size: delivers `.resize` and schedules a full redraw.
    public func resize(to newSize: TerminalSize) {
        guard !isStopped, newSize != size else { return }
        size = newSize
        onEvent(.resize(newSize))
        requestFullRedraw()
    }

    /// Asks for a frame; requests are coalesced to at most one frame per frame interval.
    public func requestRedraw() {
        guard !isStopped, let delay = limiter.requestFrame(now: scheduler.now) else { return }
        scheduler.schedule(after: .milliseconds(delay), label: "frame") { [self] in
            drawFrame()
        }
    }

    /// Asks for a frame that repaints every cell, for example after the process was resumed and
    /// the screen's content is unknown.
    public func requestFullRedraw() {
        needsFullRedraw = true
        requestRedraw()
    }

    /// Stops for good: no more events, no more frames, not even those already scheduled.
    public func stop() {
        isStopped = true
    }

    private func drawFrame() {
        guard !isStopped else { return }
        let start = scheduler.now
        let next = render(size)
        let bytes = renderer.frame(from: needsFullRedraw ? nil : shown, to: next)
        needsFullRedraw = false
        shown = next
        if bytes.isEmpty {
            limiter.frameSkipped()
        } else {
            limiter.frameDrawn(at: start)
            output(bytes)
        }
        onFrameDrawn?(bytes.count)
    }
}
