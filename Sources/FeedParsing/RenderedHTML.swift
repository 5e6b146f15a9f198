/// HTML laid out as text for a terminal, as ``HTMLRenderer`` makes it: the text, the links it
/// numbers, and where the text is bold, italic, a heading or code.
///
/// ``text`` holds one line per paragraph line, separated by `\n`; control characters the HTML
/// held stay in it as data, for the sanitiser of the terminal that draws it. A line starts with
/// its indentation and markers (`> ` for each quote level, spaces for list levels, then `• ` or
/// `1. ` on an item's first line), so a front end that wraps a line keeps that indentation on
/// its continuation lines.
///
/// ``text`` reads well as plain text (headings keep their `#` marks); a front end that can show
/// styles draws ``segments`` instead, each in the look its ``Emphasis`` asks for.
public struct RenderedHTML: Sendable, Hashable {
    /// How a piece of the text was marked in the HTML. Several can hold at once: bold inside a
    /// heading is `[.heading, .strong]`.
    public struct Emphasis: OptionSet, Sendable, Hashable {
        /// The raw bits.
        public let rawValue: UInt8

        /// Emphasis from raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `b` and `strong`.
        public static let strong = Emphasis(rawValue: 1 << 0)
        /// `i`, `em` and `cite`.
        public static let italic = Emphasis(rawValue: 1 << 1)
        /// `h1` to `h6`, their `#` marks included.
        public static let heading = Emphasis(rawValue: 1 << 2)
        /// `code`, `tt`, `kbd` and `samp`.
        public static let code = Emphasis(rawValue: 1 << 3)
        /// `pre`: lines laid out by their author, to be shown as they are rather than rewrapped.
        public static let preformatted = Emphasis(rawValue: 1 << 4)
    }

    /// A stretch of ``text`` with one emphasis, as offsets in its Unicode scalars.
    public struct StyleRun: Sendable, Hashable {
        /// Where the stretch is in ``RenderedHTML/text``, in Unicode scalars.
        public var range: Range<Int>
        /// How it was marked; never empty.
        public var emphasis: Emphasis

        /// A stretch of text with an emphasis.
        public init(range: Range<Int>, emphasis: Emphasis) {
            self.range = range
            self.emphasis = emphasis
        }
    }

    /// A piece of ``RenderedHTML/text`` and how it was marked (no emphasis for plain text).
    public struct Segment: Sendable, Hashable {
        /// The text of the piece.
        public var text: String
        /// How it was marked; empty for plain text.
        public var emphasis: Emphasis
    }

    /// The text, lines separated by `\n`; links marked `[1]`, `[2]`, … where their text ends.
    public var text: String
    /// The addresses of the numbered links: the first is `[1]`.
    public var links: [String]
    /// The stretches of ``text`` with an emphasis, in order, none overlapping another; the text
    /// between them is plain. A space between two words of one emphasis belongs to it.
    public var styleRuns: [StyleRun]

    /// A rendering with the given text, links and emphasis.
    public init(text: String, links: [String] = [], styleRuns: [StyleRun] = []) {
        self.text = text
        self.links = links
        self.styleRuns = styleRuns
    }

    /// ``text`` cut at its emphasis: every piece in order, plain ones included, so joining their
    /// texts gives ``text`` back.
    ///
    /// ```swift
    /// HTMLRenderer.render("<p>a <b>bold</b> word</p>").segments.map(\.text)  // ["a ", "bold", " word"]
    /// ```
    public var segments: [Segment] {
        guard !styleRuns.isEmpty else { return text.isEmpty ? [] : [Segment(text: text, emphasis: [])] }
        var result: [Segment] = []
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        let total = scalars.count
        var offset = 0
        func take(upTo end: Int, _ emphasis: Emphasis) {
            let count = min(end, total) - offset
            guard count > 0 else { return }
            let stop = scalars.index(index, offsetBy: count)
            result.append(Segment(text: String(scalars[index..<stop]), emphasis: emphasis))
            index = stop
            offset += count
        }
        for run in styleRuns where run.range.lowerBound >= offset {
            take(upTo: run.range.lowerBound, [])
            take(upTo: run.range.upperBound, run.emphasis)
        }
        take(upTo: total, [])
        return result
    }

    /// ``text`` followed by the list of its links, newsboat style: a blank line, `Links:`, then
    /// one `[N]: address` line per link. Just ``text`` when there are no links.
    public var textWithLinkList: String {
        text + linkList
    }

    /// What ``textWithLinkList`` adds to ``text``: empty when there are no links.
    public var linkList: String {
        guard !links.isEmpty else { return "" }
        var result = text.isEmpty ? "" : "\n\n"
        result += "Links:"
        for (index, link) in links.enumerated() {
            result += "\n[\(index + 1)]: \(link)"
        }
        return result
    }
}
