/// A selection over a list of any length, drawn a window at a time: only the rows on screen are
/// ever asked for, so a list of a million rows costs what its visible rows cost.
///
/// The value holds the row count, the selection, the first row shown and the window's height;
/// key handling moves the selection and keeps it in view. Rows come from a closure when drawing.
///
/// ```swift
/// var list = ListView(count: titles.count, height: 10)
/// _ = list.handle(Key(.down))       // the second row is selected
/// list.draw(into: &buffer, in: rect) { index in ListLine(text: titles[index]) }
/// ```
public struct ListView: Hashable, Sendable {
    /// How many rows the list has.
    public private(set) var count: Int
    /// The selected row, `nil` only when the list is empty.
    public private(set) var selected: Int?
    /// The first row shown.
    public private(set) var offset: Int
    /// How many rows the window shows (page keys move by this much).
    public private(set) var height: Int

    /// A list of `count` rows shown `height` at a time, `selected` (clamped) selected; the first
    /// row by default.
    public init(count: Int = 0, height: Int = 1, selected: Int = 0) {
        self.count = max(count, 0)
        self.height = max(height, 1)
        self.selected = nil
        self.offset = 0
        select(selected)
    }

    /// The rows shown, `offset..<offset + height` cut to the list.
    public var visibleRange: Range<Int> { offset..<min(offset + height, count) }

    /// Changes the row count (the list grew or shrank), keeping the selection in the list.
    public mutating func setCount(_ newCount: Int) {
        count = max(newCount, 0)
        select(selected ?? 0)
    }

    /// Changes the window's height (the screen was resized), keeping the selection in view.
    public mutating func setHeight(_ newHeight: Int) {
        height = max(newHeight, 1)
        select(selected ?? 0)
    }

    /// Selects row `index` (clamped to the list) and scrolls as little as needed to show it.
    public mutating func select(_ index: Int) {
        guard count > 0 else {
            selected = nil
            offset = 0
            return
        }
        let row = min(max(index, 0), count - 1)
        selected = row
        offset = ListScroll.offset(selected: row, previous: offset, height: height, count: count)
    }

    /// Moves the selection by `delta` rows, stopping at either end.
    public mutating func moveSelection(by delta: Int) {
        guard let selected else { return }
        // Clamp before adding so that a huge delta cannot overflow.
        select(selected + min(max(delta, -count), count))
    }

    /// Applies a navigation key: up/`k`, down/`j`, PgUp, PgDn, Home/`g`, End/`G`. Returns
    /// whether the key was one of them.
    public mutating func handle(_ key: Key) -> Bool {
        guard key.modifiers.isEmpty || key.modifiers == .shift else { return false }
        switch key.code {
        case .up, .character("k"): moveSelection(by: -1)
        case .down, .character("j"): moveSelection(by: 1)
        case .pageUp: moveSelection(by: -height)
        case .pageDown: moveSelection(by: height)
        case .home, .character("g"): select(0)
        case .end, .character("G"): select(count - 1)
        default: return false
        }
        return true
    }

    /// The first row shown in a window of `rows` rows: ``offset`` when `rows` is ``height``,
    /// otherwise the nearest offset that still shows the selection.
    public func offset(forHeight rows: Int) -> Int {
        guard rows != height else { return offset }
        return ListScroll.offset(selected: selected ?? 0, previous: offset, height: max(rows, 1), count: count)
    }

    /// Draws the rows visible in `rect`, one a line, the selected one highlighted, with a scroll
    /// mark on the last column when the list is longer than `rect`. `row` is called only for the
    /// rows shown; their text is sanitized as it is drawn.
    public func draw(
        into buffer: inout CellBuffer, in rect: Rect, emptyText: String = "", row: (Int) -> ListLine
    ) {
        let first = offset(forHeight: rect.height)
        let shown = first..<min(first + rect.height, count)
        let window = ListWindow(
            lines: shown.map(row), offset: first, totalCount: count, selected: selected, emptyText: emptyText)
        window.draw(into: &buffer, in: rect)
    }
}
