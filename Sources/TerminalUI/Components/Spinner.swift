/// Shows that work is running: one of a few frames, chosen by how many ticks have passed.
///
/// The spinner is a value; the caller counts ticks (from its scheduler or the run loop) and
/// advances it, so a test can show any frame without a clock.
///
/// ```swift
/// var spinner = Spinner(ticksPerFrame: 6)       // at 60 ticks a second, 10 frames a second
/// spinner.advance()
/// spinner.draw(into: &buffer, x: 0, y: 23, label: "Refreshing")
/// ```
public struct Spinner: Hashable, Sendable {
    /// `| / - \`: plain ASCII, one column in every terminal.
    public static let line = ["|", "/", "-", "\\"]
    /// Braille dots, one column each; needs a font with braille patterns.
    public static let dots = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]

    /// The frames, shown in turn.
    public let frames: [String]
    /// How many ticks each frame stays.
    public let ticksPerFrame: Int
    /// The ticks counted so far.
    public private(set) var tick: Int

    /// A spinner over `frames` (``line`` when empty), each shown for `ticksPerFrame` ticks,
    /// `tick` ticks in.
    public init(frames: [String] = Spinner.line, ticksPerFrame: Int = 1, tick: Int = 0) {
        self.frames = frames.isEmpty ? Self.line : frames
        self.ticksPerFrame = max(ticksPerFrame, 1)
        self.tick = max(tick, 0)
    }

    /// Counts `ticks` more ticks.
    public mutating func advance(by ticks: Int = 1) {
        // Wrapping at a whole cycle keeps the count from overflowing and the frame the same.
        let cycle = frames.count * ticksPerFrame
        tick = (tick % cycle + max(ticks, 0) % cycle) % cycle
    }

    /// The frame for the current tick.
    public var frame: String { frames[(tick / ticksPerFrame) % frames.count] }

    /// Draws the frame at column `x` of row `y` in `style`, then `label` (sanitized) after a
    /// space, within `maxWidth` columns. Returns the columns drawn.
    @discardableResult
    public func draw(
        into buffer: inout CellBuffer, x: Int, y: Int, label: String = "", style: Style = .plain,
        maxWidth: Int? = nil
    ) -> Int {
        let text = label.isEmpty ? frame : frame + " " + label
        let shown = TextSanitizer.sanitize(text, fittingWidth: min(maxWidth ?? buffer.width, buffer.width))
        return buffer.put(shown, x: x, y: y, style: style, maxWidth: maxWidth)
    }
}
