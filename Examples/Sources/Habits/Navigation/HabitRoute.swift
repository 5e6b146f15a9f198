/// Where a habit scene asks to go; the coordinator decides what that means.
public enum HabitRoute: Hashable, Sendable {
    /// The detail of habit `id`.
    case detail(habitID: Int64)
    /// The search for habit ideas on the server.
    case ideas
    /// Back to the scene below.
    case back
    /// End the app.
    case quit
}
