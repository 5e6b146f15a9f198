/// What makes a todo title acceptable: one rule for adding and editing in the todo list, the
/// editor and the command line.
public enum TitleRule {
    /// The longest title accepted, in characters.
    public static let maximumLength = 500

    /// Why `title` cannot be saved, or `nil` when it can.
    public static func check(_ title: String) -> TitleProblem? {
        if title.allSatisfy(\.isWhitespace) { return .empty }
        let length = title.count
        return length > maximumLength ? .tooLong(length: length) : nil
    }

    /// Why `title` cannot be saved, as a sentence for the screen, or `nil` when it can.
    public static func problem(with title: String) -> String? {
        check(title)?.description
    }
}

/// Why a todo title was refused.
public enum TitleProblem: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing but white space.
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
