/// A habit idea as the search scene shows it: a name, and a category this app knows.
public struct HabitIdea: Hashable, Sendable {
    /// The habit, as it would be named.
    public var name: String
    /// What it is about; ``HabitCategory/other`` when the server's word is not one of ours.
    public var category: HabitCategory

    /// An idea with the given values.
    public init(name: String, category: HabitCategory) {
        self.name = name
        self.category = category
    }

    /// The server's idea, its category read as one of ours.
    public init(_ object: IdeaObject) {
        name = object.name
        category = object.category.flatMap { HabitCategory(rawValue: $0.lowercased()) } ?? .other
    }
}
