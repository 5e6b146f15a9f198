import Domain
import Streams

extension FeedItemsViewModel {
    /// What a person asks of a feed's items and of the reader, whatever the keys that ask it.
    public enum Action: Sendable, Hashable {
        /// The list has `height` rows on screen.
        case viewport(height: Int)
        /// The reader shows `height` lines of the opened item's text, which wraps to `lineCount`
        /// lines at the screen's width; it pages by `height` and never scrolls past the end.
        case readerViewport(height: Int, lineCount: Int)
        /// Move the selection.
        case select(ListMove)
        /// Read the selected item.
        case open
        /// Mark the selected item (or the one being read) read or unread.
        case toggleRead
        /// Mark every item of the feed read.
        case markAllRead
        /// Read the next unread item: the selected one when it is unread, else the next after it
        /// (or after the one being read) in this feed, then in the following feeds, wrapping
        /// around.
        case nextUnread
        /// List only unread items, or all items again.
        case toggleUnreadOnly
        /// Scroll the reader by this many lines.
        case scroll(by: Int)
        /// Scroll the reader by this many pages.
        case scrollPages(by: Int)
        /// Scroll the reader to the first line.
        case scrollToTop
        /// Scroll the reader so that its last page shows, ending at the last line.
        case scrollToBottom
        /// A digit of the number of the link to open next (`3` then ``openLink`` opens `[3]`).
        case typeDigit(Int)
        /// Open the item's link in the browser, or the numbered link typed just before.
        case openLink
        /// Close the reader.
        case close
        /// Show the key map.
        case help
        /// Go back.
        case back
    }

    /// Everything the scene shows: the list's data, the selection and scroll window, and how far
    /// the item being read is scrolled.
    public struct Screen: Sendable, Hashable, ShowsStatusMessages {
        /// The feed, its window of items and the item being read.
        public var items: State
        /// The selection and the rows shown.
        public var viewport: ListViewport
        /// The first line of the item being read that is shown; at most ``maximumScroll``.
        public var scroll: Int
        /// The rows the list has, as the front end last said.
        public internal(set) var contentHeight: Int
        /// The number typed for the next ``Action/openLink``, if any; any other key forgets it.
        public internal(set) var linkNumber: Int?
        /// The lines of text the reader shows at once, as the front end last said.
        public internal(set) var readerHeight: Int
        /// How many lines the opened item's text wraps to, as the front end last said.
        public internal(set) var readerLineCount: Int
        /// The window asked for last.
        var requestedRange: VisibleRange?
        /// The status line's message (a failure or a notice), until the next key or its timeout.
        public internal(set) var status: StatusMessageSlot
        /// The serial of the last ``FeedItemsViewModel/Jump`` the selection followed.
        var followedJump: Int

        /// The scene before anything has loaded.
        public init() {
            items = State()
            viewport = ListViewport()
            scroll = 0
            contentHeight = 0
            readerHeight = 0
            readerLineCount = 0
            linkNumber = nil
            requestedRange = nil
            status = StatusMessageSlot()
            followedJump = 0
        }

        /// The failure shown, if the status line shows one.
        public var errorMessage: String? { status.error }

        /// What the latest command said when it did nothing, if the status line shows it.
        public var message: String? { status.notice }

        /// The largest ``scroll``: the one whose page ends at the text's last line.
        public var maximumScroll: Int { max(readerLineCount - readerHeight, 0) }

        /// Whether an item is open in the reader.
        public var isReading: Bool { items.detail != nil }

        /// The feed's title, or "Feed" until it is known.
        public var heading: String {
            items.feedTitle.isEmpty ? "Feed" : FeedURLRule.hidingPasswords(in: items.feedTitle)
        }

        /// The line above the items: that only unread items are listed, and why the feed's last
        /// refresh failed, when it did (the items shown are then those of an earlier refresh).
        public var listHeader: String? {
            let parts = [
                items.isUnreadOnly ? "Unread only: \(items.totalCount) listed (U lists all)" : nil,
                items.refreshFailure.map {
                    "Last refresh failed: \(FeedURLRule.hidingPasswords(in: $0)) (r on the feeds list tries again)"
                },
            ]
            let shown = parts.compactMap { $0 }
            return shown.isEmpty ? nil : shown.joined(separator: " · ")
        }

        /// What an empty list says.
        public var emptyListText: String { items.isUnreadOnly ? Self.emptyUnreadText : Self.emptyText }

        /// The selected item's row.
        public var selectedRow: FeedItemRow? {
            guard let selected = viewport.selected else { return nil }
            return items.rows.first { $0.position == selected }
        }

        /// Whether a row is selected whose item has not arrived yet (a window far down a long
        /// feed): a key for the selected item would find none until it does; a front end holds
        /// such keys meanwhile.
        public var isSelectionPending: Bool { viewport.selected != nil && selectedRow == nil }

        /// The rows in the window, in order.
        public var visibleRows: [FeedItemRow] {
            Array(items.rows.filter { $0.position >= viewport.offset }.prefix(viewport.height))
        }

        /// What an empty feed says.
        public static let emptyText = "No items yet. Go back and press r to refresh the feed."

        /// What an empty list of unread items says.
        public static let emptyUnreadText = "No unread items in this feed. Press U to list all."
    }

    /// What a step of the screen's fold asks the data side to do.
    enum Effect: Sendable, Hashable {
        case open(Int64)
        case openLink(LinkRequest)
        case close
        case toggleRead(Int64)
        case markAllRead
        case nextUnread(NextUnreadRequest)
        case toggleUnreadOnly
        case visibleRange(VisibleRange)
        case help
        case back
    }

    /// The screen after `step`, and what it asks the data side to do.
    static func reduceScreen(_ screen: inout Screen, _ step: ScreenStep<Action, State>) -> [Effect] {
        var effects: [Effect] = []
        switch step {
        case .data(let items):
            if items.detail?.id != screen.items.detail?.id {
                // Another text: from its top, its length unknown until the front end wraps it.
                screen.scroll = 0
                screen.readerLineCount = 0
            }
            screen.status.show(
                items.errorMessage, .error, counted: items.errorSerial, before: screen.items.errorSerial)
            screen.status.show(items.notice, .notice, counted: items.noticeSerial, before: screen.items.noticeSerial)
            screen.items = items
            if items.totalCount != screen.viewport.count { screen.viewport.setCount(items.totalCount) }
            screen.followJump()
        case .action(let action):
            switch action {
            case .viewport, .readerViewport: break
            // A message stays until the next key (or its timeout).
            default: screen.status.dismiss()
            }
            effects = screen.apply(action)
        }
        screen.viewport.height = screen.contentHeight
        screen.viewport.scrollToSelection()
        // Only the visible window is asked for; the rows arrive with their positions in the feed.
        let range = VisibleRange(offset: screen.viewport.offset, limit: screen.viewport.height)
        if range.limit > 0, range != screen.requestedRange {
            screen.requestedRange = range
            effects.append(.visibleRange(range))
        }
        return effects
    }

    /// Wires a front end's actions to the whole scene: the selection, the window asked for and
    /// the reader's scroll are kept here; a front end maps keys to ``Action``s and draws
    /// ``Screen``.
    public func transform(screen input: ScreenInput<Action>) -> ScreenOutput<Screen> {
        let effects = ScreenEffects<Effect>()
        let (data, route) = pipeline(
            Input(
                open: effects.requested { if case .open(let id) = $0 { id } else { nil } },
                close: effects.requested { $0 == .close ? () : nil },
                toggleRead: effects.requested { if case .toggleRead(let id) = $0 { id } else { nil } },
                openLink: effects.requested { if case .openLink(let request) = $0 { request } else { nil } },
                markAllRead: effects.requested { $0 == .markAllRead ? () : nil },
                help: effects.requested { $0 == .help ? () : nil },
                back: effects.requested { $0 == .back ? () : nil },
                visibleRange: effects.requested { if case .visibleRange(let range) = $0 { range } else { nil } },
                nextUnread: effects.requested { if case .nextUnread(let request) = $0 { request } else { nil } },
                toggleUnreadOnly: effects.requested { $0 == .toggleUnreadOnly ? () : nil }))
        let screen = effects.screen(
            Screen(), actions: input.actions, data: data, reduce: Self.reduceScreen,
            isRoute: { $0 == .help || $0 == .back }, scheduler: scheduler)
        return ScreenOutput(state: screen, route: route)
    }
}

extension FeedItemsViewModel.Screen {
    fileprivate mutating func apply(_ action: FeedItemsViewModel.Action) -> [FeedItemsViewModel.Effect] {
        switch action {
        case .typeDigit(let digit):
            linkNumber = min((linkNumber ?? 0) * 10 + min(max(digit, 0), 9), 99_999)
            return []
        case .viewport, .readerViewport:
            break
        case .openLink:
            let number = linkNumber
            linkNumber = nil
            guard let id = items.detail?.id ?? selectedRow?.id else { return [] }
            return [.openLink(FeedItemsViewModel.LinkRequest(itemID: id, number: number))]
        default:
            linkNumber = nil
        }
        if case .viewport(let height) = action {
            contentHeight = max(height, 0)
            return []
        }
        if case .readerViewport(let height, let lineCount) = action {
            readerHeight = max(height, 0)
            readerLineCount = max(lineCount, 0)
            scroll = min(scroll, maximumScroll)
            return []
        }
        if let detail = items.detail {
            switch action {
            case .close: return [.close]
            case .scroll(let lines): scrollReader(to: scroll + lines)
            case .scrollPages(let pages): scrollReader(to: scroll + pages * max(readerHeight, 1))
            case .scrollToTop: scroll = 0
            case .scrollToBottom: scroll = maximumScroll
            case .toggleRead: return [.toggleRead(detail.id)]
            case .nextUnread: return [.nextUnread(nextUnreadRequest(after: detail.id))]
            case .help: return [.help]
            default: break
            }
            return []
        }
        switch action {
        case .select(let move): viewport.selected = viewport.selection(after: move)
        case .open: return selectedRow.map { [.open($0.id)] } ?? []
        case .toggleRead: return selectedRow.map { [.toggleRead($0.id)] } ?? []
        case .markAllRead: return [.markAllRead]
        case .nextUnread:
            // The selected item when it is unread (the next one for this list), else the next
            // unread item after it.
            if let row = selectedRow, !row.isRead { return [.open(row.id)] }
            return [.nextUnread(nextUnreadRequest(after: selectedRow?.id))]
        case .toggleUnreadOnly:
            // Another list: from its top.
            viewport.selected = nil
            viewport.offset = 0
            return [.toggleUnreadOnly]
        case .help: return [.help]
        case .back: return [.back]
        default: break
        }
        return []
    }

    /// Where to look for the next unread item from `itemID`, in the list as it is shown.
    private func nextUnreadRequest(after itemID: Int64?) -> FeedItemsViewModel.NextUnreadRequest {
        FeedItemsViewModel.NextUnreadRequest(
            afterItemID: itemID, feedID: items.window.feedID, keptItemIDs: items.window.keptItemIDs)
    }

    /// Selects the item of the latest jump once its feed's list (as filtered now) has loaded.
    fileprivate mutating func followJump() {
        guard let jump = items.jump, jump.serial != followedJump, let loaded = items.loadedWindow,
            loaded.feedID == jump.feedID, loaded.feedID == items.window.feedID,
            loaded.keptItemIDs == items.window.keptItemIDs
        else { return }
        followedJump = jump.serial
        guard viewport.count > 0 else { return }
        viewport.selected = min(jump.position, viewport.count - 1)
    }

    /// Scrolls the reader to `line`, kept between the first line and the last page.
    private mutating func scrollReader(to line: Int) {
        scroll = min(max(line, 0), maximumScroll)
    }
}
