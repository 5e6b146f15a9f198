/// A rectangle of cells, for laying out views: split off rows at the top or bottom, inset.
@frozen
public struct Rect: Hashable, Sendable {
    /// The left column.
    public var x: Int
    /// The top row.
    public var y: Int
    /// The number of columns (never negative).
    public var width: Int
    /// The number of rows (never negative).
    public var height: Int

    /// A rectangle; negative sizes count as 0.
    @inlinable
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The rectangle covering a whole screen of `size`.
    @inlinable
    public init(_ size: TerminalSize) {
        self.init(x: 0, y: 0, width: size.width, height: size.height)
    }

    /// Whether the rectangle has no cells.
    @inlinable
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The row just below the rectangle.
    @inlinable
    public var maxY: Int { y + height }

    /// The column just right of the rectangle.
    @inlinable
    public var maxX: Int { x + width }

    /// Splits off up to `rows` rows at the top: the top part and the rest.
    @inlinable
    public func splitTop(_ rows: Int) -> (top: Rect, rest: Rect) {
        let taken = min(max(rows, 0), height)
        return (
            Rect(x: x, y: y, width: width, height: taken),
            Rect(x: x, y: y + taken, width: width, height: height - taken)
        )
    }

    /// Splits off up to `rows` rows at the bottom: the rest and the bottom part.
    @inlinable
    public func splitBottom(_ rows: Int) -> (rest: Rect, bottom: Rect) {
        let taken = min(max(rows, 0), height)
        return (
            Rect(x: x, y: y, width: width, height: height - taken),
            Rect(x: x, y: y + height - taken, width: width, height: taken)
        )
    }

    /// The rectangle shrunk by `horizontal` columns on each side and `vertical` rows at top and
    /// bottom.
    @inlinable
    public func inset(horizontal: Int = 0, vertical: Int = 0) -> Rect {
        Rect(x: x + horizontal, y: y + vertical, width: width - 2 * horizontal, height: height - 2 * vertical)
    }

    /// The y coordinates of the rectangle's rows, top to bottom.
    @inlinable
    public var rows: Range<Int> { y..<maxY }
}
