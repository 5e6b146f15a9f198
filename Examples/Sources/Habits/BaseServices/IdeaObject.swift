/// A habit idea, as the server sends it: `{"name": "…", "category": "…"}`. The category is
/// the server's word for it, which may be one this app does not know.
public struct IdeaObject: Hashable, Sendable, Codable {
    /// The habit, as it would be named.
    public var name: String
    /// What it is about, in the server's words (`"health"`, `"mind"`…), if it says.
    public var category: String?

    /// An idea with the given values.
    public init(name: String, category: String? = nil) {
        self.name = name
        self.category = category
    }
}
