import Domain
public import SceneServices

extension FeedItemsViewModel {
    /// The part of a feed's items the scene asks for: `limit` items from `offset`, newest first,
    /// of the feed `feedID`, all of them or only unread ones.
    public struct Window: Sendable, Hashable {
        /// The position of the first item asked for, from 0 (the newest).
        public var offset: Int
        /// How many items are asked for.
        public var limit: Int
        /// The feed whose items are asked for; 0 until the scene says.
        public var feedID: Int64
        /// `nil` when every item is listed; else only unread items are, with these read ones
        /// (read since the list was filtered, so that they stay under the selection).
        public var keptItemIDs: Set<Int64>?

        /// Creates a window; by default the first 50 items, until the viewport says how many fit.
        public init(offset: Int = 0, limit: Int = 50, feedID: Int64 = 0, keptItemIDs: Set<Int64>? = nil) {
            self.offset = offset
            self.limit = limit
            self.feedID = feedID
            self.keptItemIDs = keptItemIDs
        }

        /// Whether only unread items (and the kept ones) are listed.
        public var isUnreadOnly: Bool { keptItemIDs != nil }
    }

    /// Where the latest move to an item (the next unread one, or the one the scene opened with)
    /// put the selection: the scene selects `position` once the feed's list has loaded.
    public struct Jump: Sendable, Hashable {
        /// Counts the moves, so that a move to the same place again is seen.
        public var serial: Int
        /// The feed of the item.
        public var feedID: Int64
        /// The item's position in the list.
        public var position: Int
    }

    /// The window the viewport asks for, clamped to sane bounds: never before the first item,
    /// at least one row, at most ``maximumWindow`` rows.
    public static func window(for range: VisibleRange) -> Window {
        Window(offset: max(0, range.offset), limit: min(max(1, range.limit), maximumWindow))
    }

    /// Everything a feed's items scene shows, folded from events by ``reduce(_:_:)``.
    public struct State: Sendable, Hashable {
        /// The feed's title; empty until it arrives.
        public var feedTitle: String
        /// The window asked for last.
        public var window: Window
        /// The window the shown page answers; differs from ``window`` while loading.
        public var loadedWindow: Window?
        /// The items of the loaded window, newest first, with the feed's totals.
        public var page: FeedItemPage
        /// The item opened for reading, as last seen, if any.
        public var openedItem: FeedItem?
        /// Whether the feed was removed meanwhile.
        public var isFeedGone: Bool
        /// The latest failure to show, if any.
        public var errorMessage: String? {
            didSet { if errorMessage != nil { errorSerial += 1 } }
        }
        /// How many failures there have been: the same failure twice is shown twice.
        public private(set) var errorSerial = 0
        /// Why the feed's last refresh failed, if it did: its items are those of an earlier one.
        public var refreshFailure: String?
        /// The latest move to an item, if any.
        public var jump: Jump?
        /// What the latest command said when it did nothing, if it did (no unread item anywhere).
        public var notice: String? {
            didSet { if notice != nil { noticeSerial += 1 } }
        }
        /// How many notices there have been: the same notice twice is shown twice.
        public private(set) var noticeSerial = 0

        /// Creates a state; by default loading the first window, with no items.
        public init(
            feedTitle: String = "", window: Window = Window(), loadedWindow: Window? = nil,
            page: FeedItemPage = FeedItemPage(items: [], totalCount: 0, unreadCount: 0, offset: 0),
            openedItem: FeedItem? = nil, isFeedGone: Bool = false, errorMessage: String? = nil
        ) {
            self.feedTitle = feedTitle
            self.window = window
            self.loadedWindow = loadedWindow
            self.page = page
            self.openedItem = openedItem
            self.isFeedGone = isFeedGone
            self.errorMessage = errorMessage
            self.refreshFailure = nil
            self.jump = nil
            self.notice = nil
        }

        /// Whether only unread items (and those read since) are listed.
        public var isUnreadOnly: Bool { window.isUnreadOnly }

        /// Whether the rows shown are not yet those of the latest window.
        public var isLoading: Bool { loadedWindow != window }

        /// Whether a window has arrived: the list has items to act on, even while a newer
        /// window loads.
        public var hasLoaded: Bool { loadedWindow != nil }

        /// The rows of the loaded window, each with its position in the whole feed.
        public var rows: [FeedItemRow] {
            page.items.enumerated().map { index, item in
                FeedItemRow(
                    id: item.id, title: item.title, dateText: item.publishedAt.map(DueDate.format), isRead: item.isRead,
                    position: page.offset + index)
            }
        }

        /// How many items the feed has in all, for scrolling.
        public var totalCount: Int { page.totalCount }

        /// How many of the feed's items are unread, in all (not only in the window).
        public var unreadCount: Int { page.unreadCount }

        /// The opened item's text (its full content, else its summary), link and numbered links.
        public var detail: FeedItemDetail? {
            guard let item = openedItem else { return nil }
            return FeedItemDetail(
                id: item.id, title: item.title, text: item.content.isEmpty ? item.text : item.content, link: item.link,
                dateText: item.publishedAt.map(DueDate.format), links: item.links)
        }

        /// The item `id`, when the loaded window holds it.
        public func item(id: Int64) -> FeedItem? {
            page.items.first { $0.id == id }
        }
    }

    /// Something that happened in a feed's items scene.
    public enum Event: Sendable, Hashable {
        /// The feed arrived (`nil`: it was removed), or failed to.
        case feedLoaded(Result<Feed?, SceneError>)
        /// The scene asked for a new window.
        case windowChanged(Window)
        /// A page arrived for a window, or failed to.
        case pageLoaded(Window, Result<FeedItemPage, SceneError>)
        /// The person opened an item.
        case open(Int64)
        /// The person closed the opened item.
        case close
        /// A change of read state failed, with this message.
        case commandFailed(String)
        /// A change of read state succeeded.
        case commandSucceeded
        /// The person went to this item (the next unread one, or the one the scene opened with).
        case jumped(FeedItemPlace)
        /// No item was unread in any feed.
        case nothingUnread
    }

    /// What the status line says when no item is unread anywhere.
    public static let nothingUnreadText = "No unread items in any feed."

    /// The state after `event`.
    public static func reduce(_ state: State, _ event: Event) -> State {
        var next = state
        switch event {
        case .feedLoaded(.success(let feed?)):
            next.feedTitle = feed.title
            next.isFeedGone = false
            if case .failed(let message) = feed.lastRefresh {
                next.refreshFailure = message
            } else {
                next.refreshFailure = nil
            }
        case .feedLoaded(.success(nil)):
            next.isFeedGone = true
            next.errorMessage = "This feed was removed."
        case .feedLoaded(.failure(let error)):
            next.errorMessage = error.message(after: "Could not load the feed")
        case .windowChanged(let window):
            next.window = window
        case .pageLoaded(let window, .success(let page)):
            next.loadedWindow = window
            next.page = page
            // The opened item follows its stored state (read, unread) while the window holds it;
            // otherwise it stays as it was last seen, still readable.
            if let opened = state.openedItem, let fresh = page.items.first(where: { $0.id == opened.id }) {
                next.openedItem = fresh
            }
        case .pageLoaded(let window, .failure(let error)):
            next.loadedWindow = window
            next.errorMessage = error.message(after: "Could not load the items")
        case .open(let id):
            if let item = state.item(id: id) { next.openedItem = item }
            next.notice = nil
        case .jumped(let place):
            next.openedItem = place.item
            next.jump = Jump(
                serial: (state.jump?.serial ?? 0) + 1, feedID: place.item.feedID, position: place.position)
            next.notice = nil
        case .nothingUnread:
            next.notice = nothingUnreadText
        case .close:
            next.openedItem = nil
        case .commandFailed(let message):
            next.errorMessage = message
        case .commandSucceeded:
            if !state.isFeedGone { next.errorMessage = nil }
        }
        return next
    }
}
