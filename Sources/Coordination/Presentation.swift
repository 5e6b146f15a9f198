/// How a scene is shown relative to the one below it.
public enum Presentation: String, Sendable, Hashable {
    /// The first scene; it is never dismissed.
    case root
    /// Instead of the scene below, which comes back when this one is dismissed.
    case push
    /// Over the scene below, which stays visible behind it (editor, help).
    case modal
}
