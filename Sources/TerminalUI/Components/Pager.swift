/// Lines to read, scrolled a window at a time, like `less`: j/k and the arrows move a line,
/// PgUp/PgDn (and `b`/Space) a page, Ctrl-U/D half a page, g/Home and G/End to either end.
/// The last page ends at the last line: the view never scrolls past it.
///
/// Lines are sanitized as they are drawn; wrap long text first with ``TextWrap``.
///
/// ```swift
/// var pager = Pager(lines: TextWrap.lines(of: article, width: 78), height: 20)
/// _ = pager.handle(Key(.pageDown))
/// pager.scrollPercent                       // how far through, 0–100
/// pager.draw(into: &buffer, in: Rect(x: 1, y: 1, width: 78, height: 20))
/// ```
public struct Pager: Hashable, Sendable {
    /// The lines.
    public private(set) var lines: [String]
    /// The first line shown.
    public private(set) var offset: Int
    /// How many lines the window shows.
    public private(set) var height: Int

    /// A pager over `lines`, `height` at a time, from the top.
    public init(lines: [String] = [], height: Int = 1) {
        self.lines = lines
        self.height = max(height, 1)
        self.offset = 0
    }

    /// The largest offset: the one that shows the last line at the bottom.
    public var maximumOffset: Int { max(lines.count - height, 0) }

    /// Whether the last line is in view.
    public var isAtBottom: Bool { offset >= maximumOffset }

    /// How far through the text the view is, 0 to 100: 100 when the last line is in view.
    public var scrollPercent: Int {
        guard maximumOffset > 0 else { return 100 }
        return offset * 100 / maximumOffset
    }

    /// The range of lines shown.
    public var visibleRange: Range<Int> { offset..<min(offset + height, lines.count) }

    /// Replaces the lines, keeping the scroll where it is when it can.
    public mutating func setLines(_ newLines: [String]) {
        lines = newLines
        scroll(to: offset)
    }

    /// Changes the window's height (the screen was resized).
    public mutating func setHeight(_ newHeight: Int) {
        height = max(newHeight, 1)
        scroll(to: offset)
    }

    /// Shows line `line` at the top, or as near as the end allows.
    public mutating func scroll(to line: Int) {
        offset = min(max(line, 0), maximumOffset)
    }

    /// Scrolls by `delta` lines, down when positive.
    public mutating func scroll(by delta: Int) {
        scroll(to: offset + min(max(delta, -lines.count), lines.count))
    }

    /// Applies a scrolling key; returns whether it was one.
    public mutating func handle(_ key: Key) -> Bool {
        switch (key.code, key.modifiers.subtracting(.shift)) {
        case (.down, []), (.character("j"), []), (.enter, []): scroll(by: 1)
        case (.up, []), (.character("k"), []): scroll(by: -1)
        case (.pageDown, []), (.character(" "), []), (.character("f"), .control): scroll(by: height)
        case (.pageUp, []), (.character("b"), []), (.character("b"), .control): scroll(by: -height)
        case (.character("d"), .control): scroll(by: max(height / 2, 1))
        case (.character("u"), .control): scroll(by: -max(height / 2, 1))
        case (.home, []), (.character("g"), []): scroll(to: 0)
        case (.end, []), (.character("G"), []): scroll(to: maximumOffset)
        default: return false
        }
        return true
    }

    /// Draws the lines in view into `rect` in `style`, each sanitized and cut with `…` where it
    /// is too wide; the rest of `rect` is filled with `style`. A `rect` taller or shorter than
    /// ``height`` shows as many lines as fit from the same first line, never past the end.
    public func draw(into buffer: inout CellBuffer, in rect: Rect, style: Style = .plain) {
        buffer.fill(rect, style: style)
        guard !rect.isEmpty else { return }
        let first = min(offset, max(lines.count - rect.height, 0))
        for (row, line) in lines.dropFirst(first).prefix(rect.height).enumerated() {
            let shown = TextSanitizer.sanitize(line, fittingWidth: rect.width)
            buffer.put(shown, x: rect.x, y: rect.y + row, style: style, maxWidth: rect.width)
        }
    }
}
