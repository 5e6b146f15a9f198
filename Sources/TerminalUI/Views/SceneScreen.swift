/// A whole screen of a scene as a value: its chrome and its content. Rendering it is a pure
/// function of the value and the size, so every scene can be snapshot-tested without a terminal.
///
/// ```swift
/// let screen = SceneScreen(
///     chrome: SceneChrome(title: "Habits", hints: [KeyHint("a", "add")]),
///     content: .list(header: nil, window: ListWindow(lines: [ListLine(mark: "[ ]", text: "Read")])))
/// let buffer = screen.render(size: TerminalSize(width: 80, height: 24))
/// ```
public struct SceneScreen: Hashable, Sendable {
    /// What a scene shows between its title bar and its status line.
    public enum Content: Hashable, Sendable {
        /// A list, with an optional line above it (filter, order, search).
        case list(header: String?, window: ListWindow)
        /// Fields being edited.
        case form(FormContent)
        /// A text to read.
        case reader(ReaderContent)
    }

    /// The title bar, prompt, status line and help overlay.
    public var chrome: SceneChrome
    /// The scene's own content.
    public var content: Content

    /// Creates a screen.
    public init(chrome: SceneChrome, content: Content) {
        self.chrome = chrome
        self.content = content
    }

    /// How many rows a list under `chrome` shows in a terminal of `size`, with a header line
    /// above it or not: the height to give ``ListScroll`` and the window's query.
    public static func listHeight(chrome: SceneChrome, hasHeader: Bool, size: TerminalSize) -> Int {
        let area = chrome.contentArea(for: size)
        return hasHeader && area.height > 1 ? area.height - 1 : area.height
    }

    /// Draws the screen at `size`.
    public func render(size: TerminalSize) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        render(into: &buffer)
        return buffer
    }

    /// Draws the screen over the whole of `buffer`.
    public func render(into buffer: inout CellBuffer) {
        let body = chrome.draw(into: &buffer)
        switch content {
        case .list(let header, let window):
            var rect = body
            if let header, rect.height > 1 {
                let (top, rest) = rect.splitTop(1)
                buffer.fill(top)
                let shown = TextSanitizer.sanitize(header, fittingWidth: top.width)
                buffer.put(" " + shown, x: top.x, y: top.y, style: .dim, maxWidth: top.width)
                rect = rest
            }
            window.draw(into: &buffer, in: rect)
        case .form(let form):
            form.draw(into: &buffer, in: body)
        case .reader(let reader):
            reader.draw(into: &buffer, in: body)
        }
        chrome.drawOverlay(into: &buffer)
    }
}

/// Fields being edited, one below the other, one of them focused.
public struct FormContent: Hashable, Sendable {
    /// One field.
    public struct Field: Hashable, Sendable {
        /// Its label.
        public var label: String
        /// Its text.
        public var text: String
        /// What is wrong with it, if anything: drawn in red under it, wrapped to the width.
        public var problem: String?
        /// What the text means, when it is fine (a date typed in words, as a day): drawn dimmed
        /// under it.
        public var note: String?
        /// For a field of several lines: the area drawn in its place, ``TextArea/height`` rows
        /// high (its text is the field's; ``text`` is not drawn).
        public var area: TextArea?

        /// Creates a field of one line.
        public init(label: String, text: String, problem: String? = nil, note: String? = nil) {
            self.label = label
            self.text = text
            self.problem = problem
            self.note = note
            self.area = nil
        }

        /// Creates a field of several lines, drawn as `area`.
        public init(label: String, area: TextArea, problem: String? = nil) {
            self.label = label
            self.text = area.text
            self.problem = problem
            self.note = nil
            self.area = area
        }
    }

    /// The fields, top to bottom.
    public var fields: [Field]
    /// The index of the focused field.
    public var focused: Int
    /// Where the cursor is in the focused field, in characters.
    public var cursor: Int

    /// Creates a form.
    public init(fields: [Field], focused: Int = 0, cursor: Int? = nil) {
        self.fields = fields
        self.focused = focused
        self.cursor = cursor ?? (fields.indices.contains(focused) ? fields[focused].text.count : 0)
    }

    /// The columns a field's text gets when the form fills `rect`: the width to give a
    /// ``TextArea`` field before drawing it.
    public func fieldWidth(in rect: Rect) -> Int {
        max(rect.maxX - fieldX(in: rect) - 1, 0)
    }

    /// The rows left for the fields drawn as areas when the form fills `rect` and every other
    /// row is drawn (one-line fields, problems and notes, the blank lines between fields): the
    /// most height to give their ``TextArea``s so that the fields after them stay on screen.
    public func roomForAreas(in rect: Rect) -> Int {
        let room = fieldWidth(in: rect)
        // The blank line above the first field, and one between each two.
        var used = fields.count
        for field in fields {
            if field.area == nil { used += 1 }
            if let problem = field.problem {
                used += TextWrap.lines(of: problem, width: room).count
            } else if field.note != nil {
                used += 1
            }
        }
        return max(rect.height - used, 0)
    }

    /// The column where the fields' text starts, after the longest label.
    private func fieldX(in rect: Rect) -> Int {
        rect.x + 3 + (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 1
    }

    func draw(into buffer: inout CellBuffer, in rect: Rect) {
        buffer.fill(rect)
        var y = rect.y + 1
        let x = fieldX(in: rect)
        let room = fieldWidth(in: rect)
        let fieldStyle = Style(attributes: .underline)
        for (index, field) in fields.enumerated() {
            guard y < rect.maxY else { return }
            let isFocused = index == focused
            buffer.put(field.label + ":", x: rect.x + 2, y: y, style: isFocused ? .bold : .plain)
            if let area = field.area {
                let height = min(max(area.height, 1), rect.maxY - y)
                area.draw(
                    into: &buffer, in: Rect(x: x, y: y, width: room, height: height), style: fieldStyle,
                    cursorStyle: Style(attributes: [.underline, .reverse]), showsCursor: isFocused)
                y += height
            } else {
                // Shows its start, scrolled sideways only as far as keeps the cursor in view: a
                // cursor moving right from the start moves over still text until the edge. A
                // field not focused shows its start.
                var line = TextField(text: field.text, maximumLength: field.text.count, width: room)
                line.moveCursor(to: 0)
                if isFocused { line.moveCursor(to: cursor) }
                line.draw(
                    into: &buffer, in: Rect(x: x, y: y, width: room, height: 1), style: fieldStyle,
                    cursorStyle: Style(attributes: [.underline, .reverse]), showsCursor: isFocused)
                y += 1
            }
            if let problem = field.problem {
                for line in TextWrap.lines(of: problem, width: room) where y < rect.maxY {
                    buffer.put(line, x: x, y: y, style: Style(foreground: .red))
                    y += 1
                }
            } else if let note = field.note, y < rect.maxY {
                buffer.put(note, x: x, y: y, style: Style(attributes: .dim), maxWidth: room)
                y += 1
            }
            y += 1
        }
    }
}

/// A text to read: a heading, a few lines about it, and the body wrapped to the width, each
/// wrapped line indented like the line it continues (see ``TextWrap/indentedLines(of:width:)``)
/// and each piece in its own style; a line of text that does not wrap keeps its columns.
public struct ReaderContent: Hashable, Sendable {
    /// The heading.
    public var heading: String
    /// Lines under the heading (date, link).
    public var meta: [String]
    /// The body; blank lines separate paragraphs, and a line's leading spaces, quote markers
    /// (`> `) and list marker (`• `, `1. `) indent its continuation lines.
    public var body: StyledText
    /// How many wrapped lines of the body are scrolled off the top.
    public var scroll: Int
    /// The body already wrapped, and the width it was wrapped to.
    private var wrapped: WrappedBody?

    /// A body wrapped once, so that measuring it and drawing it do not wrap it twice.
    private struct WrappedBody: Hashable, Sendable {
        let width: Int
        let lines: [StyledText]
    }

    /// Creates a reader of plain text.
    public init(heading: String, meta: [String] = [], body: String, scroll: Int = 0) {
        self.init(heading: heading, meta: meta, body: StyledText(body), scroll: scroll)
    }

    /// Creates a reader of styled text.
    public init(heading: String, meta: [String] = [], body: StyledText, scroll: Int = 0) {
        self.heading = heading
        self.meta = meta
        self.body = body
        self.scroll = scroll
    }

    /// Where the body goes when the reader fills `rect`: below the heading, the meta lines
    /// and a blank line, inside a margin of two columns. Its height is a page of the body.
    public func bodyRect(in rect: Rect) -> Rect {
        guard rect.width > 4 else { return Rect(x: rect.x, y: rect.y, width: 0, height: 0) }
        let top = min(rect.y + 2 + headingLines(width: rect.width - 4).count + meta.count, rect.maxY)
        return Rect(x: rect.x + 2, y: top, width: rect.width - 4, height: rect.maxY - top)
    }

    /// The most lines a heading wraps to; a longer one ends its last line with an ellipsis.
    public static let maximumHeadingLines = 3

    /// The heading wrapped to `width` columns, at most ``maximumHeadingLines`` lines of it.
    func headingLines(width: Int) -> [String] {
        let lines = TextWrap.lines(of: TextSanitizer.sanitize(heading), width: width)
        guard lines.count > Self.maximumHeadingLines else { return lines.isEmpty ? [""] : lines }
        // The last line holds the rest: drawing it cuts it with an ellipsis.
        let last = Self.maximumHeadingLines - 1
        return Array(lines.prefix(last)) + [lines[last...].joined(separator: " ")]
    }

    /// The body wrapped to `width` columns, as the reader draws it: the text to scroll through.
    /// A heading too long for ``maximumHeadingLines`` starts the body whole, so scrolling
    /// reaches all of it.
    public func bodyLines(width: Int) -> [StyledText] {
        if let wrapped, wrapped.width == width { return wrapped.lines }
        let lines = TextWrap.indentedLines(of: body.sanitized(preservingNewlines: true), width: width)
        let heading = TextWrap.lines(of: TextSanitizer.sanitize(heading), width: width)
        guard heading.count > Self.maximumHeadingLines else { return lines }
        return heading.map { StyledText($0, style: .bold) } + [StyledText("")] + lines
    }

    /// This reader with its body wrapped to `width` columns once, for ``bodyLines(width:)`` and
    /// drawing at that width to share (a long text costs one wrap a frame, not two).
    public func wrappingBody(toWidth width: Int) -> ReaderContent {
        var copy = self
        copy.wrapped = WrappedBody(width: width, lines: bodyLines(width: width))
        return copy
    }

    func draw(into buffer: inout CellBuffer, in rect: Rect) {
        buffer.fill(rect)
        guard rect.width > 4 else { return }
        var y = rect.y + 1
        let width = rect.width - 4
        for line in headingLines(width: width) where y < rect.maxY {
            buffer.put(line, x: rect.x + 2, y: y, style: .bold, maxWidth: width)
            y += 1
        }
        for line in meta where y < rect.maxY {
            buffer.put(
                TextSanitizer.sanitize(line, fittingWidth: width), x: rect.x + 2, y: y, style: .dim, maxWidth: width)
            y += 1
        }
        let body = bodyRect(in: rect)
        let lines = bodyLines(width: body.width)
        // Never past the end: the last page ends at the last line.
        let first = min(max(scroll, 0), max(lines.count - body.height, 0))
        for (row, line) in lines.dropFirst(first).prefix(max(body.height, 0)).enumerated() {
            line.draw(into: &buffer, x: body.x, y: body.y + row, maxWidth: body.width)
        }
    }
}

/// Word wrapping by display width.
public enum TextWrap {
    /// `text` wrapped to lines of at most `width` columns; words longer than a line are cut.
    public static func lines(of text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                var word = String(word)
                var wordWidth = DisplayWidth.of(word)
                if lineWidth > 0, lineWidth + 1 + wordWidth > width {
                    result.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > width {
                    var head = ""
                    var headWidth = 0
                    while let first = word.first, headWidth + DisplayWidth.of(first) <= width {
                        head.append(first)
                        headWidth += DisplayWidth.of(first)
                        word.removeFirst()
                    }
                    if head.isEmpty, let first = word.first {
                        head.append(first)
                        word.removeFirst()
                    }
                    result.append(head)
                    wordWidth = DisplayWidth.of(word)
                }
                if word.isEmpty { continue }
                if lineWidth > 0 {
                    line += " "
                    lineWidth += 1
                }
                line += word
                lineWidth += wordWidth
            }
            result.append(line)
        }
        return result
    }
}
