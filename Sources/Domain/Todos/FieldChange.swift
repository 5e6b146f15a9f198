/// What a change does to one optional field of a todo: keep what is stored, set a value, or
/// take the value away. A written todo line (``TodoLine``) names only some fields; the others
/// keep theirs.
public enum FieldChange<Value: Hashable & Sendable>: Hashable, Sendable {
    /// Keep what is stored.
    case keep
    /// Make it this value.
    case set(Value)
    /// Take the value away.
    case remove

    /// The field after the change, for a todo whose stored value is `stored`.
    public func applied(to stored: Value?) -> Value? {
        switch self {
        case .keep: stored
        case .set(let value): value
        case .remove: nil
        }
    }

    /// The value set, if this change sets one.
    public var value: Value? {
        if case .set(let value) = self { value } else { nil }
    }
}
