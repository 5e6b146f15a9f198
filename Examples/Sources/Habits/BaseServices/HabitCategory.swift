public import SQLiteProvider

/// What a habit is about. Stored as its raw value: the `String` raw value makes it
/// ``SQLValueConvertible`` with no code of its own, so it binds, reads from a column and
/// stores in a record like any text (a value a later version removed reads as a type mismatch,
/// never a crash).
public enum HabitCategory: String, CaseIterable, Codable, Sendable, SQLValueConvertible {
    /// Body: exercise, sleep, food.
    case health
    /// Mind: reading, learning, quiet.
    case mind
    /// Home: chores, plants, money.
    case home
    /// Other people: calls, letters, help.
    case people
    /// Anything else; habits added by hand start here.
    case other
}
