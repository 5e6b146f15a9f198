/// Rows of cells under a header, in columns of fixed, minimum or flexible width, with a
/// selected row; like ``ListView`` (which it uses), only the rows on screen are asked for.
///
/// Column widths are shared out the way ratatui's layout does it: fixed columns get their
/// width, minimum columns at least theirs, and what is left goes to the flexible columns by
/// weight (or, when there are none, equally to the minimum columns). When even the fixed and
/// minimum widths do not fit, columns on the right get less, down to nothing. A cell too wide for
/// its column is cut with `…`, by display width.
///
/// ```swift
/// var table = Table(
///     columns: [
///         Table.Column("Title", width: .flexible()),
///         Table.Column("Due", width: .fixed(10)),
///         Table.Column("Count", width: .minimum(5), alignment: .trailing),
///     ],
///     rowCount: items.count, height: 10)
/// _ = table.handle(Key(.down))
/// table.draw(into: &buffer, in: rect) { row in [items[row].title, items[row].due, "\(items[row].count)"] }
/// ```
public struct Table: Hashable, Sendable {
    /// How wide a column is.
    public enum Width: Hashable, Sendable {
        /// Exactly this many columns.
        case fixed(Int)
        /// At least this many columns, more when no column is flexible.
        case minimum(Int)
        /// A share of the columns left over, in proportion to `weight`.
        case flexible(weight: Int = 1)
    }

    /// Where a cell's text sits in its column.
    public enum Alignment: Hashable, Sendable {
        /// Against the left edge.
        case leading
        /// Against the right edge (numbers).
        case trailing
    }

    /// One column: its header title, width and alignment.
    public struct Column: Hashable, Sendable {
        /// The header.
        public var title: String
        /// How wide the column is.
        public var width: Width
        /// Where text sits in it.
        public var alignment: Alignment

        /// A column.
        public init(_ title: String, width: Width, alignment: Alignment = .leading) {
            self.title = title
            self.width = width
            self.alignment = alignment
        }
    }

    /// The columns, left to right.
    public var columns: [Column]
    /// The columns between two table columns.
    public var spacing: Int
    /// The rows, the selection and the rows in view (the header not counted).
    public var list: ListView

    /// A table of `rowCount` rows showing `height` of them under the header.
    public init(columns: [Column], rowCount: Int = 0, height: Int = 1, spacing: Int = 1) {
        self.columns = columns
        self.spacing = max(spacing, 0)
        self.list = ListView(count: rowCount, height: height)
    }

    /// Applies a navigation key to the rows (see ``ListView/handle(_:)``).
    public mutating func handle(_ key: Key) -> Bool { list.handle(key) }

    /// The width of each column in a table `width` columns wide.
    public func columnWidths(width: Int) -> [Int] {
        Self.columnWidths(columns.map(\.width), spacing: spacing, width: width)
    }

    /// The width of each column for `widths` in `width` columns, with `spacing` between them.
    public static func columnWidths(_ widths: [Width], spacing: Int, width: Int) -> [Int] {
        guard !widths.isEmpty else { return [] }
        let available = max(width - spacing * (widths.count - 1), 0)
        var result = widths.map { width -> Int in
            switch width {
            case .fixed(let columns), .minimum(let columns): max(columns, 0)
            case .flexible: 0
            }
        }
        let base = result.reduce(0, +)
        guard base < available else {
            // Not even the fixed widths fit: the columns on the left keep theirs.
            var left = available
            for index in result.indices {
                result[index] = min(result[index], left)
                left -= result[index]
            }
            return result
        }
        var leftover = available - base
        var weights = widths.map { width -> Int in
            if case .flexible(let weight) = width { return max(weight, 0) }
            return 0
        }
        if weights.allSatisfy({ $0 == 0 }) {
            weights = widths.map { width -> Int in
                if case .minimum = width { return 1 }
                return 0
            }
        }
        let totalWeight = weights.reduce(0, +)
        guard totalWeight > 0 else { return result }
        let share = leftover
        for index in result.indices {
            let extra = share * weights[index] / totalWeight
            result[index] += extra
            leftover -= extra
        }
        // What rounding left over goes one column each to the weighted columns, left first.
        for index in result.indices where leftover > 0 && weights[index] > 0 {
            result[index] += 1
            leftover -= 1
        }
        return result
    }

    /// The header's look by default: bold and underlined.
    public static let headerStyle = Style(attributes: [.bold, .underline])
    /// The selected row's look by default: reverse video.
    public static let selectedStyle = Style(attributes: .reverse)

    /// Draws the header on the first row of `rect` and the rows in view below it, the selected
    /// one highlighted. `row` gives a row's cells, left to right, and is called only for the
    /// rows shown; cells are sanitized and cut with `…` to their column.
    public func draw(
        into buffer: inout CellBuffer, in rect: Rect, headerStyle: Style = Table.headerStyle,
        selectedStyle: Style = Table.selectedStyle, row: (Int) -> [String]
    ) {
        buffer.fill(rect)
        guard !rect.isEmpty else { return }
        let widths = columnWidths(width: rect.width)
        let (header, body) = rect.splitTop(1)
        buffer.fill(header, style: headerStyle)
        drawCells(columns.map(\.title), widths: widths, into: &buffer, x: rect.x, y: header.y, style: headerStyle)
        let first = list.offset(forHeight: body.height)
        for index in first..<min(first + body.height, list.count) {
            let y = body.y + index - first
            let style = index == list.selected ? selectedStyle : .plain
            if index == list.selected { buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: style) }
            drawCells(row(index), widths: widths, into: &buffer, x: rect.x, y: y, style: style)
        }
    }

    private func drawCells(
        _ cells: [String], widths: [Int], into buffer: inout CellBuffer, x: Int, y: Int, style: Style
    ) {
        var left = x
        for (index, width) in widths.enumerated() {
            defer { left += width + spacing }
            guard width > 0, index < cells.count else { continue }
            let text = TextSanitizer.sanitize(cells[index], fittingWidth: width)
            var cellX = left
            if columns[index].alignment == .trailing {
                cellX += max(width - DisplayWidth.of(text), 0)
            }
            buffer.put(text, x: cellX, y: y, style: style, maxWidth: width)
        }
    }
}
