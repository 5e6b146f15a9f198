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
public struct CellBuffer: Equatable, Sendable {
    /// The number of columns.
    public let width: Int
    /// The number of rows.
    public let height: Int
    /// The cells, row by row.
    @usableFromInline
    var cells: [_StoredCell]
    /// Graphemes of more than one scalar, referred to by cells.
    @usableFromInline
    var clusters: [String] = []

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
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, x < width, y >= 0, y < height else { return .blank() }
        let stored = cells[y * width + x]
        return Cell(character(of: stored), style: stored.style, width: stored.width)
    }

    /// The grapheme a stored cell shows.
    func character(of cell: _StoredCell) -> Character {
        if cell.isCluster { return Character(clusters[Int(cell.content & ~_StoredCell.clusterFlag)]) }
        return Character(Unicode.Scalar(cell.content) ?? " ")
    }

    /// Whether cell `index` of this buffer shows the same as cell `otherIndex` of `other`.
    @inlinable
    func cell(_ index: Int, matches otherIndex: Int, of other: CellBuffer) -> Bool {
        let mine = cells[index]
        let theirs = other.cells[otherIndex]
        guard mine.width == theirs.width, mine.style == theirs.style else { return false }
        if mine.content == theirs.content && !mine.isCluster { return true }
        guard mine.isCluster && theirs.isCluster else { return false }
        return clusters[Int(mine.content & ~_StoredCell.clusterFlag)]
            == other.clusters[Int(theirs.content & ~_StoredCell.clusterFlag)]
    }

    /// Whether two buffers have the same size and show the same cells.
    public static func == (lhs: CellBuffer, rhs: CellBuffer) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height else { return false }
        for index in lhs.cells.indices where !lhs.cell(index, matches: index, of: rhs) { return false }
        return true
    }

    /// The text that stands in for text cut short.
    public static let ellipsis: Character = "…"
    static let placeholder: UInt32 = 0xfffd

    /// Draws `text` on row `y` from column `x` in `style`, within `maxWidth` columns and the
    /// buffer's right edge. Text that does not fit is cut with an ellipsis, never in the middle
    /// of a wide character. Returns the number of columns drawn.
    @discardableResult
    public mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x >= 0, x < width else { return 0 }
        let limit = min(maxWidth ?? Int.max, width - x)
        guard limit > 0 else { return 0 }
        // A text never takes more columns than it has UTF-8 bytes, so short text needs no
        // measuring first.
        var needsEllipsis = false
        if text.utf8.count > limit {
            var total = 0
            Self.forEachGrapheme(in: text) { _, _, graphemeWidth in
                total += graphemeWidth
                if total > limit { needsEllipsis = true }
                return !needsEllipsis
            }
        }
        let end = x + (needsEllipsis ? limit - 1 : limit)
        var column = x
        Self.forEachGrapheme(in: text) { content, cluster, graphemeWidth in
            if graphemeWidth == 0 { return true }
            if column + graphemeWidth > end { return false }
            var stored = content
            if let cluster {
                stored = _StoredCell.clusterFlag | UInt32(clusters.count)
                clusters.append(cluster)
            }
            set(stored, width: graphemeWidth, x: column, y: y, style: style)
            column += graphemeWidth
            return true
        }
        if needsEllipsis {
            set(0x2026, width: 1, x: column, y: y, style: style)
            column += 1
        }
        return column - x
    }

    /// Calls `body` with each grapheme of `text` as it will be stored: a scalar value (or, for a
    /// grapheme of several scalars, the grapheme as a string) and its width; controls come out as
    /// `�`. Stops when `body` returns false.
    ///
    /// ASCII that no combining mark follows is handled byte by byte; the rest goes through
    /// grapheme breaking.
    @inline(__always)
    static func forEachGrapheme(in text: String, _ body: (UInt32, String?, Int) -> Bool) {
        let utf8 = text.utf8
        var index = utf8.startIndex
        let end = utf8.endIndex
        while index < end {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte < 0x80 && (next == end || utf8[next] < 0x80) {
                let printable = byte >= 0x20 && byte < 0x7f
                guard body(printable ? UInt32(byte) : placeholder, nil, 1) else { return }
                index = next
                continue
            }
            let after = text.index(after: index)
            let (content, cluster, graphemeWidth) = storable(text.unicodeScalars[index..<after])
            guard body(content, cluster, graphemeWidth) else { return }
            index = after
        }
    }

    /// How one grapheme, given as its scalars, is stored, and its width.
    static func storable(_ scalars: Substring.UnicodeScalarView) -> (UInt32, String?, Int) {
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return (0x20, nil, 0) }
        guard let second = iterator.next() else {
            guard !first.isTerminalControl, !first.isBidiControl else { return (placeholder, nil, 1) }
            return (first.value, nil, DisplayWidth.of(first))
        }
        var graphemeWidth = DisplayWidth.of(first)
        var scalar: Unicode.Scalar? = second
        while let current = scalar {
            if current.isTerminalControl || current.isBidiControl || first.isTerminalControl || first.isBidiControl {
                return (placeholder, nil, 1)
            }
            if current.value == 0xfe0f {
                if graphemeWidth == 1 && first.properties.isEmoji { graphemeWidth = 2 }
            } else if graphemeWidth == 0 {
                graphemeWidth = DisplayWidth.of(current)
            }
            scalar = iterator.next()
        }
        return (0, String(scalars), min(graphemeWidth, 2))
    }

    /// Stores one grapheme, keeping wide characters whole.
    @usableFromInline
    mutating func set(_ content: UInt32, width characterWidth: Int, x: Int, y: Int, style: Style) {
        let wide = characterWidth == 2
        if wide && x + 1 >= width {
            // A wide character cannot hang over the right edge.
            set(0x20, width: 1, x: x, y: y, style: style)
            return
        }
        let index = y * width + x
        breakWideCharacter(at: index, x: x)
        if wide { breakWideCharacter(at: index + 1, x: x + 1) }
        cells[index] = _StoredCell(content: content, style: style, width: wide ? 2 : 1)
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
        let blank = _StoredCell.blank(style)
        for y in top..<bottom {
            breakWideCharacter(at: y * width + left, x: left)
            breakWideCharacter(at: y * width + right - 1, x: right - 1)
            for x in left..<right { cells[y * width + x] = blank }
        }
    }

    /// Blanks row `y` in `style`.
    public mutating func clear(row y: Int, style: Style = .plain) {
        fill(Rect(x: 0, y: y, width: width, height: 1), style: style)
    }

    /// Blanks the whole buffer in `style`.
    public mutating func clear(style: Style = .plain) {
        let blank = _StoredCell.blank(style)
        for index in cells.indices { cells[index] = blank }
        clusters.removeAll()
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
                line.append(character(of: cells[y * width + x]))
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
            (.bold, "bold"), (.dim, "dim"), (.underline, "underline"), (.reverse, "reverse"), (.italic, "italic"),
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

extension CellBuffer {
    /// A buffer holding exactly `cells`, row by row (for tests and tools that build screens
    /// cell by cell).
    init(width: Int, height: Int, cells: [Cell]) {
        self.init(width: width, height: height)
        for (index, cell) in cells.prefix(self.cells.count).enumerated() {
            let scalars = cell.character.unicodeScalars
            var content = scalars.first?.value ?? 0x20
            if scalars.count > 1 {
                content = _StoredCell.clusterFlag | UInt32(clusters.count)
                clusters.append(String(cell.character))
            }
            self.cells[index] = _StoredCell(content: content, style: cell.style, width: cell.width)
        }
    }
}
