/// The line at the bottom of a screen: a message on the left, key hints on the right.
///
/// When the line is too short for both, hints give way first, whole and from the last one
/// (essential hints, ``KeyHint/isEssential``, last of all unless they alone do not fit), so the
/// message stays whole as long as it can; a message wider than the line is cut with `…`.
///
/// ```swift
/// let status = StatusLine(message: "3 items", hints: [KeyHint("a", "add"), KeyHint("q", "quit")])
/// status.draw(into: &buffer, in: Rect(x: 0, y: 23, width: 80, height: 1))
/// // " 3 items", then "a add  q quit " against the right edge
/// ```
public struct StatusLine: Hashable, Sendable {
    /// The message (sanitized when drawn).
    public var message: String
    /// The keys offered, most important first.
    public var hints: [KeyHint]

    /// A status line.
    public init(message: String = "", hints: [KeyHint] = []) {
        self.message = message
        self.hints = hints
    }

    /// The hints that fit next to the message in `width` columns, as drawn: `"a add  q quit"`.
    public func hintText(width: Int) -> String {
        fittingHints(width: width).map(\.text).joined(separator: "  ")
    }

    /// The hints that fit next to the message in `width` columns (``KeyHint/fitting(_:in:)``).
    func fittingHints(width: Int) -> [KeyHint] {
        let messageWidth = message.isEmpty ? 0 : DisplayWidth.of(TextSanitizer.sanitize(message, fittingWidth: width))
        // One column of padding at each edge, two between the message and the hints.
        return KeyHint.fitting(hints, in: width - 2 - (messageWidth > 0 ? messageWidth + 2 : 0))
    }

    /// Draws the line on the first row of `rect`, all of it in `style`, the keys of the hints in
    /// `style` with `keyStyle`'s attributes and colours added.
    public func draw(
        into buffer: inout CellBuffer, in rect: Rect, style: Style = .reverse, keyStyle: Style = .bold
    ) {
        guard !rect.isEmpty else { return }
        let y = rect.y
        buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: style)
        let shownMessage = TextSanitizer.sanitize(message, fittingWidth: rect.width)
        buffer.put(shownMessage, x: rect.x + 1, y: y, style: style, maxWidth: rect.width - 2)
        let shown = fittingHints(width: rect.width)
        guard !shown.isEmpty else { return }
        var x = rect.maxX - 1 - DisplayWidth.of(shown.map(\.text).joined(separator: "  "))
        let keyLook = style.merging(keyStyle)
        for (index, hint) in shown.enumerated() {
            if index > 0 { x += 2 }
            x += buffer.put(TextSanitizer.sanitize(hint.key), x: x, y: y, style: keyLook)
            x += buffer.put(" " + TextSanitizer.sanitize(hint.action), x: x, y: y, style: style)
        }
    }
}
