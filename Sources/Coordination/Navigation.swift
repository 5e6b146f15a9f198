/// What following a route does to the stack of scenes: the answer of an app's scene factory.
public enum Navigation<Scene: Sendable>: Sendable {
    /// Shows `scene` instead of the top one, which comes back when it is dismissed.
    case push(Scene)
    /// Shows `scene` over the top one, which stays visible behind it.
    case modal(Scene)
    /// Replaces every scene with `scene`, the new root.
    case replace(Scene)
    /// Dismisses the top scene (never the root).
    case pop
    /// Ends the app.
    case quit
    /// Nothing: the route does not apply here.
    case none
}
