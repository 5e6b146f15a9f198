/// How important a todo is, as taskwarrior and todo.txt users write it: `pri:H`, `pri:M`, `pri:L`.
public enum TodoPriority: String, Sendable, Hashable, CaseIterable, Comparable {
    /// High.
    case high = "H"
    /// Medium.
    case medium = "M"
    /// Low.
    case low = "L"

    /// The priority written `text` (`H`, `m`, `high`, `Low`, …), or `nil` when it names none.
    public init?(written text: String) {
        switch text.lowercased() {
        case "h", "high": self = .high
        case "m", "medium": self = .medium
        case "l", "low": self = .low
        default: return nil
        }
    }

    /// High before medium before low.
    public static func < (lhs: TodoPriority, rhs: TodoPriority) -> Bool {
        lhs.rank > rhs.rank
    }

    /// 3 for high, 2 for medium, 1 for low.
    public var rank: Int {
        switch self {
        case .high: 3
        case .medium: 2
        case .low: 1
        }
    }
}
