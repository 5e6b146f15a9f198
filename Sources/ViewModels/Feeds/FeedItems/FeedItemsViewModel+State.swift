package import Domain
package import SceneServices

extension FeedItemsViewModel {
    /// Where a move to an item (the next unread one, or the one the scene opened with) puts the
    /// selection once that item's feed is listed: at `position` of the feed `feedID`.
    struct Jump: Sendable, Hashable { let feedID: Int64, position: Int }

    /// What the status line says when no item is unread anywhere.
    package static let nothingUnreadText = "No unread items in any feed."

    /// Everything the scene shows: the feed, the window of its items asked for and the one
    /// shown, the selection, the item being read and how far it is scrolled, and the status
    /// line's message.
    package struct State: Sendable, Hashable, ShowsStatusMessages {
        /// The feed's title; empty until it arrives.
        package internal(set) var feedTitle = ""
        /// The window asked for last: of the feed shown, as it is filtered.
        package internal(set) var window: FeedItemWindow
        /// The window the shown page answers; differs from ``window`` while loading.
        package internal(set) var loadedWindow: FeedItemWindow?
        /// The items of the loaded window, newest first, with the feed's totals.
        package internal(set) var page = FeedItemPage(items: [], totalCount: 0, unreadCount: 0, offset: 0)
        /// The item opened for reading, as last seen, if any.
        package internal(set) var openedItem: FeedItem?
        /// Whether the feed was removed meanwhile.
        package internal(set) var isFeedGone = false
        /// Why the feed's last refresh failed, if it did: its items are those of an earlier one.
        package internal(set) var refreshFailure: String?
        /// Where the latest move to an item puts the selection, until it has.
        var jump: Jump?
        /// Whether closing the reader leaves the scene: it shows an item a search found, none read from the list since.
        var leavesWithTheReader = false
        /// The selection and the rows shown.
        package internal(set) var viewport = ListViewport()
        /// The first line of the item being read that is shown; at most ``maximumScroll``.
        package internal(set) var scroll = 0
        /// The rows the list has, as the front end last said.
        package internal(set) var contentHeight = 0
        /// The number typed for the next ``Action/openLink``, if any; any other key forgets it.
        package internal(set) var linkNumber: Int?
        /// The lines of text the reader shows at once, as the front end last said.
        package internal(set) var readerHeight = 0
        /// How many lines the opened item's text wraps to, as the front end last said.
        package internal(set) var readerLineCount = 0
        /// The status line's message (a failure or a notice) until a key or its timeout.
        package internal(set) var status = StatusMessageSlot()
        /// The process's downloads, as the queue last showed them.
        package internal(set) var downloads: [Download] = []

        /// The scene of the feed `feedID` before anything has loaded.
        package init(feedID: Int64 = 0, leavesWithTheReader: Bool = false) {
            (window, self.leavesWithTheReader) = (FeedItemWindow(feedID: feedID), leavesWithTheReader)
        }

        /// Whether only unread items (and those read since) are listed.
        package var isUnreadOnly: Bool { window.isUnreadOnly }
        /// Whether the rows shown are not yet those of the latest window.
        package var isLoading: Bool { loadedWindow != window }
        /// Whether a window has arrived: the list has items to act on, even while a newer loads.
        package var hasLoaded: Bool { loadedWindow != nil }
        /// How many items the feed has in all, for scrolling.
        package var totalCount: Int { page.totalCount }
        /// How many of the feed's items are unread, in all (not only in the window).
        package var unreadCount: Int { page.unreadCount }
        /// The largest ``scroll``: the one whose page ends at the text's last line.
        package var maximumScroll: Int { max(readerLineCount - readerHeight, 0) }
        /// Whether an item is open in the reader.
        package var isReading: Bool { openedItem != nil }

        /// The rows of the loaded window, each with its position in the whole feed.
        package var rows: [FeedItemRow] {
            page.items.enumerated().map { index, item in
                FeedItemRow(
                    id: item.id, title: item.title, dateText: item.publishedAt.map(DueDate.format), isRead: item.isRead,
                    position: page.offset + index)
            }
        }

        /// The opened item's text (its full content, else its summary), link and numbered links.
        package var detail: FeedItemDetail? {
            guard let item = openedItem else { return nil }
            let hasContent = !item.content.isEmpty
            return FeedItemDetail(
                id: item.id, title: item.title, text: hasContent ? item.content : item.text,
                textType: hasContent ? item.contentType : .text, link: item.link,
                dateText: item.publishedAt.map(DueDate.format), links: item.numberedLinks, enclosures: item.enclosures)
        }

        /// The feed's title, or "Feed" until it is known.
        package var heading: String { feedTitle.isEmpty ? "Feed" : FeedURLRule.hidingPasswords(in: feedTitle) }

        /// The downloads in a few words (``Download/summary(of:)``).
        package var downloadsText: String? { Download.summary(of: downloads) }

        /// The line above the items: that only unread items are listed, why the feed's last
        /// refresh failed, when it did (the items shown are then those of an earlier refresh),
        /// and the downloads.
        package var listHeader: ActionText? {
            let parts: [ActionText?] = [
                isUnreadOnly ? "Unread only: \(totalCount) listed (\(.showAll) lists all)" : nil,
                refreshFailure.map {
                    "Last refresh failed: \(FeedURLRule.hidingPasswords(in: $0)) (\(.refresh) on the feeds list tries again)"
                },
                downloadsText.map { ActionText($0) },
            ]
            return parts.compactMap { $0 }.reduce(nil) { joined, part in joined.map { $0 + " · " + part } ?? part }
        }

        /// What an empty list says: of a feed removed, only that (no refresh would bring items).
        package var emptyListText: ActionText {
            isFeedGone
                ? ActionText(SceneError.gone(.feed).message) : isUnreadOnly ? Self.emptyUnreadText : Self.emptyText
        }

        /// The selected item's row.
        package var selectedRow: FeedItemRow? {
            guard let selected = viewport.selected else { return nil }
            return rows.first { $0.position == selected }
        }

        /// Whether a row is selected whose item has not arrived yet (a window far down a long
        /// feed): a key for the selected item would find none until it does; a front end holds
        /// such keys meanwhile.
        package var isSelectionPending: Bool { viewport.selected != nil && selectedRow == nil }

        /// The rows in the window, in order.
        package var visibleRows: [FeedItemRow] {
            Array(rows.filter { $0.position >= viewport.offset }.prefix(viewport.height))
        }

        /// The item `id`, when the loaded window holds it.
        func item(id: Int64) -> FeedItem? { page.items.first { $0.id == id } }

        /// What an empty feed says.
        package static let emptyText: ActionText = "No items yet. Go back and press \(.refresh) to refresh the feed."
        /// What an empty list of unread items says.
        package static let emptyUnreadText: ActionText = "No unread items in this feed. Press \(.showAll) to list all."
    }
}
