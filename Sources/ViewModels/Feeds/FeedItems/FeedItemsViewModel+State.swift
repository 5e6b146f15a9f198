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
        /// The feed whose items are asked for.
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

    /// Where a move to an item (the next unread one, or the one the scene opened with) puts the
    /// selection once that item's feed is listed: at `position` of the feed `feedID`.
    struct Jump: Sendable, Hashable { let feedID: Int64, position: Int }

    /// The window the viewport asks for, clamped to sane bounds: never before the first item,
    /// at least one row, at most ``maximumWindow`` rows.
    public static func window(for range: VisibleRange) -> Window {
        Window(offset: max(0, range.offset), limit: min(max(1, range.limit), maximumWindow))
    }

    /// What the status line says when no item is unread anywhere.
    public static let nothingUnreadText = "No unread items in any feed."

    /// Everything the scene shows: the feed, the window of its items asked for and the one
    /// shown, the selection, the item being read and how far it is scrolled, and the status
    /// line's message.
    public struct State: Sendable, Hashable, ShowsStatusMessages {
        /// The feed's title; empty until it arrives.
        public internal(set) var feedTitle = ""
        /// The window asked for last: of the feed shown, as it is filtered.
        public internal(set) var window: Window
        /// The window the shown page answers; differs from ``window`` while loading.
        public internal(set) var loadedWindow: Window?
        /// The items of the loaded window, newest first, with the feed's totals.
        public internal(set) var page = FeedItemPage(items: [], totalCount: 0, unreadCount: 0, offset: 0)
        /// The item opened for reading, as last seen, if any.
        public internal(set) var openedItem: FeedItem?
        /// Whether the feed was removed meanwhile.
        public internal(set) var isFeedGone = false
        /// Why the feed's last refresh failed, if it did: its items are those of an earlier one.
        public internal(set) var refreshFailure: String?
        /// Where the latest move to an item puts the selection, until it has.
        var jump: Jump?
        /// The selection and the rows shown.
        public internal(set) var viewport = ListViewport()
        /// The first line of the item being read that is shown; at most ``maximumScroll``.
        public internal(set) var scroll = 0
        /// The rows the list has, as the front end last said.
        public internal(set) var contentHeight = 0
        /// The number typed for the next ``Action/openLink``, if any; any other key forgets it.
        public internal(set) var linkNumber: Int?
        /// The lines of text the reader shows at once, as the front end last said.
        public internal(set) var readerHeight = 0
        /// How many lines the opened item's text wraps to, as the front end last said.
        public internal(set) var readerLineCount = 0
        /// The status line's message (a failure or a notice) until a key or its timeout.
        public internal(set) var status = StatusMessageSlot()

        /// The scene of the feed `feedID` before anything has loaded.
        public init(feedID: Int64 = 0) {
            window = Window(feedID: feedID)
        }

        /// Whether only unread items (and those read since) are listed.
        public var isUnreadOnly: Bool { window.isUnreadOnly }
        /// Whether the rows shown are not yet those of the latest window.
        public var isLoading: Bool { loadedWindow != window }
        /// Whether a window has arrived: the list has items to act on, even while a newer loads.
        public var hasLoaded: Bool { loadedWindow != nil }
        /// How many items the feed has in all, for scrolling.
        public var totalCount: Int { page.totalCount }
        /// How many of the feed's items are unread, in all (not only in the window).
        public var unreadCount: Int { page.unreadCount }
        /// The failure shown, if the status line shows one.
        public var errorMessage: String? { status.error }
        /// What the latest command said when it did nothing, if the status line shows it.
        public var message: String? { status.notice }
        /// The largest ``scroll``: the one whose page ends at the text's last line.
        public var maximumScroll: Int { max(readerLineCount - readerHeight, 0) }
        /// Whether an item is open in the reader.
        public var isReading: Bool { openedItem != nil }

        /// The rows of the loaded window, each with its position in the whole feed.
        public var rows: [FeedItemRow] {
            page.items.enumerated().map { index, item in
                FeedItemRow(
                    id: item.id, title: item.title, dateText: item.publishedAt.map(DueDate.format), isRead: item.isRead,
                    position: page.offset + index)
            }
        }

        /// The opened item's text (its full content, else its summary), link and numbered links.
        public var detail: FeedItemDetail? {
            guard let item = openedItem else { return nil }
            let hasContent = !item.content.isEmpty
            return FeedItemDetail(
                id: item.id, title: item.title, text: hasContent ? item.content : item.text,
                textType: hasContent ? item.contentType : .text, link: item.link,
                dateText: item.publishedAt.map(DueDate.format), links: item.links)
        }

        /// The feed's title, or "Feed" until it is known.
        public var heading: String { feedTitle.isEmpty ? "Feed" : FeedURLRule.hidingPasswords(in: feedTitle) }

        /// The line above the items: that only unread items are listed, and why the feed's last
        /// refresh failed, when it did (the items shown are then those of an earlier refresh).
        public var listHeader: String? {
            let parts = [
                isUnreadOnly ? "Unread only: \(totalCount) listed (U lists all)" : nil,
                refreshFailure.map {
                    "Last refresh failed: \(FeedURLRule.hidingPasswords(in: $0)) (r on the feeds list tries again)"
                },
            ]
            let shown = parts.compactMap { $0 }
            return shown.isEmpty ? nil : shown.joined(separator: " · ")
        }

        /// What an empty list says.
        public var emptyListText: String { isUnreadOnly ? Self.emptyUnreadText : Self.emptyText }

        /// The selected item's row.
        public var selectedRow: FeedItemRow? {
            guard let selected = viewport.selected else { return nil }
            return rows.first { $0.position == selected }
        }

        /// Whether a row is selected whose item has not arrived yet (a window far down a long
        /// feed): a key for the selected item would find none until it does; a front end holds
        /// such keys meanwhile.
        public var isSelectionPending: Bool { viewport.selected != nil && selectedRow == nil }

        /// The rows in the window, in order.
        public var visibleRows: [FeedItemRow] {
            Array(rows.filter { $0.position >= viewport.offset }.prefix(viewport.height))
        }

        /// The item `id`, when the loaded window holds it.
        func item(id: Int64) -> FeedItem? { page.items.first { $0.id == id } }

        /// What an empty feed says.
        public static let emptyText = "No items yet. Go back and press r to refresh the feed."
        /// What an empty list of unread items says.
        public static let emptyUnreadText = "No unread items in this feed. Press U to list all."
    }
}
