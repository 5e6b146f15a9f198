/// Text whose parts look different: runs of text, each with its ``Style``, and whether the
/// lines it is on may be wrapped.
///
/// ```swift
/// var text = StyledText("Read the ")
/// text.append("whole", style: .bold)
/// text.append(" story.")
/// text.string  // "Read the whole story."
/// ```
public struct StyledText: Hashable, Sendable {
    /// A piece of the text in one style.
    public struct Run: Hashable, Sendable {
        /// The text; it may hold line breaks.
        public var text: String
        /// How it looks.
        public var style: Style
        /// Whether a line holding this run may be wrapped. A line with a run that may not keeps
        /// its columns: it is cut at the edge, as preformatted text (code, a table of figures)
        /// is unreadable rewrapped.
        public var wraps: Bool

        /// A run of text.
        public init(_ text: String, style: Style = .plain, wraps: Bool = true) {
            self.text = text
            self.style = style
            self.wraps = wraps
        }
    }

    /// The runs, in order; none is empty.
    public private(set) var runs: [Run]

    /// No text.
    public init() { runs = [] }

    /// `text` in one style.
    public init(_ text: String, style: Style = .plain, wraps: Bool = true) {
        runs = []
        append(text, style: style, wraps: wraps)
    }

    /// The text of `runs`, in order.
    public init(runs: [Run]) {
        self.runs = []
        for run in runs { append(run.text, style: run.style, wraps: run.wraps) }
    }

    /// The text without its styles.
    public var string: String { runs.map(\.text).joined() }

    /// Whether there is no text.
    public var isEmpty: Bool { runs.isEmpty }

    /// Adds `text` at the end; it joins the last run when it looks the same.
    public mutating func append(_ text: String, style: Style = .plain, wraps: Bool = true) {
        guard !text.isEmpty else { return }
        if let last = runs.last, last.style == style, last.wraps == wraps {
            runs[runs.count - 1].text += text
        } else {
            runs.append(Run(text, style: style, wraps: wraps))
        }
    }

    /// Adds `other` at the end.
    public mutating func append(_ other: StyledText) {
        for run in other.runs { append(run.text, style: run.style, wraps: run.wraps) }
    }

    /// The text made safe for a terminal, run by run (see ``TextSanitizer``).
    public func sanitized(preservingNewlines: Bool = false) -> StyledText {
        StyledText(
            runs: runs.map {
                Run(
                    TextSanitizer.sanitize($0.text, preservingNewlines: preservingNewlines), style: $0.style,
                    wraps: $0.wraps)
            })
    }

    /// Draws the text on row `y` from column `x`, within `maxWidth` columns; returns the
    /// columns drawn. Line breaks in it are not for one row: draw a line at a time.
    @discardableResult
    public func draw(into buffer: inout CellBuffer, x: Int, y: Int, maxWidth: Int) -> Int {
        var column = x
        for run in runs where column < x + maxWidth {
            column += buffer.put(run.text, x: column, y: y, style: run.style, maxWidth: x + maxWidth - column)
        }
        return column - x
    }
}
