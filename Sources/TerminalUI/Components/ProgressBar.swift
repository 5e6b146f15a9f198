/// How much of a job is done, as a bar of cells with the percentage after it.
///
/// ```swift
/// let bar = ProgressBar(fraction: 0.42)
/// bar.draw(into: &buffer, in: Rect(x: 0, y: 3, width: 20, height: 1))
/// buffer.textLines()[3]            // "██████▎░░░░░░░░  42%"
/// ```
public struct ProgressBar: Hashable, Sendable {
    /// How much is done, from 0 to 1 (clamped; not a number counts as 0).
    public var fraction: Double {
        didSet { fraction = Self.clamp(fraction) }
    }
    /// Whether the percentage is drawn after the bar.
    public var showsPercentage: Bool
    /// Whether a cell that is partly done shows an eighth-block character (`▏▎▍▌▋▊▉`); plain
    /// terminal fonts without block elements want `false`.
    public var usesPartialBlocks: Bool

    /// A bar showing `fraction` done.
    public init(fraction: Double, showsPercentage: Bool = true, usesPartialBlocks: Bool = true) {
        self.fraction = Self.clamp(fraction)
        self.showsPercentage = showsPercentage
        self.usesPartialBlocks = usesPartialBlocks
    }

    /// A bar showing `done` of `total` done (empty when `total` is not positive).
    public init(done: Int, of total: Int, showsPercentage: Bool = true) {
        self.init(fraction: total > 0 ? Double(done) / Double(total) : 0, showsPercentage: showsPercentage)
    }

    private static func clamp(_ value: Double) -> Double {
        value.isNaN ? 0 : min(max(value, 0), 1)
    }

    /// The percentage done, rounded down, so that 100% means finished: `"42%"`.
    public var percentText: String { "\(Int((fraction * 100).rounded(.down)))%" }

    static let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]

    /// Draws the bar on the first row of `rect`: done cells as `█` in `filledStyle`, the rest as
    /// `░` in `emptyStyle`, then the percentage in `labelStyle` right-aligned in four columns.
    /// The percentage is left out when `rect` is too narrow for it and a bar of four cells.
    public func draw(
        into buffer: inout CellBuffer, in rect: Rect, filledStyle: Style = .plain, emptyStyle: Style = .dim,
        labelStyle: Style = .plain
    ) {
        guard !rect.isEmpty else { return }
        let y = rect.y
        buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1))
        var barWidth = rect.width
        if showsPercentage, rect.width >= 9 {
            barWidth = rect.width - 5
            let label = percentText
            buffer.put(label, x: rect.maxX - DisplayWidth.of(label), y: y, style: labelStyle)
        }
        let eighths = Int((fraction * Double(barWidth * 8)).rounded(.down))
        var full = eighths / 8
        var partial = usesPartialBlocks ? eighths % 8 : 0
        if fraction < 1, full == barWidth {
            // Never look finished before it is.
            full = barWidth - 1
            partial = usesPartialBlocks ? 7 : 0
        }
        buffer.put(String(repeating: "█", count: full), x: rect.x, y: y, style: filledStyle)
        var x = rect.x + full
        if partial > 0, x < rect.x + barWidth {
            buffer.put(String(Self.partials[partial - 1]), x: x, y: y, style: filledStyle)
            x += 1
        }
        buffer.put(String(repeating: "░", count: max(rect.x + barWidth - x, 0)), x: x, y: y, style: emptyStyle)
    }

    /// The bar as one line of text `width` columns wide, with its percentage, for a line of
    /// its own: a command's progress on standard error.
    public func text(width: Int) -> String {
        var buffer = CellBuffer(width: max(width, 1), height: 1)
        draw(into: &buffer, in: Rect(x: 0, y: 0, width: max(width, 1), height: 1))
        return buffer.textLines().first ?? ""
    }

    /// `text` written over the line the cursor is on (a carriage return, the line cleared,
    /// then `text`), so that a progress line changes in place; an empty `text` clears it.
    public static func overwritingLine(with text: String) -> String { "\r\u{1B}[K" + text }
}
