public import Foundation

/// A saved query feed or filter: an expression over feed items (``Domain/FeedItemExpression``).
public struct FeedRuleObject: Sendable, Hashable, Identifiable {
    /// What a rule does with the items it matches.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Shows them together, as a feed of their own.
        case query
        /// Hides them from every list, count and search.
        case filter
    }

    /// The rule's identifier.
    public let id: Int64
    /// What it does.
    public let kind: Kind
    /// A query feed's name; `nil` for a filter.
    public let name: String?
    /// The expression, in the form ``Domain/FeedItemExpression/description`` writes.
    public let expression: String
    /// When it was added.
    public let createdAt: Date

    /// Creates a rule value.
    public init(id: Int64, kind: Kind, name: String?, expression: String, createdAt: Date) {
        self.id = id
        self.kind = kind
        self.name = name
        self.expression = expression
        self.createdAt = createdAt
    }
}

/// A query feed with the items it matches counted, as the feed list shows it.
public struct FeedQueryFeedObject: Sendable, Hashable {
    /// The query feed.
    public let rule: FeedRuleObject
    /// How many items it matches (items a filter hides never do).
    public let itemCount: Int
    /// How many of those are unread.
    public let unreadCount: Int

    /// Creates a counted query feed.
    public init(rule: FeedRuleObject, itemCount: Int, unreadCount: Int) {
        self.rule = rule
        self.itemCount = itemCount
        self.unreadCount = unreadCount
    }
}
