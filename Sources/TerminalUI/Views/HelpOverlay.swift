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
    /// How many rows are scrolled off the top, when the box is too short for all of them (a
    /// binding whose action wraps takes several).
    public var scroll: Int
    /// The colour of the keys.
    public var accent: Color
    /// The keys that scroll, as the line saying how many bindings are left names them.
    public var scrollKeys: ScrollKeys

    /// The keys that move ``scroll``, whichever the caller chose, as the overlay names them.
    public struct ScrollKeys: Hashable, Sendable {
        /// The keys that scroll down, as shown (`j/↓`).
        public var down: String
        /// The keys that scroll up, as shown (`k/↑`).
        public var up: String

        /// Keys shown as `down` and `up`: `j/↓` and `k/↑` unless told.
        public init(down: String = "j/↓", up: String = "k/↑") {
            self.down = down
            self.up = up
        }
    }

    /// Creates an overlay.
    public init(
        title: String, bindings: [KeyHint], scroll: Int = 0, accent: Color = .cyan,
        scrollKeys: ScrollKeys = ScrollKeys()
    ) {
        self.title = title
        self.bindings = bindings
        self.scroll = scroll
        self.accent = accent
        self.scrollKeys = scrollKeys
    }

    /// The most rows can be scrolled off the top when the overlay is drawn in `rect`: 0 when
    /// every binding fits. A binding whose action wraps takes several rows.
    public func maximumScroll(in rect: Rect) -> Int {
        guard let layout = layout(in: rect) else { return 0 }
        guard layout.rows.count > layout.bindingRows else { return 0 }
        // A box that is cut keeps its last binding row for the "more" line.
        return layout.rows.count - max(layout.bindingRows - 1, 1)
    }

    /// Where everything goes in `rect`: the box, the rows of bindings (an action too long for
    /// its column wraps onto rows of its own, under the action column, or under the key when the
    /// box is too narrow for two columns), and how many rows the box has for them.
    private struct Layout {
        var title: String
        var box: Rect
        var actionX: Int
        var rows: [(key: String, action: String)]
        var bindingRows: Int
        var hasFooter: Bool
    }

    /// The narrowest an action column may be before actions go under their keys instead.
    private static let narrowestActionColumn = 12

    private func layout(in rect: Rect) -> Layout? {
        let title = TextSanitizer.sanitize(title, fittingWidth: rect.width)
        let bindings = bindings.map {
            KeyHint(
                TextSanitizer.sanitize($0.key, fittingWidth: rect.width),
                TextSanitizer.sanitize($0.action, fittingWidth: rect.width))
        }
        let keyWidth = bindings.map { DisplayWidth.of($0.key) }.max() ?? 0
        let actionWidth = bindings.map { DisplayWidth.of($0.action) }.max() ?? 0
        let contentWidth = max(keyWidth + 2 + actionWidth, DisplayWidth.of(title) + 2, DisplayWidth.of(Self.footer))
        let width = min(contentWidth + 4, rect.width)
        guard width >= 4 else { return nil }
        let room = width - 4
        let besideKeys = room - keyWidth - 2 >= min(Self.narrowestActionColumn, actionWidth)
        let actionX = besideKeys ? keyWidth + 2 : 2
        let actionRoom = max(room - actionX, 1)
        var rows: [(key: String, action: String)] = []
        for binding in bindings {
            let lines = TextWrap.lines(of: binding.action, width: actionRoom)
            if besideKeys {
                rows.append((binding.key, lines.first ?? ""))
                rows += lines.dropFirst().map { ("", $0) }
            } else {
                rows.append((binding.key, ""))
                rows += lines.map { ("", $0) }
            }
        }
        let height = min(rows.count + 4, rect.height)
        guard height >= 3 else { return nil }
        let box = Rect(
            x: rect.x + (rect.width - width) / 2, y: rect.y + (rect.height - height) / 2, width: width, height: height)
        let hasFooter = height >= 4
        return Layout(
            title: title, box: box, actionX: actionX, rows: rows, bindingRows: height - (hasFooter ? 3 : 2),
            hasFooter: hasFooter)
    }

    static let frameStyle = Style(attributes: .bold)

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

    /// Draws the box centred in `rect`, cut to fit it; actions too long for the box wrap.
    public func draw(into buffer: inout CellBuffer, in rect: Rect) {
        guard let layout = layout(in: rect) else { return }
        let box = layout.box
        buffer.fill(box)
        let inner = box.width - 2
        buffer.put("┌" + String(repeating: "─", count: inner) + "┐", x: box.x, y: box.y, style: Self.frameStyle)
        buffer.put(" \(layout.title) ", x: box.x + 2, y: box.y, style: Self.frameStyle, maxWidth: max(inner - 2, 0))
        for row in 1..<(box.height - 1) {
            buffer.put("│", x: box.x, y: box.y + row, style: Self.frameStyle)
            buffer.put("│", x: box.maxX - 1, y: box.y + row, style: Self.frameStyle)
        }
        buffer.put("└" + String(repeating: "─", count: inner) + "┘", x: box.x, y: box.maxY - 1, style: Self.frameStyle)
        let room = max(inner - 2, 0)
        // Rows for bindings: between the top border and the footer (or the bottom border when
        // there is no room for a footer). With room to spare, one stays blank above the footer.
        let rows = layout.bindingRows
        let isCut = layout.rows.count > rows
        let shown = isCut ? max(rows - 1, 0) : layout.rows.count
        let first = isCut ? min(max(scroll, 0), maximumScroll(in: rect)) : 0
        for (index, row) in layout.rows.dropFirst(first).prefix(shown).enumerated() {
            let y = box.y + 1 + index
            buffer.put(row.key, x: box.x + 2, y: y, style: Style(foreground: accent, attributes: .bold), maxWidth: room)
            let actionX = box.x + 2 + layout.actionX
            if actionX < box.maxX - 2 {
                buffer.put(row.action, x: actionX, y: y, maxWidth: box.maxX - 2 - actionX)
            }
        }
        if isCut, rows > 0 {
            let below = layout.rows.count - first - shown
            let line =
                below > 0
                ? "… \(below) more below (\(scrollKeys.down) scrolls)"
                : "… \(first) more above (\(scrollKeys.up) scrolls)"
            buffer.put(TextSanitizer.sanitize(line), x: box.x + 2, y: box.y + rows, style: .dim, maxWidth: room)
        }
        if layout.hasFooter {
            buffer.put(Self.footer, x: box.x + 2, y: box.maxY - 2, style: .dim, maxWidth: room)
        }
    }
}
