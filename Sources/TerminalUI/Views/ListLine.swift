/// One row of a list as drawn: a mark, the text, and a note on the right.
public struct ListLine: Hashable, Sendable {
    /// How a row stands out.
    public enum Emphasis: Hashable, Sendable {
        /// Plain.
        case normal
        /// Done or read: dimmed.
        case muted
        /// New or unread: bold.
        case strong
        /// Something is wrong with it: red.
        case failed
        /// It needs attention soon: yellow.
        case attention
    }

    /// A short mark before the text, such as `[x]` or `*`.
    public var mark: String
    /// The row's text (sanitized when drawn).
    public var text: String
    /// A note against the right edge, such as a due day or a count.
    public var note: String
    /// What the note says in fewer columns (`in 3d` for `due in 3d · 2026-12-02`), drawn
    /// instead of ``note`` when the row has no room for all of it; empty when there is none.
    public var shortNote: String
    /// How the row stands out.
    public var emphasis: Emphasis

    /// Creates a row.
    public init(
        mark: String = "", text: String, note: String = "", shortNote: String = "", emphasis: Emphasis = .normal
    ) {
        self.mark = mark
        self.text = text
        self.note = note
        self.shortNote = shortNote
        self.emphasis = emphasis
    }
}

/// The rows of a list that fit on screen, where they sit in the whole list, and the selection.
public struct ListWindow: Hashable, Sendable {
    /// The rows shown, from ``offset`` on.
    public var lines: [ListLine]
    /// The index in the whole list of the first row shown.
    public var offset: Int
    /// How many rows the whole list has.
    public var totalCount: Int
    /// The index in the whole list of the selected row, if any.
    public var selected: Int?
    /// What to say when the list is empty.
    public var emptyText: String

    /// Creates a window.
    public init(
        lines: [ListLine], offset: Int = 0, totalCount: Int? = nil, selected: Int? = nil, emptyText: String = ""
    ) {
        self.lines = lines
        self.offset = offset
        self.totalCount = totalCount ?? lines.count
        self.selected = selected
        self.emptyText = emptyText
    }

    static let selectedStyle = Style(attributes: .reverse)

    /// Draws the rows into `rect`, one a line, the selected one highlighted; a scroll position
    /// shows on the last column when the list is longer than the rectangle.
    public func draw(into buffer: inout CellBuffer, in rect: Rect) {
        buffer.fill(rect)
        guard !rect.isEmpty else { return }
        if totalCount == 0 {
            buffer.put(
                emptyText, x: rect.x + 2, y: rect.y + min(1, rect.height - 1), style: .dim, maxWidth: rect.width - 2)
            return
        }
        let scrolls = totalCount > rect.height
        let textWidth = scrolls ? rect.width - 1 : rect.width
        for (index, line) in lines.prefix(rect.height).enumerated() {
            let y = rect.y + index
            let isSelected = selected == offset + index
            draw(line, into: &buffer, x: rect.x, y: y, width: textWidth, isSelected: isSelected)
        }
        if scrolls { drawScrollMark(into: &buffer, in: rect) }
    }

    private func draw(_ line: ListLine, into buffer: inout CellBuffer, x: Int, y: Int, width: Int, isSelected: Bool) {
        var style: Style =
            switch line.emphasis {
            case .normal: .plain
            case .muted: .dim
            case .strong: .bold
            case .failed: Style(foreground: .red)
            case .attention: Style(foreground: .yellow)
            }
        // Only the drawn text takes the row's emphasis, so a row that changes state rewrites its
        // text, not its blank columns.
        let rowStyle: Style = isSelected ? Self.selectedStyle : .plain
        if isSelected { style.attributes.insert(.reverse) }
        buffer.fill(Rect(x: x, y: y, width: width, height: 1), style: rowStyle)
        var column = x + buffer.put(isSelected ? "> " : "  ", x: x, y: y, style: rowStyle, maxWidth: width)
        // Mark, note and text come from data: escape sequences go whole, not as visible debris.
        let mark = TextSanitizer.sanitize(line.mark, fittingWidth: width)
        if !mark.isEmpty {
            column += buffer.put(mark, x: column, y: y, style: style, maxWidth: x + width - column)
            column += buffer.put(" ", x: column, y: y, style: rowStyle, maxWidth: x + width - column)
        }
        var textRoom = x + width - column
        let text = TextSanitizer.sanitize(line.text, fittingWidth: textRoom)
        // A note too long for the row (an error message, or counts in a narrow terminal) is
        // shortened with "…", never dropped: it leaves the text at least a third of the row, or
        // all of it when the text is shorter.
        var note = TextSanitizer.sanitize(line.note, fittingWidth: width)
        let textMinimum = min(DisplayWidth.of(text), textRoom / 3)
        if DisplayWidth.of(note) + 2 > textRoom - textMinimum, !line.shortNote.isEmpty {
            note = TextSanitizer.sanitize(line.shortNote, fittingWidth: width)
        }
        if DisplayWidth.of(note) + 2 > textRoom - textMinimum {
            note = DisplayWidth.truncate(note, toWidth: textRoom - 3 - textMinimum)
        }
        let noteWidth = DisplayWidth.of(note)
        if noteWidth > 0, note != "…" {
            buffer.put(note, x: x + width - noteWidth - 1, y: y, style: style)
            textRoom -= noteWidth + 2
        }
        buffer.put(text, x: column, y: y, style: style, maxWidth: textRoom)
    }

    private func drawScrollMark(into buffer: inout CellBuffer, in rect: Rect) {
        let x = rect.maxX - 1
        for y in rect.rows { buffer.put("│", x: x, y: y, style: .dim) }
        let track = max(rect.height - 1, 1)
        let last = max(totalCount - rect.height, 1)
        let position = rect.y + min(track, offset * track / last)
        buffer.put("█", x: x, y: position, style: .dim)
    }
}

/// Keeps a selection visible: the first row to show for a list of `count` rows in `height`
/// lines, moving as little as possible from `previous`.
public enum ListScroll {
    /// The offset that shows `selected` in a window of `height` rows.
    public static func offset(selected: Int, previous: Int, height: Int, count: Int) -> Int {
        guard height > 0, count > height else { return 0 }
        var offset = min(max(previous, 0), count - height)
        if selected < offset { offset = selected }
        if selected >= offset + height { offset = selected - height + 1 }
        return min(max(offset, 0), count - height)
    }

    /// The selection after moving by `delta` rows (clamped to the list), or `nil` for an empty list.
    public static func move(_ selected: Int?, by delta: Int, count: Int) -> Int? {
        guard count > 0 else { return nil }
        return min(max((selected ?? 0) + delta, 0), count - 1)
    }
}
