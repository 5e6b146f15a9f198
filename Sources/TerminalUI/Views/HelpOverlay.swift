/// A framed box listing key bindings, centred over the screen or a part of it.
///
/// It is a component like the others: a value, ``isClosingKey(_:)`` for the keys that close it,
/// and a pure draw. Titles and bindings are sanitized as they are drawn.
///
/// ```swift
/// let help = HelpOverlay(title: "Keys", bindings: [KeyHint("a", "add"), KeyHint("q", "quit")])
/// if HelpOverlay.isClosingKey(key) { isHelpOpen = false }
/// help.draw(into: &buffer)          // over the whole screen, after the content
/// ```
public struct HelpOverlay: Hashable, Sendable {
    /// The box's title.
    public var title: String
    /// The bindings, one a line.
    public var bindings: [KeyHint]
    /// How many bindings are scrolled off the top, when the box is too short for all of them.
    public var scroll: Int

    /// Creates an overlay.
    public init(title: String, bindings: [KeyHint], scroll: Int = 0) {
        self.title = title
        self.bindings = bindings
        self.scroll = scroll
    }

    /// The most bindings can be scrolled off the top when the overlay is drawn in `rect`: 0 when
    /// every binding fits.
    public func maximumScroll(in rect: Rect) -> Int {
        let rows = bindingRows(in: rect)
        guard bindings.count > rows else { return 0 }
        // A box that is cut keeps its last binding row for the "more" line.
        return bindings.count - max(rows - 1, 1)
    }

    /// The rows the box has for bindings in `rect`: between the top border and the footer.
    private func bindingRows(in rect: Rect) -> Int {
        let height = min(bindings.count + 4, rect.height)
        return max(height - (height >= 4 ? 3 : 2), 0)
    }

    static let frameStyle = Style(attributes: .bold)
    static let keyStyle = Style(foreground: .cyan, attributes: .bold)

    /// The keys that close the overlay, as its last line names them.
    public static let closingKeys = "Esc ? q F1"

    /// The overlay's last line: every key that closes it.
    public static let footer = "Esc, ?, q or F1 closes"

    /// Whether `key` closes the overlay: Escape, `?`, `q` or F1, as ``closingKeys`` names them.
    public static func isClosingKey(_ key: Key) -> Bool {
        switch (key.code, key.modifiers.subtracting(.shift)) {
        case (.escape, []), (.character("?"), []), (.character("q"), []), (.function(1), []): true
        default: false
        }
    }

    /// Draws the box over `buffer`'s middle, cut to fit. When the screen is too short for every
    /// binding, the last row that fits says how many more there are.
    public func draw(into buffer: inout CellBuffer) {
        draw(into: &buffer, in: buffer.bounds)
    }

    /// Draws the box centred in `rect`, cut to fit it.
    public func draw(into buffer: inout CellBuffer, in rect: Rect) {
        let title = TextSanitizer.sanitize(title, fittingWidth: rect.width)
        let bindings = bindings.map {
            KeyHint(
                TextSanitizer.sanitize($0.key, fittingWidth: rect.width),
                TextSanitizer.sanitize($0.action, fittingWidth: rect.width))
        }
        let keyWidth = bindings.map { DisplayWidth.of($0.key) }.max() ?? 0
        let actionWidth = bindings.map { DisplayWidth.of($0.action) }.max() ?? 0
        let footer = Self.footer
        let contentWidth = max(keyWidth + 2 + actionWidth, DisplayWidth.of(title) + 2, DisplayWidth.of(footer))
        let width = min(contentWidth + 4, rect.width)
        let height = min(bindings.count + 4, rect.height)
        guard width >= 4, height >= 3 else { return }
        let box = Rect(
            x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width, height: height)
        buffer.fill(box)
        let inner = width - 2
        buffer.put("┌" + String(repeating: "─", count: inner) + "┐", x: box.x, y: box.y, style: Self.frameStyle)
        buffer.put(" \(title) ", x: box.x + 2, y: box.y, style: Self.frameStyle, maxWidth: max(inner - 2, 0))
        for row in 1..<(height - 1) {
            buffer.put("│", x: box.x, y: box.y + row, style: Self.frameStyle)
            buffer.put("│", x: box.maxX - 1, y: box.y + row, style: Self.frameStyle)
        }
        buffer.put("└" + String(repeating: "─", count: inner) + "┘", x: box.x, y: box.maxY - 1, style: Self.frameStyle)
        let room = max(inner - 2, 0)
        // Rows for bindings: between the top border and the footer (or the bottom border when
        // there is no room for a footer). With room to spare, one stays blank above the footer.
        let hasFooter = height >= 4
        let rows = height - (hasFooter ? 3 : 2)
        let isCut = bindings.count > rows
        let shown = isCut ? max(rows - 1, 0) : bindings.count
        let first = isCut ? min(max(scroll, 0), maximumScroll(in: rect)) : 0
        for (index, binding) in bindings.dropFirst(first).prefix(shown).enumerated() {
            let y = box.y + 1 + index
            buffer.put(binding.key, x: box.x + 2, y: y, style: Self.keyStyle, maxWidth: room)
            let actionX = box.x + 2 + keyWidth + 2
            if actionX < box.maxX - 2 {
                buffer.put(binding.action, x: actionX, y: y, maxWidth: box.maxX - 2 - actionX)
            }
        }
        if isCut, rows > 0 {
            let below = bindings.count - first - shown
            let line = below > 0 ? "… \(below) more below (j/↓ scrolls)" : "… \(first) more above (k/↑ scrolls)"
            buffer.put(line, x: box.x + 2, y: box.y + rows, style: .dim, maxWidth: room)
        }
        if hasFooter {
            buffer.put(footer, x: box.x + 2, y: box.maxY - 2, style: .dim, maxWidth: room)
        }
    }
}
