/// Writes the text of ``HTMLRenderer``: lines with their quote and list prefixes, blank lines
/// between paragraphs, whitespace collapsed outside preformatted text, and at most `limit`
/// scalars. Other control characters of the input are text to it, kept for the terminal's
/// sanitiser to drop where the text is drawn.
struct _TerminalTextWriter {
    /// A block the text is inside of, which adds to the start of its lines.
    private enum Block {
        case quote
        case list(isOrdered: Bool, next: Int)
        case item(marker: String, isMarkerShown: Bool)
        case definition
    }

    /// The break asked for before the next text.
    private enum Break: Comparable {
        case none, line, paragraph
    }

    /// The deepest nesting of quotes and lists that still indents further.
    static let maximumDepth = 16

    private var blocks: [Block] = []
    private var output = ""
    private var count = 0
    private let limit: Int
    private(set) var isFull = false
    private var pendingBreak = Break.none
    /// The fewest quotes open since the pending paragraph break was asked for: the blank line
    /// between a quote and what is around it carries only the outer quote's markers.
    private var pendingBlankQuoteDepth = Int.max
    private var pendingSpace = false
    private var isAtLineStart = true
    private var isLastLineBlank = false
    private var hasText = false
    /// Columns written on this line after its prefix, for tab stops.
    private var column = 0
    /// How many elements of each emphasis are open, by the emphasis's bit.
    private var emphasisDepths = [Int](repeating: 0, count: 8)
    /// The emphasis of the text written now.
    private var emphasis: RenderedHTML.Emphasis = []
    /// The stretches of the output with an emphasis, in order.
    private(set) var styleRuns: [RenderedHTML.StyleRun] = []
    /// Whether the emphasis changed since the last scalar was marked: if not, what was written
    /// in between (spaces, line breaks, prefixes) joins the run.
    private var hasEmphasisChanged = false

    init(limit: Int) { self.limit = max(limit, 1) }

    /// Whether the next text starts a line (nothing written on the current one).
    var isLineEmpty: Bool { isAtLineStart || pendingBreak != .none }

    // MARK: Text

    /// Flowing text: runs of whitespace become one space.
    mutating func append(flowing scalar: Unicode.Scalar) {
        if Self.isCollapsible(scalar) {
            pendingSpace = true
        } else {
            put(scalar)
        }
    }

    /// Flowing text, a string at a time.
    mutating func append(flowing text: String) {
        for scalar in text.unicodeScalars { append(flowing: scalar) }
    }

    /// Preformatted text: spaces kept, line breaks kept, tabs expanded to stops of eight.
    mutating func append(verbatim scalar: Unicode.Scalar) {
        switch scalar {
        case "\n", "\u{2028}", "\u{2029}": newLine()
        case "\r": break
        case "\t":
            let spaces = 8 - column % 8
            for _ in 0..<spaces { put(" ") }
        default:
            if scalar.hasWhiteSpaceProperty {
                put(" ")
            } else {
                put(scalar)
            }
        }
    }

    /// Text added by the renderer (a marker, a link number), unbroken.
    mutating func append(marker text: String) {
        for scalar in text.unicodeScalars { put(scalar) }
    }

    // MARK: Emphasis

    /// Text from now on has `emphasis` too, until as many ``close(_:)`` calls end it.
    mutating func open(_ emphasis: RenderedHTML.Emphasis) {
        changeDepth(of: emphasis, by: 1)
    }

    /// Ends one element of `emphasis`; one never opened is ignored.
    mutating func close(_ emphasis: RenderedHTML.Emphasis) {
        changeDepth(of: emphasis, by: -1)
    }

    private mutating func changeDepth(of change: RenderedHTML.Emphasis, by delta: Int) {
        for bit in 0..<8 where change.contains(RenderedHTML.Emphasis(rawValue: 1 << bit)) {
            emphasisDepths[bit] = max(emphasisDepths[bit] + delta, 0)
            let flag = RenderedHTML.Emphasis(rawValue: 1 << bit)
            let was = emphasis
            if emphasisDepths[bit] > 0 { emphasis.insert(flag) } else { emphasis.remove(flag) }
            if emphasis != was { hasEmphasisChanged = true }
        }
    }

    /// Marks the scalar about to be written at `offset` with the current emphasis, joining
    /// the run before it when nothing but layout came between them.
    private mutating func markEmphasis(at offset: Int) {
        defer { hasEmphasisChanged = false }
        // The raw bits, not `isEmpty` and `==`: this runs for every character written, and the
        // option set's generic defaults cost several times as much in a debug build.
        guard emphasis.rawValue != 0 else { return }
        if let last = styleRuns.last, last.emphasis.rawValue == emphasis.rawValue,
            last.range.upperBound == offset || !hasEmphasisChanged
        {
            styleRuns[styleRuns.count - 1].range = last.range.lowerBound..<offset + 1
        } else {
            styleRuns.append(RenderedHTML.StyleRun(range: offset..<offset + 1, emphasis: emphasis))
        }
    }

    // MARK: Structure

    /// The next text starts a new line.
    mutating func breakLine() {
        pendingBreak = max(pendingBreak, .line)
    }

    /// The next text starts a new paragraph, after a blank line.
    mutating func breakParagraph() {
        pendingBreak = .paragraph
        pendingBlankQuoteDepth = min(pendingBlankQuoteDepth, quoteDepth)
    }

    /// Ends the current line where it is, even an empty one (`br`, a line break in `pre`).
    mutating func newLine() {
        guard hasText, !isFull else { return }
        resolveBreak()
        if isAtLineStart { isLastLineBlank = true }
        write("\n")
        isAtLineStart = true
        pendingSpace = false
        column = 0
    }

    /// Lines from now on are inside a quote.
    mutating func openQuote() {
        breakParagraph()
        push(.quote)
    }

    /// Ends the innermost quote.
    mutating func closeQuote() {
        breakParagraph()
        pop { if case .quote = $0 { true } else { false } }
    }

    /// Lines from now on are items of a list; an ordered one counts from `start`.
    mutating func openList(isOrdered: Bool, start: Int = 1) {
        isInList ? breakLine() : breakParagraph()
        push(.list(isOrdered: isOrdered, next: start))
    }

    /// Ends the innermost list.
    mutating func closeList() {
        pop { if case .list = $0 { true } else { false } }
        isInList ? breakLine() : breakParagraph()
    }

    /// Starts an item of the innermost list (a list of one when there is none); an item still
    /// open in that list ends.
    mutating func openItem() {
        if case .item = blocks.last { blocks.removeLast() }
        if !blocks.contains(where: { if case .list = $0 { true } else { false } }) {
            openList(isOrdered: false)
        }
        breakLine()
        var marker = "\u{2022} "
        if case .list(let isOrdered, let next)? = blocks.last {
            if isOrdered {
                marker = "\(next). "
                blocks[blocks.count - 1] = .list(isOrdered: true, next: next &+ 1)
            } else {
                let depth = blocks.count { if case .list = $0 { true } else { false } }
                marker = ["\u{2022} ", "\u{25E6} ", "\u{25AA} "][(depth - 1) % 3]
            }
        }
        push(.item(marker: marker, isMarkerShown: false))
    }

    /// Ends the innermost item.
    mutating func closeItem() {
        pop { if case .item = $0 { true } else { false } }
        breakLine()
    }

    /// Lines from now on are a definition, indented.
    mutating func openDefinition() {
        breakLine()
        push(.definition)
    }

    /// Ends the innermost definition.
    mutating func closeDefinition() {
        pop { if case .definition = $0 { true } else { false } }
        breakLine()
    }

    /// The text, without trailing line breaks or spaces, and its stretches of emphasis.
    mutating func finish() -> (text: String, styleRuns: [RenderedHTML.StyleRun]) {
        var text = output
        // A full text ends with an ellipsis past `count`, which takes the emphasis it cuts
        // (the space the limit fell on too).
        var length = isFull ? count + 1 : count
        while let last = text.unicodeScalars.last, last == "\n" || last == " " {
            text.unicodeScalars.removeLast()
            length -= 1
        }
        var runs = styleRuns
        if isFull, let last = runs.last, last.emphasis == emphasis, last.range.upperBound >= count - 1 {
            runs[runs.count - 1].range = last.range.lowerBound..<length
        }
        while let last = runs.last, last.range.upperBound > length {
            if last.range.lowerBound >= length {
                runs.removeLast()
            } else {
                runs[runs.count - 1].range = last.range.lowerBound..<length
            }
        }
        return (text, runs)
    }

    // MARK: Writing

    private var isInList: Bool {
        blocks.contains { if case .list = $0 { true } else { false } }
    }

    private mutating func push(_ block: Block) {
        // Deeper nesting is read as flat: bounded prefixes, bounded searches when closing.
        guard blocks.count < 4 * Self.maximumDepth else { return }
        blocks.append(block)
    }

    private mutating func pop(where isMatch: (Block) -> Bool) {
        guard let index = blocks.lastIndex(where: isMatch) else { return }
        blocks.removeSubrange(index...)
    }

    /// Writes a visible scalar, after the break and space pending and the line's prefix.
    private mutating func put(_ scalar: Unicode.Scalar) {
        guard !isFull else { return }
        resolveBreak()
        if isAtLineStart {
            writePrefix()
            isAtLineStart = false
            isLastLineBlank = false
            pendingSpace = false
            column = 0
        }
        if pendingSpace {
            pendingSpace = false
            write(" ")
            column += 1
        }
        guard !isFull else { return }
        markEmphasis(at: count)
        write(scalar)
        column += 1
        hasText = true
    }

    /// Ends the current line, with a blank line after it for a paragraph break.
    private mutating func resolveBreak() {
        guard pendingBreak != .none else { return }
        let kind = pendingBreak
        let blankQuoteDepth = min(pendingBlankQuoteDepth, quoteDepth)
        pendingBreak = .none
        pendingBlankQuoteDepth = Int.max
        pendingSpace = false
        guard hasText else { return }
        if !isAtLineStart {
            write("\n")
            isAtLineStart = true
            column = 0
        }
        if kind == .paragraph, !isLastLineBlank {
            write(String(repeating: ">", count: blankQuoteDepth))
            write("\n")
            isLastLineBlank = true
        }
    }

    /// How many quotes are open, up to the deepest that still indents.
    private var quoteDepth: Int {
        min(blocks.count { if case .quote = $0 { true } else { false } }, Self.maximumDepth)
    }

    private mutating func writePrefix() {
        var prefix = ""
        var isInsideList = false
        var depth = 0
        for index in blocks.indices {
            guard depth < Self.maximumDepth else { break }
            switch blocks[index] {
            case .quote:
                prefix += "> "
                depth += 1
            case .list:
                if !isInsideList { prefix += "  " }
                isInsideList = true
                depth += 1
            case .item(let marker, let isMarkerShown):
                prefix += isMarkerShown ? String(repeating: " ", count: marker.unicodeScalars.count) : marker
                blocks[index] = .item(marker: marker, isMarkerShown: true)
            case .definition:
                prefix += "    "
                depth += 1
            }
        }
        write(prefix)
    }

    private mutating func write(_ text: String) {
        for scalar in text.unicodeScalars { write(scalar) }
    }

    private mutating func write(_ scalar: Unicode.Scalar) {
        guard !isFull else { return }
        output.unicodeScalars.append(scalar)
        count += 1
        if count >= limit {
            output.unicodeScalars.append("\u{2026}")
            isFull = true
        }
    }

    /// Whitespace that collapses in flowing text; a no-break space stays.
    private static func isCollapsible(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\u{A0}" && scalar.hasWhiteSpaceProperty
    }
}
