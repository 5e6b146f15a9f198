public import Streams

extension MarbleDiagram {
    /// Frames without events in a row beyond which rendering jumps with `@N` instead of dashes.
    static let collapseThreshold = 12

    /// Draws `events` (at ticks `origin + frame`) as a marble diagram that parses back to them.
    ///
    /// Values are written with their key in `values` (a single character as itself, longer
    /// keys as `{name}`); a value with no key is written `{?1}`, `{?2}`… When `values` is empty
    /// and the elements are strings, each string is its own key. Errors are written `#` for
    /// ``defaultError`` (or `errors["#"]`), `#{name}` for `errors[name]`. Events at one frame
    /// become a group `(ab|)`; more than a dozen empty frames become a jump `@N`; events before
    /// `origin` put a `^` at frame 0.
    ///
    /// ```swift
    /// MarbleDiagram.render([.next(1, 1), .next(3, 2), .completed(3)], values: ["a": 1, "b": 2])
    /// // "-a-(b|)"
    /// ```
    public static func render<Element: Equatable>(
        _ events: [Recorded<Event<Element>>], values: [String: Element] = [:], errors: [String: any Error] = [:],
        origin: Int = 0
    ) -> String {
        var legend = _MarbleLegend(values: values, errors: errors)
        let cells = legend.cells(for: events, origin: origin)
        return _MarbleLayout(lines: [cells]).lines[0]
    }

    /// Draws one subscription (at ticks `origin + frame`) as a subscription diagram: `--^--!`,
    /// or `--^` while it is live.
    public static func render(_ subscription: Subscription, origin: Int = 0) -> String {
        _MarbleLayout(lines: [_subscriptionCells(subscription, origin: origin)]).lines[0]
    }
}

/// The symbols of one subscription, by frame.
func _subscriptionCells(_ subscription: Subscription, origin: Int) -> [(frame: Int, text: String)] {
    let start = subscription.subscribe - origin
    guard !subscription.isLive else { return [(start, "^")] }
    let end = subscription.unsubscribe - origin
    return end == start ? [(start, "(^!)")] : [(start, "^"), (end, "!")]
}

/// Turns values and errors back into keys for drawing, and remembers which it used for a legend.
struct _MarbleLegend<Element: Equatable> {
    private let values: [(key: String, value: Element)]
    private let errors: [(key: String, error: any Error)]
    private let selfKeyed: Bool
    private var unknown: [Element] = []
    private var unknownErrors: [any Error] = []
    /// Keys in the order they were first drawn, with what they stand for.
    private(set) var used: [(symbol: String, meaning: String)] = []

    init(values: [String: Element], errors: [String: any Error]) {
        self.values = values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        self.errors = errors.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        // Strings keyed by themselves (the `String` overloads of `hot`, `cold` and `expect`)
        // need no legend, and any string can be drawn as its own key.
        self.selfKeyed = Element.self == String.self && values.allSatisfy { ($0.value as? String) == $0.key }
    }

    /// The symbols of `events`, grouped by frame, in frame order.
    mutating func cells(for events: [Recorded<Event<Element>>], origin: Int) -> [(frame: Int, text: String)] {
        var cells: [(frame: Int, text: String)] = []
        var index = 0
        while index < events.count {
            let frame = events[index].time - origin
            var end = index + 1
            while end < events.count, events[end].time - origin == frame { end += 1 }
            let symbols = events[index..<end].map { symbol(for: $0.value) }
            cells.append((frame, end - index == 1 ? symbols[0] : "(\(Self.joined(symbols)))"))
            index = end
        }
        for index in cells.indices.dropLast()
        where cells[index + 1].frame == cells[index].frame + 1
            && Self.needsSpace(cells[index].text, cells[index + 1].text)
        {
            cells[index].text += " "
        }
        if let first = cells.first, first.frame < 0 {
            if let zero = cells.firstIndex(where: { $0.frame == 0 }) {
                let text = cells[zero].text
                // By scalar: a group whose first key is a combining mark starts with the grapheme
                // "(" + mark, which `hasPrefix("(")` would not see.
                cells[zero].text =
                    text.unicodeScalars.first == "("
                    ? "(^" + String(String.UnicodeScalarView(text.unicodeScalars.dropFirst())) : "(^\(text))"
            } else {
                let position = cells.firstIndex { $0.frame > 0 } ?? cells.count
                cells.insert((0, "^"), at: position)
            }
        }
        return cells
    }

    /// Whether `first` written right before `second` would read differently: a bare `#` before
    /// a `{key}` value would read as `#{key}`, an error named by the key. Compared by scalar, as
    /// the parser reads: `{` followed by a combining mark is one grapheme but still a brace.
    static func needsSpace(_ first: String, _ second: String) -> Bool {
        first.unicodeScalars.last == "#" && second.unicodeScalars.first == "{"
    }

    /// Symbols of one frame written together, with a space where they would run into each other.
    static func joined(_ symbols: [String]) -> String {
        var text = ""
        for symbol in symbols {
            if needsSpace(text, symbol) { text += " " }
            text += symbol
        }
        return text
    }

    mutating func symbol(for event: Event<Element>) -> String {
        switch event {
        case .next(let value): return symbol(for: value)
        case .completed: return "|"
        case .error(let error): return symbol(for: error)
        }
    }

    private mutating func symbol(for value: Element) -> String {
        if selfKeyed, let text = value as? String, !text.isEmpty,
            !text.unicodeScalars.contains(where: { $0 == "{" || $0 == "}" })
        {
            return _describeKey(text)
        }
        if let entry = values.first(where: { $0.value == value }) {
            return use(_describeKey(entry.key), meaning: String(reflecting: value))
        }
        let number = (unknown.firstIndex { $0 == value } ?? unknown.count) + 1
        if number > unknown.count { unknown.append(value) }
        return use("{?\(number)}", meaning: String(reflecting: value))
    }

    private mutating func symbol(for error: any Error) -> String {
        if let entry = errors.first(where: { _sameError($0.error, error) }) {
            if entry.key == "#" { return "#" }
            return use("#{\(entry.key)}", meaning: String(describing: error))
        }
        if errors.allSatisfy({ $0.key != "#" }), _sameError(error, MarbleDiagram.defaultError) { return "#" }
        let number = (unknownErrors.firstIndex { _sameError($0, error) } ?? unknownErrors.count) + 1
        if number > unknownErrors.count { unknownErrors.append(error) }
        return use("#{?\(number)}", meaning: String(describing: error))
    }

    private mutating func use(_ symbol: String, meaning: String) -> String {
        if !used.contains(where: { $0.symbol == symbol }) { used.append((symbol, meaning)) }
        return symbol
    }

    /// `legend: a = "sw", {?1} = "x"`, or `nil` when nothing needs explaining.
    var text: String? {
        used.isEmpty ? nil : "legend: " + used.map { "\($0.symbol) = \($0.meaning)" }.joined(separator: ", ")
    }
}

/// Errors match when they have the same type and description, as `Event`'s `==` compares them.
func _sameError(_ a: any Error, _ b: any Error) -> Bool {
    type(of: a) == type(of: b) && String(describing: a) == String(describing: b)
}

/// Lays several diagrams out on one time axis, so that a frame sits in the same column in
/// every line: cells are padded with spaces (which cost no time), and long stretches where no
/// line has an event become one `@N` jump, written in every line.
struct _MarbleLayout {
    private(set) var lines: [String]
    /// The column (0-based, in Unicode scalars) where each frame with an event starts.
    private(set) var columns: [Int: Int] = [:]

    init(lines cellLines: [[(frame: Int, text: String)]]) {
        var frames = Set<Int>()
        for line in cellLines { for cell in line { frames.insert(cell.frame) } }
        let sorted = frames.sorted()
        let hasZeroMarker = (sorted.first ?? 0) < 0
        var output = [String](repeating: "", count: cellLines.count)
        var width = 0
        var cursors = [Int](repeating: 0, count: cellLines.count)
        /// Where each line's own last cell ends: what follows is only padding for the others.
        var ends = [Int](repeating: 0, count: cellLines.count)
        var frame = min(0, sorted.first ?? 0)
        for target in sorted {
            let gap = target - frame
            if gap > MarbleDiagram.collapseThreshold && !(hasZeroMarker && frame <= 0) {
                let jump = (width > 0 ? " @" : "@") + "\(target) "
                for index in output.indices { output[index] += jump }
                width += jump.unicodeScalars.count
            } else if gap > MarbleDiagram.collapseThreshold && cellLines.count == 1 {
                // Before a hot source's ^, where @ cannot count yet: +N from the previous event
                // (one line only: in several, each line's previous event is somewhere else).
                let jump = " +\(gap + 1) "
                output[0] += jump
                width += jump.unicodeScalars.count
            } else if gap > 0 {
                let dashes = String(repeating: "-", count: gap)
                for index in output.indices { output[index] += dashes }
                width += gap
            }
            columns[target] = width
            var texts = [String](repeating: "-", count: cellLines.count)
            for (index, line) in cellLines.enumerated() {
                let cursor = cursors[index]
                if cursor < line.count, line[cursor].frame == target {
                    texts[index] = line[cursor].text
                    cursors[index] = cursor + 1
                }
            }
            let cellWidth = texts.map(\.unicodeScalars.count).max() ?? 1
            for index in output.indices {
                output[index] += texts[index]
                if cursors[index] > 0, cellLines[index][cursors[index] - 1].frame == target {
                    ends[index] = output[index].unicodeScalars.count
                }
                output[index] += String(repeating: " ", count: cellWidth - texts[index].unicodeScalars.count)
            }
            width += cellWidth
            frame = target + 1
        }
        lines = zip(output, ends).map { line, end in String(String.UnicodeScalarView(line.unicodeScalars.prefix(end))) }
    }
}
