/// Reads a marble diagram, one Unicode scalar at a time, into tokens with frames; see
/// ``MarbleDiagram`` for the grammar. Allocation-light: one array of scalars and the tokens.
struct _MarbleParser {
    private let text: String
    private let kind: MarbleDiagram.Kind
    private let scalars: [Unicode.Scalar]
    private var index = 0

    /// The frame the next symbol lands on, counted from the diagram's start.
    private var frame = 0
    /// The frame `+N` counts from: the previous event's, an `@` anchor's, or 0.
    private var mark = 0
    /// Whether a `-` came after ``mark``; `+N` then would silently ignore it, so it is refused.
    private var dashSinceMark = false
    /// The column of the open `(`, inside a group.
    private var groupColumn: Int?
    private var groupIsEmpty = true
    /// Column and frame of `^` and `!` once seen.
    private var zero: (column: Int, frame: Int)?
    private var unsubscribed: (column: Int, frame: Int)?
    private var tokens: [(frame: Int, column: Int, marble: MarbleDiagram.Marble)] = []

    init(text: String, kind: MarbleDiagram.Kind) {
        self.text = text
        self.kind = kind
        self.scalars = Array(text.unicodeScalars)
    }

    /// The characters with a meaning of their own; every other one is a one-character value key.
    static func isReserved(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "-", "|", "#", "(", ")", "^", "!", "+", "@", "{", "}": return true
        default: return false
        }
    }

    mutating func parse() throws(MarbleSyntaxError) -> [MarbleDiagram.Token] {
        let hasZero = kind == .hot && Self.hasZeroMarker(scalars)
        while index < scalars.count {
            let column = index + 1
            let scalar = scalars[index]
            index += 1
            switch scalar {
            case " ", "\t":
                continue
            case "-":
                try refuseInGroup(column, "-")
                frame += 1
                dashSinceMark = true
            case "(":
                if let open = groupColumn {
                    throw error(column, "groups cannot be nested (the group at column \(open) is still open)")
                }
                groupColumn = column
                groupIsEmpty = true
            case ")":
                guard groupColumn != nil else { throw error(column, "unbalanced ): no group is open") }
                if groupIsEmpty { throw error(column, "empty group: () holds no events") }
                groupColumn = nil
                frame += 1
            case "|":
                try refuseInSubscription(column, "|")
                emit(.completed, column)
            case "#":
                try refuseInSubscription(column, "#")
                if index < scalars.count, scalars[index] == "{" {
                    index += 1
                    emit(.error(try name(openedAt: column + 1)), column)
                } else {
                    emit(.error(nil), column)
                }
            case "{":
                try refuseInSubscription(column, "a value")
                emit(.value(try name(openedAt: column)), column)
            case "}":
                throw error(column, "unbalanced }: no { is open")
            case "^":
                guard kind != .events else {
                    throw error(column, "^ marks frame 0 of a hot source or a subscription point; not allowed here")
                }
                if let first = zero { throw error(column, "a second ^ (the first is at column \(first.column))") }
                zero = (column, frame)
                if kind == .subscription { emit(.subscribe, column) } else { occupy() }
            case "!":
                guard kind == .subscription else {
                    throw error(column, "! marks an unsubscription; it belongs in subscription diagrams only")
                }
                if let first = unsubscribed {
                    throw error(column, "a second ! (the first is at column \(first.column))")
                }
                guard zero != nil else { throw error(column, "! before ^: a subscription ends after it starts") }
                unsubscribed = (column, frame)
                emit(.unsubscribe, column)
            case "+":
                try refuseInGroup(column, "+")
                let ticks = try duration(column)
                guard ticks > 0 else { throw error(column, "+0 would not move time; use a group for one frame") }
                if dashSinceMark {
                    throw error(
                        column,
                        "+\(ticks) counts from the previous event, so the dashes before it would not count; "
                            + "drop them or use @")
                }
                frame = mark + ticks
                dashSinceMark = false
            case "@":
                try refuseInGroup(column, "@")
                let ticks = try duration(column)
                if hasZero && zero == nil {
                    throw error(column, "@\(ticks) counts from ^, which comes later; put ^ first")
                }
                // Only a hot source counts frames from ^; a subscription diagram's ^ is a point in it.
                let base = kind == .hot ? (zero?.frame ?? 0) : 0
                let target = base + ticks
                if target < frame {
                    throw error(column, "@\(ticks) is behind the diagram, already at frame \(frame - base)")
                }
                frame = target
                mark = target
                dashSinceMark = false
            default:
                try refuseInSubscription(column, "a value")
                emit(.value(String(scalar)), column)
            }
        }
        if let open = groupColumn { throw error(open, "unbalanced (: the group is never closed") }
        let origin = kind == .hot ? (zero?.frame ?? 0) : 0
        return tokens.map { MarbleDiagram.Token(frame: $0.frame - origin, column: $0.column, marble: $0.marble) }
    }

    /// Whether `scalars` hold a `^` marker: one outside a `{key}`, where it is only a character.
    private static func hasZeroMarker(_ scalars: [Unicode.Scalar]) -> Bool {
        var inKey = false
        for scalar in scalars {
            switch scalar {
            case "{": inKey = true
            case "}": inKey = false
            case "^" where !inKey: return true
            default: break
            }
        }
        return false
    }

    // MARK: - Pieces

    private mutating func emit(_ marble: MarbleDiagram.Marble, _ column: Int) {
        tokens.append((frame, column, marble))
        occupy()
    }

    /// Takes the current frame: outside a group the next symbol lands one frame later.
    private mutating func occupy() {
        mark = frame
        dashSinceMark = false
        if groupColumn == nil {
            frame += 1
        } else {
            groupIsEmpty = false
        }
    }

    /// Reads a key up to `}`; the `{` is at `column`.
    private mutating func name(openedAt column: Int) throws(MarbleSyntaxError) -> String {
        var name = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            index += 1
            if scalar == "}" {
                guard !name.isEmpty else { throw error(column, "empty key: {} names no value") }
                return String(name)
            }
            if scalar == "{" { throw error(index, "{ inside a key (the key opened at column \(column))") }
            name.append(scalar)
        }
        throw error(column, "unbalanced {: the key is never closed with }")
    }

    /// Reads the digits and unit after `+` or `@` (at `column`), in ticks.
    private mutating func duration(_ column: Int) throws(MarbleSyntaxError) -> Int {
        var value = 0
        var digits = 0
        while index < scalars.count, ("0"..."9").contains(scalars[index]) {
            let digit = Int(scalars[index].value - 48)
            let (product, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = product.addingReportingOverflow(digit)
            if overflow1 || overflow2 { throw error(column, "the number after \(scalars[column - 1]) is too large") }
            value = sum
            digits += 1
            index += 1
        }
        guard digits > 0 else {
            throw error(column, "\(scalars[column - 1]) needs a number of ticks, such as \(scalars[column - 1])10ms")
        }
        let unitColumn = index + 1
        var unit = ""
        while index < scalars.count, scalars[index].properties.isAlphabetic {
            unit.unicodeScalars.append(scalars[index])
            index += 1
        }
        let factor: Int
        switch unit {
        case "", "ms": factor = 1
        case "s": factor = 1000
        case "m": factor = 60_000
        default:
            throw error(
                unitColumn, "unknown unit \"\(unit)\" (units: ms, s, m, or none for ticks; put a space before a value)")
        }
        let (ticks, overflow) = value.multipliedReportingOverflow(by: factor)
        if overflow { throw error(column, "the duration is too large") }
        return ticks
    }

    private func refuseInGroup(_ column: Int, _ symbol: String) throws(MarbleSyntaxError) {
        if let open = groupColumn {
            throw error(column, "\(symbol) inside the group opened at column \(open): a group is one frame")
        }
    }

    private func refuseInSubscription(_ column: Int, _ what: String) throws(MarbleSyntaxError) {
        if kind == .subscription {
            throw error(column, "\(what) in a subscription diagram, which holds only -, ^, !, +N and @N")
        }
    }

    private func error(_ column: Int, _ message: String) -> MarbleSyntaxError {
        MarbleSyntaxError(message: message, column: column, text: text)
    }
}
