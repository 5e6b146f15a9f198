/// What makes a todo title acceptable: one rule for adding and editing in the todo list, the
/// editor and the command line.
public enum TitleRule {
    /// The longest title accepted, in characters.
    public static let maximumLength = 500

    /// Why `title` cannot be saved, or `nil` when it can.
    public static func check(_ title: String) -> TitleProblem? {
        if title.unicodeScalars.allSatisfy(isInvisible) { return .empty }
        let length = title.count
        return length > maximumLength ? .tooLong(length: length) : nil
    }

    /// White space, a control character or an invisible format character (a zero-width space,
    /// a joiner, a direction mark): a title of nothing else would show as a blank line.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator: true
        default: scalar.properties.isWhitespace
        }
    }

    /// Why `title` cannot be saved, as a sentence for the screen, or `nil` when it can.
    public static func problem(with title: String) -> String? {
        check(title)?.description
    }
}

/// Why a todo title was refused.
public enum TitleProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing visible: only white space, control or invisible format characters.
    case empty
    /// More than ``TitleRule/maximumLength`` characters: this many.
    case tooLong(length: Int)

    /// The reason as a sentence.
    public var description: String {
        switch self {
        case .empty: "A title is required."
        case .tooLong(let length):
            "A title can have at most \(TitleRule.maximumLength) characters; this one has \(length)."
        }
    }
}
