public import SceneServices

extension FeedItemsViewModel {
    /// Everything a feed's items scene shows, folded from events by ``reduce(_:_:)``.
    public struct State: Sendable, Hashable {
        /// The feed's title; empty until it arrives.
        public var feedTitle: String
        /// The items, newest first.
        public var items: [FeedItem]
        /// Whether the items have not arrived yet.
        public var isLoading: Bool
        /// The item opened for reading, if any.
        public var openedItemID: Int64?
        /// Whether the feed was removed meanwhile.
        public var isFeedGone: Bool
        /// The latest failure to show, if any.
        public var errorMessage: String?

        /// Creates a state; by default loading, with no items.
        public init(
            feedTitle: String = "", items: [FeedItem] = [], isLoading: Bool = true, openedItemID: Int64? = nil,
            isFeedGone: Bool = false, errorMessage: String? = nil
        ) {
            self.feedTitle = feedTitle
            self.items = items
            self.isLoading = isLoading
            self.openedItemID = openedItemID
            self.isFeedGone = isFeedGone
            self.errorMessage = errorMessage
        }

        /// The rows to show.
        public var rows: [FeedItemRow] {
            items.map {
                FeedItemRow(id: $0.id, title: $0.title, dateText: $0.publishedAt.map(DueDate.format), isRead: $0.isRead)
            }
        }

        /// How many shown items are unread.
        public var unreadCount: Int { items.count { !$0.isRead } }

        /// The opened item, when it is (still) among the items.
        public var detail: FeedItemDetail? {
            guard let id = openedItemID, let item = items.first(where: { $0.id == id }) else { return nil }
            return FeedItemDetail(
                id: item.id, title: item.title, text: item.text, link: item.link,
                dateText: item.publishedAt.map(DueDate.format))
        }
    }

    /// Something that happened in a feed's items scene.
    public enum Event: Sendable, Hashable {
        /// The feed arrived (`nil`: it was removed), or failed to.
        case feedLoaded(Result<Feed?, SceneError>)
        /// The items arrived, or failed to.
        case itemsLoaded(Result<[FeedItem], SceneError>)
        /// The person opened an item.
        case open(Int64)
        /// The person closed the opened item.
        case close
        /// A change of read state failed, with this message.
        case commandFailed(String)
        /// A change of read state succeeded.
        case commandSucceeded
    }

    /// The state after `event`.
    public static func reduce(_ state: State, _ event: Event) -> State {
        var next = state
        switch event {
        case .feedLoaded(.success(let feed?)):
            next.feedTitle = feed.title
        case .feedLoaded(.success(nil)):
            next.isFeedGone = true
            next.errorMessage = "This feed was removed."
        case .feedLoaded(.failure(let error)), .itemsLoaded(.failure(let error)):
            next.isLoading = false
            next.errorMessage = "Could not load the items: \(error.message)"
        case .itemsLoaded(.success(let items)):
            next.items = items
            next.isLoading = false
        case .open(let id):
            next.openedItemID = id
        case .close:
            next.openedItemID = nil
        case .commandFailed(let message):
            next.errorMessage = message
        case .commandSucceeded:
            if !state.isFeedGone { next.errorMessage = nil }
        }
        return next
    }
}
