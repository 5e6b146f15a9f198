/// Makes text from data safe to show in a terminal.
///
/// Everything that could act on the terminal instead of being shown is neutralized:
///
/// - well-formed 7-bit escape sequences (CSI such as colours and cursor moves, OSC such as
///   title changes and OSC 52 clipboard writes, DCS/SOS/PM/APC strings ended by BEL or ST,
///   two-character escapes) are removed whole;
/// - tabs, line breaks and carriage returns become a space (or a `"\n"` when newlines are
///   preserved);
/// - every other control character (NUL, BEL, DEL, each C1 character such as the 8-bit CSI
///   U+009B or OSC U+009D, the introducer of a sequence that never ends) becomes the visible
///   placeholder `�` on its own, and what follows it stays text: a stray control never
///   swallows the rest of a title;
/// - bidi embeddings, overrides and isolates such as U+202E are removed, so data cannot
///   reorder what the screen shows.
///
/// ```swift
/// TextSanitizer.sanitize("\u{1B}]0;owned\u{07}Buy milk\u{1B}[31m!")   // "Buy milk!"
/// ```
public enum TextSanitizer {
    /// What replaces a control character that is not part of a sequence.
    public static let placeholder: Unicode.Scalar = "\u{FFFD}"

    /// The text with escape sequences, controls and bidi overrides neutralized; when
    /// `preservingNewlines` is true, line breaks (LF, CRLF, CR, U+2028, U+2029) become `"\n"`.
    public static func sanitize(_ text: String, preservingNewlines: Bool = false) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return text }
        return sanitize(text, preservingNewlines: preservingNewlines, visibleLimit: Int.max)
    }

    /// The text with every character that would act on a terminal written out as an escape
    /// instead (ESC as `\e`, a tab as `\t`, a carriage return as `\r`, any other control, bidi
    /// override or line separator as `\u{…}`), so a person reads what was there: for an error
    /// that quotes what was typed. Line feeds stay when `preservingNewlines`, else read `\n`.
    ///
    /// ```swift
    /// TextSanitizer.visible("\u{1B}[31m5")   // "\\e[31m5"
    /// ```
    public static func visible(_ text: String, preservingNewlines: Bool = false) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return text }
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x1b: output += "\\e"
            case 0x09: output += "\\t"
            case 0x0d: output += "\\r"
            case 0x0a: output += preservingNewlines ? "\n" : "\\n"
            default:
                if scalar.isTerminalControl || scalar.isBidiControl || scalar.value == 0x2028 || scalar.value == 0x2029
                {
                    output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    /// The sanitized start of `text`, enough to fill `columns` columns and to show that more
    /// follows, without reading the rest: for drawing a 1 MB title into one row.
    ///
    /// Drawing the result within `columns` looks the same as drawing the whole sanitized text
    /// (the cell buffer adds the ellipsis), unless the text piles more than four visible scalars
    /// onto each column, as long emoji sequences do.
    public static func sanitize(_ text: String, fittingWidth columns: Int) -> String {
        let limit = 4 * max(columns, 0) + 8
        let utf8 = text.utf8
        let asciiEnd = utf8.firstIndex(where: { $0 < 0x20 || $0 >= 0x7f }) ?? utf8.endIndex
        if utf8.distance(from: utf8.startIndex, to: asciiEnd) > limit {
            return String(decoding: utf8.prefix(limit + 1), as: UTF8.self)
        }
        if asciiEnd == utf8.endIndex { return text }
        return sanitize(text, preservingNewlines: false, visibleLimit: limit)
    }

    private static func sanitize(_ text: String, preservingNewlines: Bool, visibleLimit: Int) -> String {
        var output = _Output()
        var previousWasCarriageReturn = false
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                index = skipEscape(in: scalars, at: index, into: &output)
            } else {
                append(scalar, to: &output, preservingNewlines, &previousWasCarriageReturn)
                index = scalars.index(after: index)
            }
            if output.visible > visibleLimit { return String(output.scalars) }
        }
        return String(output.scalars)
    }

    /// The index after the escape sequence that starts at `start` (an ESC) when it is
    /// well-formed, which drops it whole; else the index after its introducer (`ESC`, `ESC [`,
    /// `ESC ]`, ...), which is shown as one placeholder, so what follows stays text.
    private static func skipEscape(
        in scalars: String.UnicodeScalarView, at start: String.UnicodeScalarView.Index, into output: inout _Output
    ) -> String.UnicodeScalarView.Index {
        let afterEscape = scalars.index(after: start)
        if let end = _EscapeSequence.end(in: scalars, at: start) { return end }
        output.append(placeholder)
        guard afterEscape < scalars.endIndex, _EscapeSequence.isIntroducer(scalars[afterEscape]) else {
            return afterEscape
        }
        return scalars.index(after: afterEscape)
    }

    /// The sanitized scalars, and how many of them take a column.
    private struct _Output {
        var scalars = String.UnicodeScalarView()
        var visible = 0

        mutating func append(_ scalar: Unicode.Scalar) {
            scalars.append(scalar)
            if DisplayWidth.of(scalar) > 0 { visible += 1 }
        }
    }

    /// The bytes decoded as UTF-8 (invalid bytes become `�`), then sanitized.
    public static func sanitize(bytes: some Sequence<UInt8>, preservingNewlines: Bool = false) -> String {
        sanitize(String(decoding: Array(bytes), as: UTF8.self), preservingNewlines: preservingNewlines)
    }

    /// Appends one scalar that is not part of an escape sequence.
    private static func append(
        _ scalar: Unicode.Scalar, to output: inout _Output, _ preservingNewlines: Bool,
        _ previousWasCarriageReturn: inout Bool
    ) {
        let value = scalar.value
        let wasCarriageReturn = previousWasCarriageReturn
        previousWasCarriageReturn = false
        switch value {
        case 0x0a:
            if preservingNewlines {
                if !wasCarriageReturn { output.append("\n") }
            } else {
                output.append(" ")
            }
        case 0x0d:
            previousWasCarriageReturn = true
            output.append(preservingNewlines ? "\n" : " ")
        case 0x2028, 0x2029, 0x85:
            output.append(preservingNewlines ? "\n" : " ")
        case 0x09:
            output.append(" ")
        default:
            if scalar.isTerminalControl {
                output.append(placeholder)
            } else if !scalar.isBidiControl {
                output.append(scalar)
            }
        }
    }
}
