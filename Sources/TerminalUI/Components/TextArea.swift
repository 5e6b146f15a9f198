/// Several lines of text being typed, with a cursor, scrolled to keep the cursor in view.
///
/// With ``wrapsLines`` (the default) a line longer than ``width`` continues on the next row,
/// broken after a space so that words stay whole (a word wider than the area is broken between
/// characters; spaces at a break hang past the edge instead of starting the next row); without
/// it, the view scrolls sideways. Up and down move between
/// rows as drawn, keeping the cursor's column as the user last chose it; Enter starts a new
/// line; Home/End and Ctrl-A/E go to the start and end of the line, Ctrl-U and Ctrl-K delete
/// before and after the cursor on its line, PgUp/PgDn move by ``height`` rows. Words are edited
/// as in ``TextField``: Alt-B/F (or Alt/Ctrl with the arrows) move by a word, Ctrl-W and
/// Alt-Backspace delete the word before the cursor, Alt-D the word after it; a word is a run of
/// characters other than spaces and line breaks.
///
/// A front end that keeps the text elsewhere (a view model's) rebuilds the area for each key
/// from the text, ``cursorOffset`` and ``restoreView(scrollRow:scrollColumn:goalColumn:)``.
///
/// The area holds at most ``maximumLength`` characters (line breaks count as one). Pasted
/// text is sanitized (escape sequences removed whole, tabs as spaces, line breaks kept); typed
/// control characters are ignored.
///
/// ```swift
/// var notes = TextArea(text: "Milk\nEggs", width: 40, height: 5)
/// _ = notes.handle(.key(Key(.enter)))
/// _ = notes.handle(.paste("Bread"))
/// notes.text                        // "Milk\nEggs\nBread"
/// notes.draw(into: &buffer, in: Rect(x: 0, y: 2, width: 40, height: 5))
/// ```
public struct TextArea: TextEditing, Hashable, Sendable {
    /// A place in the text: a line and a character index within it.
    public struct Position: Hashable, Sendable {
        /// The line, from 0.
        public var line: Int
        /// The character index within the line, `0...lineLength`.
        public var column: Int

        /// A position.
        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    /// One row as drawn: a line, or the part of it that fits on a row when lines wrap.
    struct Row: Hashable {
        var line: Int
        var start: Int
        var end: Int
    }

    /// The lines; never empty (an empty text is one empty line).
    private var storage: [[Character]] = [[]]
    /// Where the cursor is.
    public private(set) var cursor = Position(line: 0, column: 0)
    /// The first row shown (a row as drawn, so with wrapping a long line counts several).
    public private(set) var scrollRow = 0
    /// The columns scrolled off the left edge when lines do not wrap.
    public private(set) var scrollColumn = 0
    /// The column up and down aim for, kept while they are pressed in a row.
    public private(set) var goalColumn: Int?
    /// The most characters the area holds, line breaks included.
    public let maximumLength: Int
    /// Whether the last key or paste did not fit whole (see ``TextEditing/overflowed``). Like
    /// the cursor, it takes part in equality.
    public private(set) var overflowed = false
    /// The columns the area is drawn in (0: not known yet, nothing wraps or scrolls sideways).
    public var width: Int {
        didSet { keepCursorVisible() }
    }
    /// The rows the area is drawn in (0: not known yet, nothing scrolls).
    public var height: Int {
        didSet { keepCursorVisible() }
    }
    /// Whether a line longer than ``width`` continues on the next row (otherwise the view
    /// scrolls sideways).
    public var wrapsLines: Bool {
        didSet { keepCursorVisible() }
    }

    /// An area holding `text` (sanitized, cut to `maximumLength`), the cursor at its end.
    public init(
        text: String = "", maximumLength: Int = 65_536, width: Int = 0, height: Int = 0, wrapsLines: Bool = true
    ) {
        self.maximumLength = max(maximumLength, 0)
        self.width = max(width, 0)
        self.height = max(height, 0)
        self.wrapsLines = wrapsLines
        insert(text)
    }

    /// The text, lines joined by `"\n"`. Setting it replaces the text and puts the cursor at
    /// its end.
    public var text: String {
        get { storage.map { String($0) }.joined(separator: "\n") }
        set {
            storage = [[]]
            cursor = Position(line: 0, column: 0)
            scrollRow = 0
            scrollColumn = 0
            goalColumn = nil
            insert(newValue)
        }
    }

    /// The lines of the text.
    public var lines: [String] { storage.map { String($0) } }

    /// How many characters the area holds, line breaks included.
    public var characterCount: Int { storage.reduce(storage.count - 1) { $0 + $1.count } }

    /// Applies an editing key; returns whether it was one. Escape and Tab are not.
    public mutating func handle(_ key: Key) -> Bool {
        overflowed = false
        let modifiers = key.modifiers.subtracting(.shift)
        var keepsGoal = false
        switch (key.code, modifiers) {
        case (.character(let character), []): insert(character)
        case (.enter, []): insert("\n")
        case (.up, []):
            moveVertically(by: -1)
            keepsGoal = true
        case (.down, []):
            moveVertically(by: 1)
            keepsGoal = true
        case (.pageUp, []):
            moveVertically(by: -max(height, 1))
            keepsGoal = true
        case (.pageDown, []):
            moveVertically(by: max(height, 1))
            keepsGoal = true
        case (.left, []), (.character("b"), .control): moveLeft()
        case (.right, []), (.character("f"), .control): moveRight()
        case (.character("b"), .alt), (.left, .alt), (.left, .control):
            moveCursor(toOffset: Array(text).wordStart(before: cursorOffset))
        case (.character("f"), .alt), (.right, .alt), (.right, .control):
            moveCursor(toOffset: Array(text).wordEnd(after: cursorOffset))
        case (.character("w"), .control), (.backspace, .alt):
            deleteOffsets(Array(text).wordStart(before: cursorOffset)..<cursorOffset)
        case (.character("d"), .alt): deleteOffsets(cursorOffset..<Array(text).wordEnd(after: cursorOffset))
        case (.home, []), (.character("a"), .control): cursor.column = 0
        case (.end, []), (.character("e"), .control): cursor.column = storage[cursor.line].count
        case (.backspace, []), (.character("h"), .control): deleteBackward()
        case (.delete, []), (.character("d"), .control): deleteForward()
        case (.character("u"), .control):
            storage[cursor.line].removeSubrange(0..<cursor.column)
            cursor.column = 0
        case (.character("k"), .control):
            if cursor.column == storage[cursor.line].count {
                deleteForward()
            } else {
                storage[cursor.line].removeSubrange(cursor.column...)
            }
        default: return false
        }
        if !keepsGoal { goalColumn = nil }
        keepCursorVisible()
        return true
    }

    /// The cursor's place counted in characters from the start of the text, a line break
    /// counting one: the place in ``text``.
    public var cursorOffset: Int {
        storage[..<cursor.line].reduce(cursor.line) { $0 + $1.count } + cursor.column
    }

    /// Puts the cursor before the character at `offset` in ``text`` (clamped to the text).
    public mutating func moveCursor(toOffset offset: Int) {
        var remaining = max(offset, 0)
        var line = 0
        while line < storage.count - 1, remaining > storage[line].count {
            remaining -= storage[line].count + 1
            line += 1
        }
        cursor = Position(line: line, column: min(remaining, storage[line].count))
        goalColumn = nil
        keepCursorVisible()
    }

    /// Scrolls to `scrollRow` and `scrollColumn` (as far as keeps the cursor in view) and aims
    /// up and down at `goalColumn`: the view a front end kept from the area of the last key.
    public mutating func restoreView(scrollRow: Int, scrollColumn: Int, goalColumn: Int?) {
        self.scrollRow = max(scrollRow, 0)
        self.scrollColumn = max(scrollColumn, 0)
        self.goalColumn = goalColumn
        keepCursorVisible()
    }

    /// Whether the cursor is on the first row as drawn: up has nowhere to go.
    public var isCursorOnFirstRow: Bool { cursorPlace(in: layout(width: width)).row == 0 }

    /// Whether the cursor is on the last row as drawn: down has nowhere to go.
    public var isCursorOnLastRow: Bool {
        let rows = layout(width: width)
        return cursorPlace(in: rows).row == rows.count - 1
    }

    /// Inserts text at the cursor as a paste does: sanitized, line breaks kept, cut to the room
    /// left.
    public mutating func insert(_ text: String) {
        let room = maximumLength - characterCount
        overflowed = false
        guard !text.isEmpty else { return }
        // Only what can fit is looked at, so a huge paste costs no more than a small one.
        let looked = text.prefix(max(room, 0) * 4 + 64)
        let clean = TextSanitizer.sanitize(String(looked), preservingNewlines: true)
        overflowed = clean.count > max(room, 0) || looked.endIndex < text.endIndex
        guard room > 0 else { return }
        let pieces = clean.prefix(room).split(separator: "\n", omittingEmptySubsequences: false)
        let start = cursor
        let tail = storage[cursor.line][cursor.column...]
        storage[cursor.line].removeSubrange(cursor.column...)
        for (index, piece) in pieces.enumerated() {
            if index > 0 {
                cursor.line += 1
                storage.insert([], at: cursor.line)
            }
            storage[cursor.line].append(contentsOf: piece)
        }
        cursor.column = storage[cursor.line].count
        storage[cursor.line].append(contentsOf: tail)
        // Where the paste meets the text, characters typed apart may join.
        if cursor.line == start.line {
            cursor.column = storage[start.line].regroupInsertion(start.column..<cursor.column)
        } else {
            _ = storage[start.line].regroupInsertion(start.column..<storage[start.line].count)
            cursor.column = storage[cursor.line].regroupInsertion(0..<cursor.column)
        }
        goalColumn = nil
        keepCursorVisible()
    }

    private mutating func insert(_ character: Character) {
        guard character.isSafeForTerminal else { return }
        guard characterCount < maximumLength else {
            overflowed = true
            return
        }
        storage[cursor.line].insert(character, at: cursor.column)
        cursor.column = storage[cursor.line].regroupInsertion(cursor.column..<cursor.column + 1)
    }

    private mutating func moveLeft() {
        if cursor.column > 0 {
            cursor.column -= 1
        } else if cursor.line > 0 {
            cursor.line -= 1
            cursor.column = storage[cursor.line].count
        }
    }

    private mutating func moveRight() {
        if cursor.column < storage[cursor.line].count {
            cursor.column += 1
        } else if cursor.line < storage.count - 1 {
            cursor.line += 1
            cursor.column = 0
        }
    }

    private mutating func deleteBackward() {
        if cursor.column > 0 {
            storage[cursor.line].remove(at: cursor.column - 1)
            cursor.column -= 1
        } else if cursor.line > 0 {
            let line = storage.remove(at: cursor.line)
            cursor.line -= 1
            cursor.column = storage[cursor.line].count
            storage[cursor.line].append(contentsOf: line)
        }
    }

    private mutating func deleteForward() {
        if cursor.column < storage[cursor.line].count {
            storage[cursor.line].remove(at: cursor.column)
        } else if cursor.line < storage.count - 1 {
            let next = storage.remove(at: cursor.line + 1)
            storage[cursor.line].append(contentsOf: next)
        }
    }

    /// Deletes the characters at `range` of ``text`` (line breaks among them) and puts the
    /// cursor where they were.
    private mutating func deleteOffsets(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        var characters = Array(text)
        characters.removeSubrange(range.clamped(to: 0..<characters.count))
        storage = characters.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
        moveCursor(toOffset: range.lowerBound)
    }

    /// Moves the cursor `delta` rows (as drawn) up or down, to the character nearest the goal
    /// column.
    private mutating func moveVertically(by delta: Int) {
        let rows = layout(width: width)
        let (current, x) = cursorPlace(in: rows)
        let goal = goalColumn ?? x
        goalColumn = goal
        let target = min(max(current + min(max(delta, -rows.count), rows.count), 0), rows.count - 1)
        guard target != current else { return }
        let row = rows[target]
        let line = storage[row.line]
        let isLastOfLine = target == rows.count - 1 || rows[target + 1].line != row.line
        // On a row that continues below, the end belongs to the next row.
        let limit = isLastOfLine ? row.end : max(row.end - 1, row.start)
        var column = row.start
        var used = 0
        while column < limit, used + DisplayWidth.of(line[column]) <= goal {
            used += DisplayWidth.of(line[column])
            column += 1
        }
        cursor = Position(line: row.line, column: column)
    }

    /// The rows as drawn in `columns` columns.
    func layout(width columns: Int) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(storage.count)
        for (index, line) in storage.enumerated() {
            guard wrapsLines, columns > 0 else {
                rows.append(Row(line: index, start: 0, end: line.count))
                continue
            }
            var start = 0
            var used = 0
            for (column, character) in line.enumerated() {
                let characterWidth = DisplayWidth.of(character)
                // A space past the edge hangs at the end of its row, so that no row starts with
                // the space that ended the word before it.
                while used + characterWidth > columns, column > start, character != " " {
                    // Break after the last space on the row, so that a word moves down whole; a
                    // word longer than the row breaks where it is.
                    let end = Self.wordBreak(in: line, from: start, before: column) ?? column
                    rows.append(Row(line: index, start: start, end: end))
                    used = DisplayWidth.of(String(line[end..<column]))
                    start = end
                }
                used += characterWidth
            }
            rows.append(Row(line: index, start: start, end: line.count))
            // A full last row leaves no room for the cursor at the line's end: it goes below.
            if used >= columns, !line.isEmpty { rows.append(Row(line: index, start: line.count, end: line.count)) }
        }
        return rows
    }

    /// Where a row from `start` that the character at `column` overflows ends: after the last
    /// space before `column`, or `nil` when the row holds no space to break after.
    private static func wordBreak(in line: [Character], from start: Int, before column: Int) -> Int? {
        var end = column
        while end > start + 1 {
            if line[end - 1] == " " { return end }
            end -= 1
        }
        return nil
    }

    /// The row the cursor is on and its column within the row (for a row that does not wrap,
    /// its column in the line).
    func cursorPlace(in rows: [Row]) -> (row: Int, x: Int) {
        var found = 0
        for (index, row) in rows.enumerated() {
            if row.line > cursor.line { break }
            if row.line == cursor.line, row.start <= cursor.column { found = index }
        }
        let row = rows[found]
        let x = DisplayWidth.of(String(storage[row.line][row.start..<cursor.column]))
        return (found, x)
    }

    private mutating func keepCursorVisible() {
        (scrollRow, scrollColumn) = viewport(width: width, height: height)
    }

    /// The first row and column to show in `columns` × `rows` cells so that the cursor is in
    /// view, moving as little as possible from the current scroll.
    func viewport(width columns: Int, height rowCount: Int) -> (row: Int, column: Int) {
        let rows = layout(width: columns)
        let (row, x) = cursorPlace(in: rows)
        var top = 0
        if rowCount > 0 {
            top = min(max(scrollRow, 0), max(rows.count - rowCount, 0))
            if row < top { top = row }
            if row >= top + rowCount { top = row - rowCount + 1 }
        }
        var left = 0
        if !wrapsLines, columns > 0 {
            let line = storage[cursor.line]
            let cursorWidth = cursor.column < line.count ? max(DisplayWidth.of(line[cursor.column]), 1) : 1
            left = max(scrollColumn, 0)
            if x < left { left = x }
            if x + cursorWidth > left + columns { left = x + cursorWidth - columns }
        }
        return (top, left)
    }

    /// Draws the rows in view into `rect` in `style`, the cursor as the character under it in
    /// `cursorStyle` (when `showsCursor`). The rest of `rect` is filled with `style`.
    public func draw(
        into buffer: inout CellBuffer, in rect: Rect, style: Style = .plain, cursorStyle: Style = .reverse,
        showsCursor: Bool = true
    ) {
        buffer.fill(rect, style: style)
        guard !rect.isEmpty else { return }
        let rows = layout(width: rect.width)
        let (top, left) = viewport(width: rect.width, height: rect.height)
        let (cursorRow, cursorX) = cursorPlace(in: rows)
        for (offset, row) in rows.dropFirst(top).prefix(rect.height).enumerated() {
            let y = rect.y + offset
            let line = storage[row.line]
            var column = 0
            for character in line[row.start..<row.end] {
                let characterWidth = DisplayWidth.of(character)
                defer { column += characterWidth }
                if column < left { continue }
                let x = rect.x + column - left
                if x + characterWidth > rect.maxX { break }
                buffer.put(String(character), x: x, y: y, style: style)
            }
            guard showsCursor, top + offset == cursorRow else { continue }
            var x = rect.x + cursorX - left
            var under = cursor.column < row.end ? line[cursor.column] : " "
            if wrapsLines, x >= rect.maxX, rect.width > 0 {
                // On a space hanging past the edge: the cursor shows in the last column, over
                // what is drawn there.
                x = rect.maxX - 1
                // The right half of a wide character: the cursor takes the whole character.
                if buffer[x, y].isContinuation, x > rect.x { x -= 1 }
                under = buffer[x, y].character
            }
            guard x >= rect.x, x < rect.maxX else { continue }
            let fits = DisplayWidth.of(under) >= 1 && x + DisplayWidth.of(under) <= rect.maxX
            buffer.put(fits ? String(under) : " ", x: x, y: y, style: cursorStyle)
        }
    }
}
