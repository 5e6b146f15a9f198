/// The filter and order a person chose for the todo list: kept when they change, and the list
/// opens with them again in another scene or after a restart. The search and the selection are
/// not kept: they belong to one visit.
public struct TodoListChoice: Sendable, Hashable {
    /// Which todos the list shows.
    public var filter: TodoFilter
    /// Their order.
    public var sort: TodoSort

    /// The choice of `filter` and `sort`; by default every todo in the manual order.
    public init(filter: TodoFilter = .all, sort: TodoSort = .manual) {
        self.filter = filter
        self.sort = sort
    }
}

extension TodoQuery {
    /// The filter and order of this query, as a person chose them.
    public var choice: TodoListChoice {
        get { TodoListChoice(filter: filter, sort: sort) }
        set { (filter, sort) = (newValue.filter, newValue.sort) }
    }
}
