/// What every scene draws around its content: a title bar, a line for typing or confirming, a
/// status line with key hints, a spinner or an error, and the help overlay.
public struct SceneChrome: Hashable, Sendable {
    /// What the bottom line above the status line asks for, when it asks.
    public enum Prompt: Hashable, Sendable {
        /// A line of text being typed: the label, the text, and the cursor's place in characters.
        case input(label: String, text: String, cursor: Int)
        /// A yes-or-no question.
        case confirm(String)
    }

    /// The scene's name, after the app's.
    public var title: String
    /// Facts shown on the right of the title bar (counts, filter, order).
    public var info: String
    /// The keys the status line offers.
    public var hints: [KeyHint]
    /// An error, shown instead of the hints (and of ``message``) while set: the scene says how
    /// long (a scene usually drops it at the next key or after a few seconds). One too long
    /// for the status line wraps onto lines above it, up to a third of the screen.
    public var errorMessage: String?
    /// A neutral note on what just happened ("3 items archived"), shown instead of the hints
    /// while set; an error takes its place. It wraps as an error does.
    public var message: String?
    /// Whether work is running (a refresh, a load): the status line shows a spinner.
    public var isBusy: Bool
    /// A short word on the right of the status line while busy (for example "Refreshing: 1 of 3
    /// done").
    public var busyText: String
    /// Which frame of the spinner to draw.
    public var spinnerFrame: Int
    /// The input or confirmation line, if any.
    public var prompt: Prompt?
    /// The key map shown over the scene, when the help overlay is open.
    public var help: [KeyHint]?
    /// How many of ``help``'s bindings are scrolled off the top of the overlay.
    public var helpScroll = 0
    /// The keys that scroll the overlay, as it names them.
    public var helpScrollKeys = HelpOverlay.ScrollKeys()
    /// The application's name, shown before the title ("Name · Title"); empty shows the title
    /// alone.
    public var appName: String
    /// The colour of what stands out: the keys in the help overlay. A ``TerminalShell`` sets
    /// it from its ``SceneContext/accent``.
    public var accent = Color.cyan

    /// Creates chrome; by default no error, no spinner, no prompt, no help.
    public init(
        appName: String = "", title: String, info: String = "", hints: [KeyHint] = [], errorMessage: String? = nil,
        message: String? = nil, isBusy: Bool = false,
        busyText: String = "", spinnerFrame: Int = 0, prompt: Prompt? = nil, help: [KeyHint]? = nil
    ) {
        self.appName = appName
        self.title = title
        self.info = info
        self.hints = hints
        self.errorMessage = errorMessage
        self.message = message
        self.isBusy = isBusy
        self.busyText = busyText
        self.spinnerFrame = spinnerFrame
        self.prompt = prompt
        self.help = help
    }

    /// The spinner's frames: plain ASCII, one column each in every terminal.
    public static let spinnerFrames: [Character] = ["|", "/", "-", "\\"]

    static let titleStyle = Style(attributes: [.reverse, .bold])
    static let statusStyle = Style(attributes: .reverse)
    static let errorStyle = Style(foreground: .white, background: .red, attributes: .bold)
    static let promptStyle = Style(attributes: .bold)
    static let messageStyle = Style(attributes: [.reverse, .bold])

    /// The rectangle ``draw(into:)`` leaves for the scene's content in a terminal of `size`,
    /// known before drawing: a list asks it how many rows it may show.
    public func contentArea(for size: TerminalSize) -> Rect {
        layout(in: Rect(x: 0, y: 0, width: max(size.width, 0), height: max(size.height, 0))).content
    }

    /// Where each part goes in `bounds`: the title bar on the first row, the status line on
    /// the last, the prompt above it when there is one, the content in between. A part that
    /// does not fit is `nil`.
    private func layout(in bounds: Rect) -> (title: Rect?, status: Rect?, prompt: Rect?, content: Rect) {
        guard bounds.height > 0 else { return (nil, nil, nil, bounds) }
        let (title, afterTitle) = bounds.splitTop(1)
        guard afterTitle.height > 0 else { return (title, nil, nil, afterTitle) }
        let statusHeight = statusLines(width: bounds.width, height: bounds.height).count
        let (rest, status) = afterTitle.splitBottom(min(statusHeight, afterTitle.height))
        guard prompt != nil, rest.height > 0 else { return (title, status, nil, rest) }
        let (content, promptLine) = rest.splitBottom(1)
        return (title, status, promptLine, content)
    }

    /// Draws the chrome into `buffer` and returns the rectangle left for the scene's content
    /// (the same as ``contentArea(for:)``). The help overlay is drawn by
    /// ``drawOverlay(into:)``, after the content.
    @discardableResult
    public func draw(into buffer: inout CellBuffer) -> Rect {
        let parts = layout(in: buffer.bounds)
        let width = buffer.width
        if let top = parts.title {
            buffer.putStatusLine(
                left: " \(appName.isEmpty ? "" : TextSanitizer.sanitize(appName, fittingWidth: width) + " · ")"
                    + TextSanitizer.sanitize(title, fittingWidth: width),
                right: info.isEmpty ? "" : "\(TextSanitizer.sanitize(info, fittingWidth: width)) ", y: top.y,
                style: Self.titleStyle)
        }
        if let bottom = parts.status { drawStatus(into: &buffer, in: bottom) }
        if let prompt, let line = parts.prompt { drawPrompt(prompt, into: &buffer, y: line.y) }
        return parts.content
    }

    /// Draws the help overlay, if open, centred over whatever is on screen.
    public func drawOverlay(into buffer: inout CellBuffer) {
        guard let help else { return }
        HelpOverlay(
            title: "Keys · \(title)", bindings: help, scroll: helpScroll, accent: accent, scrollKeys: helpScrollKeys
        )
        .draw(into: &buffer)
    }

    /// The error or message, sanitized and wrapped to a screen `width` columns wide and `height`
    /// rows high: at most a third of its rows (one at least), the last cut with "…" when the text
    /// needs more; one empty line when there is neither, for the hints.
    private func statusLines(width: Int, height: Int) -> [String] {
        guard let text = errorMessage ?? message, width > 4 else { return [""] }
        let lead = errorMessage == nil ? " " : " ! "
        let room = width - DisplayWidth.of(lead) - 1
        var lines = TextWrap.lines(of: TextSanitizer.sanitize(text, fittingWidth: width * height), width: room)
        let most = max(height / 3, 1)
        if lines.count > most {
            lines = Array(lines.prefix(most))
            lines[most - 1] = DisplayWidth.truncate(lines[most - 1] + " …", toWidth: room)
        }
        let indent = String(repeating: " ", count: DisplayWidth.of(lead))
        return lines.enumerated().map { ($0 == 0 ? lead : indent) + $1 }
    }

    private func drawStatus(into buffer: inout CellBuffer, in rect: Rect) {
        var right = ""
        if isBusy {
            let frame = Self.spinnerFrames[((spinnerFrame % 4) + 4) % 4]
            right = busyText.isEmpty ? "\(frame) " : "\(frame) \(busyText) "
        }
        if errorMessage != nil || message != nil {
            let style = errorMessage != nil ? Self.errorStyle : Self.messageStyle
            let lines = statusLines(width: buffer.width, height: buffer.height)
            for (index, y) in rect.rows.enumerated() where index < lines.count {
                buffer.putStatusLine(left: lines[index], right: index == 0 ? right : "", y: y, style: style)
            }
            return
        }
        // Hints that do not fit are dropped whole, the essential ones (the key to help) last.
        let y = rect.y
        let room = buffer.width - 2 - (right.isEmpty ? 0 : DisplayWidth.of(right) + 1)
        let text = KeyHint.fitting(hints, in: room).map(\.text).joined(separator: "  ")
        buffer.putStatusLine(left: " \(text)", right: right, y: y, style: Self.statusStyle)
    }

    private func drawPrompt(_ prompt: Prompt, into buffer: inout CellBuffer, y: Int) {
        buffer.clear(row: y)
        switch prompt {
        case .input(let label, let text, let cursor):
            let labelWidth = buffer.put(" \(label) ", x: 0, y: y, style: Self.promptStyle)
            let cursorIndex =
                text.index(text.startIndex, offsetBy: max(cursor, 0), limitedBy: text.endIndex)
                ?? text.endIndex
            // Keep the cursor on screen: show as much of what was typed before it as fits, found
            // by walking back from the cursor once, so a line of any length costs one pass.
            let room = max(buffer.width - labelWidth - 1, 1)
            var start = cursorIndex
            var used = 0
            while start > text.startIndex {
                let previous = text.index(before: start)
                let width = DisplayWidth.of(text[previous])
                if used + width > room - 1 { break }
                used += width
                start = previous
            }
            var x = labelWidth + buffer.put(String(text[start..<cursorIndex]), x: labelWidth, y: y)
            let cursorCharacter = cursorIndex < text.endIndex ? String(text[cursorIndex]) : " "
            x += buffer.put(cursorCharacter, x: x, y: y, style: .reverse)
            if cursorIndex < text.endIndex {
                // Only what can be seen is copied: a character takes at least one column or none.
                let rest = text[text.index(after: cursorIndex)...].prefix(max(buffer.width - x, 0) + 1)
                if !rest.isEmpty { buffer.put(String(rest), x: x, y: y) }
            }
        case .confirm(let question):
            let shown = TextSanitizer.sanitize(question, fittingWidth: buffer.width)
            buffer.put(" \(shown) (y/n)", x: 0, y: y, style: Self.promptStyle)
        }
    }
}
