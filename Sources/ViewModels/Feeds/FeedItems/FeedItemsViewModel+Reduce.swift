import Domain
import SceneServices

extension FeedItemsViewModel {
    /// Folds `event` into `state`; returns what the step asks of the service, in order.
    static func reduce(_ state: inout State, _ event: Event) -> [Effect] {
        let readingID = state.openedItem?.id
        var effects: [Effect] = []
        switch event {
        case .action(let action): effects = state.apply(action)
        case .messageExpired(let expiry): state.status.expire(expiry)
        case .feedLoaded(.success(let feed?)):
            state.feedTitle = feed.title
            state.isFeedGone = false
            state.refreshFailure = feed.lastRefresh.failure
        case .feedLoaded(.success(nil)):
            // A feed removed has nothing to refresh: its last refresh's failure goes too.
            (state.isFeedGone, state.refreshFailure) = (true, nil)
            state.status.show(SceneError.gone(.feed).message, .error)
        case .feedLoaded(.failure(let error)):
            state.status.show(error.message(after: "Could not load the feed"), .error)
        case .pageLoaded(let window, .success(let page)):
            state.loadedWindow = window
            state.page = page
            // The opened item follows its stored state (read, unread) while the window holds it;
            // otherwise it stays as it was last seen, still readable.
            if let opened = state.openedItem, let fresh = page.items.first(where: { $0.id == opened.id }) {
                state.openedItem = fresh
            }
        case .pageLoaded(let window, .failure(let error)):
            state.loadedWindow = window
            state.status.show(error.message(after: "Could not load the items"), .error)
        case .jumped(let place):
            // The item's feed is shown, and the item selected once that feed is listed.
            state.openedItem = place.item
            state.jump = Jump(feedID: place.item.feedID, position: place.position)
            state.window.feedID = place.item.feedID
            state.window.keptItemIDs?.insert(place.item.id)
            if !place.item.isRead { effects = [.setRead(place.item.id, true)] }
        case .nothingUnread: state.status.show(nothingUnreadText, .notice)
        case .commandFailed(let message): state.status.show(message, .error)
        case .downloadQueued(let title, let folder):
            state.status.show("Downloading “\(title)” into \(folder).", .notice)
        case .downloadsChanged(let downloads):
            // Each download that ends says how, once.
            for new in downloads where state.downloads.contains(where: { $0.id == new.id && $0.status != new.status }) {
                if let (text, isFailure) = new.ending { state.status.show(text, isFailure ? .error : .notice) }
            }
            state.downloads = downloads
        case .downloadsCancelled(0): state.status.show("No download was running or queued.", .notice)
        case .downloadsCancelled(let count):
            let what = CountText.counted(count, "download", "downloads")
            state.status.show("Cancelled \(what); \(.download) again continues from where it stopped.", .notice)
        case .markedAllRead(0): state.status.show("Every item of this feed was already read.", .notice)
        case .markedAllRead(let count):
            state.status.show("Marked \(CountText.counted(count, "item", "items")) read. \(.undo) undoes it.", .notice)
        case .historyStepped(let direction, .success(let step)): state.status.show(direction.notice(for: step), .notice)
        case .historyStepped(let direction, .failure(let error)): state.status.show(direction.failure(error), .error)
        case .commandSucceeded:
            // A command that worked takes back an earlier one's failure, not the feed's removal.
            if !state.isFeedGone, state.status.error != nil { state.status.dismiss() }
        }
        if state.openedItem?.id != readingID {
            // Another text: from its top, its length unknown until the front end wraps it.
            state.scroll = 0
            state.readerLineCount = 0
        }
        state.settle()
        return effects
    }
}

extension FeedItemsViewModel.State {
    fileprivate typealias Effect = FeedItemsViewModel.Effect

    fileprivate mutating func apply(_ action: FeedItemsViewModel.Action) -> [Effect] {
        switch action {
        case .viewport(let height):
            contentHeight = max(height, 0)
            return []
        case .readerViewport(let height, let lineCount):
            readerHeight = max(height, 0)
            readerLineCount = max(lineCount, 0)
            scroll = min(scroll, maximumScroll)
            return []
        default:
            // A message stays until the next key (or its timeout); a number typed, until one
            // that is no digit.
            status.dismiss()
        }
        let number = linkNumber
        linkNumber = nil
        switch action {
        case .typeDigit(let digit): linkNumber = min((number ?? 0) * 10 + min(max(digit, 0), 9), 99_999)
        case .download:
            guard let item = openedItem ?? selectedRow.flatMap({ item(id: $0.id) }) else { return [] }
            switch item.downloadAddress(number: number) {
            case .success(let url): return [.download(url, title: item.title)]
            case .failure(let error): status.show(error.message, .error)
            }
        case .cancelDownloads:
            if downloads.contains(where: \.isPending) { return [.cancelDownloads] }
            status.show("No download is running or queued.", .notice)
        case .openLink:
            guard let id = openedItem?.id ?? selectedRow?.id else { return [] }
            switch item(id: id).map({ $0.linkAddress(number: number) }) ?? .failure(.gone(.item)) {
            case .success(let url):
                // Opening an item's link is reading it: it is marked read, as Enter does.
                window.keptItemIDs?.insert(id)
                let isUnread = item(id: id).map { !$0.isRead } ?? false
                // Marked first: its success would otherwise take back the opener's failure.
                return (isUnread ? [.setRead(id, true)] : []) + [.openLink(url)]
            case .failure(let error): status.show(error.message, .error)
            }
        case .help, .undo, .redo:
            // The same in the list and the reader.
            return action == .help ? [.route(.help(.feedItems))] : [.step(action == .undo ? .undo : .redo)]
        default: break
        }
        if let reading = openedItem {
            switch action {
            case .close where leavesWithTheReader: return [.route(.back)]
            case .close: openedItem = nil
            case .scroll(let lines): scrollReader(to: scroll + lines)
            case .scrollPages(let pages): scrollReader(to: scroll + pages * max(readerHeight, 1))
            case .scrollToTop: scroll = 0
            case .scrollToBottom: scroll = maximumScroll
            case .toggleRead: return toggleRead(reading.id)
            case .nextUnread: return [nextUnread(after: reading.id)]
            default: break
            }
            return []
        }
        switch action {
        case .select(let move): viewport.selected = viewport.selection(after: move)
        case .open: return selectedRow.map { open($0.id) } ?? []
        case .toggleRead: return selectedRow.map { toggleRead($0.id) } ?? []
        case .markAllRead: return [.markAllRead(feedID: window.feedID)]
        case .nextUnread:
            // The selected item when it is unread (the next one for this list), else the next
            // unread item after it.
            if let row = selectedRow, !row.isRead { return open(row.id) }
            return [nextUnread(after: selectedRow?.id)]
        case .toggleUnreadOnly:
            // Another list: from its top.
            viewport.selected = nil
            viewport.offset = 0
            window.keptItemIDs = window.keptItemIDs == nil ? [] : nil
        case .back: return [.route(.back)]
        default: break
        }
        return []
    }

    /// Reads the item `id` of the window (it becomes read); an unread-only list keeps it.
    private mutating func open(_ id: Int64) -> [Effect] {
        window.keptItemIDs?.insert(id)
        guard let item = item(id: id) else { return [] }
        (openedItem, leavesWithTheReader) = (item, false)
        return item.isRead ? [] : [.setRead(id, true)]
    }

    /// Marks the item `id` of the window read when unread, unread when read; an unread-only list keeps it.
    private mutating func toggleRead(_ id: Int64) -> [Effect] {
        window.keptItemIDs?.insert(id)
        return item(id: id).map { [.setRead(id, !$0.isRead)] } ?? []
    }

    /// Where to look for the next unread item from `itemID`, in the list as it is shown.
    private func nextUnread(after itemID: Int64?) -> Effect {
        .nextUnread(after: itemID, feedID: window.feedID, keeping: window.keptItemIDs)
    }

    /// Scrolls the reader to `line`, kept between the first line and the last page.
    private mutating func scrollReader(to line: Int) {
        scroll = min(max(line, 0), maximumScroll)
    }

    /// Keeps the selection within the feed and in the window, follows a jump once its feed's
    /// list (as filtered now) has loaded, and asks for the window the viewport shows.
    fileprivate mutating func settle() {
        if page.totalCount != viewport.count { viewport.setCount(page.totalCount) }
        if let jump, let loaded = loadedWindow, loaded.feedID == jump.feedID, loaded.feedID == window.feedID,
            loaded.keptItemIDs == window.keptItemIDs
        {
            self.jump = nil
            if viewport.count > 0 { viewport.selected = min(jump.position, viewport.count - 1) }
        }
        viewport.height = contentHeight
        viewport.scrollToSelection()
        // Only the visible window is asked for; the rows arrive with their positions in the feed.
        if viewport.height > 0 { window.ask(for: viewport.window) }
    }
}
