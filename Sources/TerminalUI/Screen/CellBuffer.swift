/// A screen's worth of cells that views draw into: `width` × `height` cells, each a grapheme
/// with a style.
///
/// Views render into a buffer with a pure function, and tests read it back with
/// ``textLines()`` or ``snapshot()``. The ``DiffRenderer`` compares two buffers and writes only
/// what changed.
///
/// The buffer keeps its own invariants whatever it is asked to draw: control characters and
/// bidi controls are stored as `�`, zero-width characters on their own are skipped, a wide
/// character always has its continuation cell and never hangs over the right edge, and
/// overwriting half of a wide character blanks the other half. Drawing outside the buffer is
/// clipped, never a trap.
///
/// ```swift
/// var buffer = CellBuffer(width: 20, height: 2)
/// buffer.put("Groceries 🛒", x: 0, y: 0, style: .bold)
/// buffer.put("a very long title that does not fit", x: 0, y: 1, maxWidth: 12)
/// buffer.textLines()   // ["Groceries 🛒        ", "a very long…        "]
/// ```
public struct CellBuffer: Hashable, Sendable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The cells, row by row.
    @usableFromInline
    var cells: [Cell]

    /// A buffer of blank cells in `style`; negative sizes count as 0.
    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    /// A buffer of blank cells covering `size`.
    public init(size: TerminalSize, style: Style = .plain) {
        self.init(width: size.width, height: size.height, style: style)
    }

    /// The buffer's size.
    public var size: TerminalSize { TerminalSize(width: width, height: height) }

    /// The whole buffer as a rectangle.
    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y`; a blank cell outside the buffer.
    @inlinable
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, x < width, y >= 0, y < height else { return .blank() }
        return cells[y * width + x]
    }

    /// The text that stands in for text cut short.
    public static let ellipsis: Character = "…"

    /// Draws `text` on row `y` from column `x` in `style`, within `maxWidth` columns and the
    /// buffer's right edge. Text that does not fit is cut with an ellipsis, never in the middle
    /// of a wide character. Returns the number of columns drawn.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else { return 0 }
        let limit = min(maxWidth ?? Int.max, width - x)
        guard limit > 0 else { return 0 }
        if let drawn = putASCII(text, x: x, y: y, style: style, limit: limit) { return drawn }

        var total = 0
        var needsEllipsis = false
        for character in text {
            total += Self.storable(character).width
            if total > limit {
                needsEllipsis = true
                break
            }
        }
        let end = x + (needsEllipsis ? limit - 1 : limit)
        var column = x
        for character in text {
            let (stored, characterWidth) = Self.storable(character)
            if characterWidth == 0 { continue }
            if column + characterWidth > end { break }
            set(stored, width: characterWidth, x: column, y: y, style: style)
            column += characterWidth
        }
        if needsEllipsis {
            set(Self.ellipsis, width: 1, x: column, y: y, style: style)
            column += 1
        }
        return column - x
    }

    /// Draws printable-ASCII text quickly; nil when the text is not all printable ASCII.
    private mutating func putASCII(_ text: String, x: Int, y: Int, style: Style, limit: Int) -> Int? {
        let utf8 = text.utf8
        guard utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) else { return nil }
        let needsEllipsis = utf8.count > limit
        let count = needsEllipsis ? limit - 1 : utf8.count
        var column = x
        for byte in utf8.prefix(count) {
            set(Character(Unicode.Scalar(byte)), width: 1, x: column, y: y, style: style)
            column += 1
        }
        if needsEllipsis {
            set(Self.ellipsis, width: 1, x: column, y: y, style: style)
            column += 1
        }
        return column - x
    }

    /// What a character is stored as, and its width: controls become `�`.
    @inlinable
    static func storable(_ character: Character) -> (character: Character, width: Int) {
        guard character.isSafeForTerminal else { return ("\u{FFFD}", 1) }
        return (character, DisplayWidth.of(character))
    }

    /// Stores one character, keeping wide characters whole.
    @usableFromInline
    mutating func set(_ character: Character, width characterWidth: Int, x: Int, y: Int, style: Style) {
        let wide = characterWidth == 2
        if wide && x + 1 >= width {
            // A wide character cannot hang over the right edge.
            set(" ", width: 1, x: x, y: y, style: style)
            return
        }
        let index = y * width + x
        breakWideCharacter(at: index, x: x)
        if wide { breakWideCharacter(at: index + 1, x: x + 1) }
        cells[index] = Cell(character, style: style, width: wide ? 2 : 1)
        if wide { cells[index + 1] = .continuation(style) }
    }

    /// Before cell `index` is overwritten: blanks the other half of a wide character it is part of.
    @inlinable
    mutating func breakWideCharacter(at index: Int, x: Int) {
        let cell = cells[index]
        if cell.width == 0, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if cell.width == 2, x + 1 < width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }

    /// Blanks the cells of `rect` (clipped to the buffer) in `style`.
    public mutating func fill(_ rect: Rect, style: Style = .plain) {
        let left = max(rect.x, 0)
        let right = min(rect.maxX, width)
        let top = max(rect.y, 0)
        let bottom = min(rect.maxY, height)
        guard left < right, top < bottom else { return }
        for y in top..<bottom {
            for x in left..<right {
                let index = y * width + x
                if x == left || x == right - 1 { breakWideCharacter(at: index, x: x) }
                cells[index] = .blank(style)
            }
        }
    }

    /// Blanks row `y` in `style`.
    public mutating func clear(row y: Int, style: Style = .plain) {
        fill(Rect(x: 0, y: y, width: width, height: 1), style: style)
    }

    /// Blanks the whole buffer in `style`.
    public mutating func clear(style: Style = .plain) {
        for index in cells.indices { cells[index] = .blank(style) }
    }

    /// Draws a full-width status line on row `y`: `left` from the left edge, `right` against the
    /// right edge, the rest blank, all in `style`. `right` is left out when both do not fit with
    /// a column between them; `left` is cut with an ellipsis.
    public mutating func putStatusLine(left: String, right: String = "", y: Int, style: Style = .plain) {
        clear(row: y, style: style)
        let rightWidth = DisplayWidth.of(right)
        var leftLimit = width
        if rightWidth > 0, rightWidth + 1 < width {
            put(right, x: width - rightWidth, y: y, style: style)
            leftLimit = width - rightWidth - 1
        }
        put(left, x: 0, y: y, style: style, maxWidth: leftLimit)
    }

    /// The text of each row, one string per row, without styles; a wide character counts once.
    public func textLines() -> [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width where !cells[y * width + x].isContinuation {
                line.append(cells[y * width + x].character)
            }
            return line
        }
    }

    /// A text snapshot for tests: each row between `|` bars (so trailing blanks show), then one
    /// line per run of styled cells, `row y, x a..<b: fg=red bold`.
    public func snapshot() -> String {
        var lines = textLines().map { "|\($0)|" }
        for y in 0..<height {
            var x = 0
            while x < width {
                let style = cells[y * width + x].style
                var end = x + 1
                while end < width, cells[y * width + end].style == style { end += 1 }
                if style != .plain { lines.append("row \(y), x \(x)..<\(end): \(Self.describe(style))") }
                x = end
            }
        }
        return lines.joined(separator: "\n")
    }

    static func describe(_ style: Style) -> String {
        var parts: [String] = []
        if style.foreground != .default { parts.append("fg=\(describe(style.foreground))") }
        if style.background != .default { parts.append("bg=\(describe(style.background))") }
        let names: [(Style.Attributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"),
        ]
        for (attribute, name) in names where style.attributes.contains(attribute) { parts.append(name) }
        return parts.joined(separator: " ")
    }

    static func describe(_ color: Color) -> String {
        let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]
        switch color {
        case .default: return "default"
        case .ansi(let index) where index < 8: return names[Int(index)]
        case .ansi(let index) where index < 16: return "bright-" + names[Int(index) - 8]
        case .ansi(let index), .indexed(let index): return "\(index)"
        }
    }
}
