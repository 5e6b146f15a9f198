/// A saved query feed (with a name) or filter (without): an expression over feed items, as
/// ``Domain/FeedItemExpression`` reads it.
package struct FeedRule: Sendable, Hashable, Identifiable {
    /// The rule's identifier.
    package let id: Int64
    /// A query feed's name; `nil` for a filter.
    package let name: String?
    /// The expression as stored.
    package let expression: String

    /// How many items a query feed matches, where the feed list counts them; else 0.
    package let itemCount: Int
    /// How many of those are unread.
    package let unreadCount: Int

    /// Whether the rule is a query feed (else a filter, which hides what it matches).
    package var isQuery: Bool { name != nil }

    /// Creates a rule.
    package init(id: Int64, name: String?, expression: String, itemCount: Int = 0, unreadCount: Int = 0) {
        self.id = id
        self.name = name
        self.expression = expression
        self.itemCount = itemCount
        self.unreadCount = unreadCount
    }
}
