/// A single line of text being typed, with a cursor, scrolled sideways to keep the cursor in
/// view.
///
/// Keys edit it the way shells do: Ctrl-A/E (or Home/End) go to the start and end, Ctrl-B/F
/// and the arrows move by a character, Alt-B/F (or Alt/Ctrl with the arrows) by a word,
/// Ctrl-U and Ctrl-K delete before and after the cursor, Ctrl-W and Alt-Backspace the word
/// before it, Alt-D the word after it, Ctrl-D and Delete the character under it. A word is a
/// run of characters other than spaces. Enter and Escape are left to the caller.
///
/// The field holds at most ``maximumLength`` characters: typing or pasting past it keeps what
/// fits. Pasted text is sanitized (escape sequences removed whole), its line breaks and tabs
/// become spaces; typed control characters are ignored, so the field never holds one.
///
/// ```swift
/// var field = TextField(placeholder: "New note", width: 30)
/// _ = field.handle(.key(.character("h")))
/// _ = field.handle(.paste("i there\n"))
/// field.text                                  // "hi there"
/// field.draw(into: &buffer, in: Rect(x: 2, y: 5, width: 30, height: 1))
/// ```
public struct TextField: TextEditing, Hashable, Sendable {
    /// The characters typed so far.
    public private(set) var characters: [Character]
    /// The cursor's place, `0...characters.count`: before the character at that index.
    public private(set) var cursor: Int
    /// The index of the first character shown.
    public private(set) var scrollOffset: Int
    /// Shown, dimmed, while the field is empty.
    public var placeholder: String
    /// The most characters the field holds.
    public let maximumLength: Int
    /// Whether the last key or paste did not fit whole (see ``TextEditing/overflowed``). Like
    /// the cursor, it takes part in equality.
    public private(set) var overflowed = false
    /// The columns the field is drawn in; the scroll keeps the cursor within them. 0 means
    /// not known yet: nothing scrolls until it is set.
    public var width: Int {
        didSet { keepCursorVisible() }
    }

    /// A field holding `text` (sanitized, cut to `maximumLength`), the cursor at its end.
    public init(text: String = "", placeholder: String = "", maximumLength: Int = 4_096, width: Int = 0) {
        self.characters = []
        self.cursor = 0
        self.scrollOffset = 0
        self.placeholder = placeholder
        self.maximumLength = max(maximumLength, 0)
        self.width = max(width, 0)
        insert(text)
    }

    /// The text. Setting it replaces the text (sanitized and cut to ``maximumLength``) and puts
    /// the cursor at its end.
    public var text: String {
        get { String(characters) }
        set {
            characters.removeAll()
            cursor = 0
            scrollOffset = 0
            insert(newValue)
        }
    }

    /// Whether the field holds no text.
    public var isEmpty: Bool { characters.isEmpty }

    /// Applies an editing key; returns whether it was one. Enter, Escape and Tab are not.
    public mutating func handle(_ key: Key) -> Bool {
        overflowed = false
        let modifiers = key.modifiers.subtracting(.shift)
        switch (key.code, modifiers) {
        case (.character(let character), []): insert(character)
        case (.character("a"), .control), (.home, []): cursor = 0
        case (.character("e"), .control), (.end, []): cursor = characters.count
        case (.character("b"), .control), (.left, []): cursor = max(cursor - 1, 0)
        case (.character("f"), .control), (.right, []): cursor = min(cursor + 1, characters.count)
        case (.character("b"), .alt), (.left, .alt), (.left, .control): cursor = characters.wordStart(before: cursor)
        case (.character("f"), .alt), (.right, .alt), (.right, .control): cursor = characters.wordEnd(after: cursor)
        case (.character("u"), .control): delete(0..<cursor)
        case (.character("k"), .control): delete(cursor..<characters.count)
        case (.character("w"), .control), (.backspace, .alt): delete(characters.wordStart(before: cursor)..<cursor)
        case (.character("d"), .alt): delete(cursor..<characters.wordEnd(after: cursor))
        case (.character("h"), .control), (.backspace, []): delete(max(cursor - 1, 0)..<cursor)
        case (.character("d"), .control), (.delete, []): delete(cursor..<min(cursor + 1, characters.count))
        default: return false
        }
        keepCursorVisible()
        return true
    }

    /// Puts the cursor before the character at `index` (clamped to the text): for a field
    /// rebuilt from text and a cursor kept elsewhere, such as a view model's.
    public mutating func moveCursor(to index: Int) {
        cursor = min(max(index, 0), characters.count)
        keepCursorVisible()
    }

    /// Inserts text at the cursor as a paste does: sanitized, line breaks joined by spaces, cut
    /// to the room left.
    public mutating func insert(_ text: String) {
        let room = maximumLength - characters.count
        overflowed = false
        guard !text.isEmpty else { return }
        // Only what can fit is looked at (escape sequences leave fewer characters than they
        // take), so a huge paste costs no more than a small one.
        let looked = text.prefix(max(room, 0) * 4 + 64)
        var clean = TextSanitizer.sanitize(String(looked), preservingNewlines: true)
        while clean.last == "\n" { clean.removeLast() }
        overflowed = clean.count > max(room, 0) || looked.endIndex < text.endIndex
        guard room > 0 else { return }
        let inserted = clean.prefix(room).map { $0 == "\n" ? " " : $0 }
        characters.insert(contentsOf: inserted, at: cursor)
        cursor = characters.regroupInsertion(cursor..<cursor + inserted.count)
        keepCursorVisible()
    }

    private mutating func insert(_ character: Character) {
        guard character.isSafeForTerminal else { return }
        guard characters.count < maximumLength else {
            overflowed = true
            return
        }
        characters.insert(character, at: cursor)
        cursor = characters.regroupInsertion(cursor..<cursor + 1)
    }

    private mutating func delete(_ range: Range<Int>) {
        characters.removeSubrange(range)
        cursor = range.lowerBound
    }

    private mutating func keepCursorVisible() {
        scrollOffset = Self.scrollOffset(for: characters, cursor: cursor, previous: scrollOffset, width: width)
    }

    /// The first character to show in `columns` columns so that the cursor (and the character
    /// under it, whole) is in view, moving as little as possible from `previous`; when the text
    /// from there on leaves room at the end, earlier text is brought back into it.
    static func scrollOffset(for characters: [Character], cursor: Int, previous: Int, width columns: Int) -> Int {
        guard columns > 0 else { return 0 }
        var start = min(max(previous, 0), cursor)
        let cursorWidth = cursor < characters.count ? max(DisplayWidth.of(characters[cursor]), 1) : 1
        var used = 0
        for index in start..<cursor { used += DisplayWidth.of(characters[index]) }
        while start < cursor, used + cursorWidth > columns {
            used -= DisplayWidth.of(characters[start])
            start += 1
        }
        // Bring text back from the left when the text from `start` on, with a cell for the cursor
        // at its end, leaves columns unused (after a deletion, or in a wider field).
        var shown = 1
        for index in start..<characters.count { shown += DisplayWidth.of(characters[index]) }
        while start > 0, shown + DisplayWidth.of(characters[start - 1]) <= columns {
            start -= 1
            shown += DisplayWidth.of(characters[start])
        }
        return start
    }

    /// Draws the field on the first row of `rect`: the text in view in `style`, the cursor as
    /// the character under it in `cursorStyle` (when `showsCursor`), or the placeholder in
    /// `placeholderStyle` while empty. The rest of the row is filled with `style`.
    public func draw(
        into buffer: inout CellBuffer, in rect: Rect, style: Style = .plain, cursorStyle: Style = .reverse,
        placeholderStyle: Style = .dim, showsCursor: Bool = true
    ) {
        guard !rect.isEmpty else { return }
        let y = rect.y
        buffer.fill(Rect(x: rect.x, y: y, width: rect.width, height: 1), style: style)
        if characters.isEmpty, !placeholder.isEmpty {
            let shown = TextSanitizer.sanitize(placeholder, fittingWidth: rect.width)
            buffer.put(shown, x: rect.x, y: y, style: placeholderStyle, maxWidth: rect.width)
            if showsCursor, let first = shown.first {
                buffer.put(String(first), x: rect.x, y: y, style: cursorStyle.merging(placeholderStyle), maxWidth: 1)
            } else if showsCursor {
                buffer.put(" ", x: rect.x, y: y, style: cursorStyle)
            }
            return
        }
        let start =
            rect.width == width
            ? scrollOffset
            : Self.scrollOffset(for: characters, cursor: cursor, previous: scrollOffset, width: rect.width)
        var x = rect.x
        var index = start
        while index <= characters.count, x < rect.maxX {
            let isCursor = showsCursor && index == cursor
            guard index < characters.count else {
                if isCursor { buffer.put(" ", x: x, y: y, style: cursorStyle) }
                break
            }
            let character = characters[index]
            let characterWidth = DisplayWidth.of(character)
            if x + characterWidth > rect.maxX { break }
            if isCursor && characterWidth == 0 {
                // A lone combining mark under the cursor still needs a cell to show the cursor.
                x += buffer.put(" ", x: x, y: y, style: cursorStyle)
                index += 1
                continue
            }
            x += buffer.put(String(character), x: x, y: y, style: isCursor ? cursorStyle : style)
            index += 1
        }
    }
}

extension Style {
    /// This style with `other`'s attributes added and its colours where they are not default.
    func merging(_ other: Style) -> Style {
        Style(
            foreground: other.foreground == .default ? foreground : other.foreground,
            background: other.background == .default ? background : other.background,
            attributes: attributes.union(other.attributes))
    }
}
