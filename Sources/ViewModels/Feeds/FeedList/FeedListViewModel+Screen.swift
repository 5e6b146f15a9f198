import Streams

extension FeedListViewModel {
    /// What the feeds scene is doing with the keyboard.
    public enum Mode: Sendable, Hashable {
        /// Keys move the selection and run commands.
        case browsing
        /// A feed's address or file is typed.
        case adding(PromptText)
        /// The path of an OPML file to import is typed.
        case importing(PromptText)
        /// Removing the feed `id` waits for a yes or a no.
        case confirmingRemove(id: Int64, title: String)
        /// The text to search every feed's items for is typed; the results show as it changes.
        case searching(PromptText)
        /// The results of the search for this text are browsed.
        case searchResults(PromptText)
    }

    /// What a person asks of the feeds scene, whatever the keys that ask it.
    public enum Action: Sendable, Hashable {
        /// The list has `height` rows on screen when no input line is open.
        case viewport(height: Int)
        /// A key the scene has no use for: it only dismisses the message shown, as every key does.
        case dismissMessage
        /// Move the selection.
        case select(ListMove)
        /// Show the selected feed's items.
        case open
        /// Refresh the selected feed.
        case refresh
        /// Refresh every feed.
        case refreshAll
        /// Open the input line for a new feed.
        case startAdding
        /// Open the input line for an OPML file to import.
        case startImporting
        /// Open the input line to search every feed's items (again, when results are shown).
        case startSearching
        /// Ask whether to remove the selected feed.
        case askToRemove
        /// The open input line now holds this.
        case edit(PromptText)
        /// Enter on the input line: add the feed typed, or import the file.
        case submit
        /// Leave the input line or the question without doing anything.
        case cancel
        /// Yes to the question.
        case confirm
        /// Undo the last change (a feed's removal, or any other, by any process).
        case undo
        /// Redo the last change undone.
        case redo
        /// Show the key map.
        case help
        /// Go back.
        case back
    }

    /// Everything the feeds scene shows, with the selection, the scroll window and the open
    /// input line.
    public struct Screen: Sendable, Hashable, ShowsStatusMessages {
        /// The feeds and their refresh state.
        public var feeds: State
        /// The selection and the rows shown.
        public var viewport: ListViewport
        /// The selection and the rows shown of the search's results.
        public var resultsViewport: ListViewport
        /// What the keyboard does now.
        public var mode: Mode
        /// The rows the list has with no input line open, as the front end last said.
        public internal(set) var contentHeight: Int
        /// The status line's message: a failure, or what an import did; until the next key or
        /// its timeout.
        public internal(set) var status: StatusMessageSlot
        /// The address typed last, until it is subscribed to.
        public internal(set) var submittedAddress: String?
        /// An address that was refused: `a` offers it again, to be corrected rather than
        /// typed anew.
        public internal(set) var refusedAddress: String?
        /// A feed just subscribed to, to select once the list shows it.
        var pendingSelection: Int64?

        /// The scene before the feeds have loaded.
        public init() {
            feeds = State()
            viewport = ListViewport()
            resultsViewport = ListViewport()
            mode = .browsing
            contentHeight = 0
            status = StatusMessageSlot()
            pendingSelection = nil
        }

        /// The selected feed's row.
        public var selectedRow: FeedRow? {
            guard let selected = viewport.selected, feeds.feeds.indices.contains(selected) else { return nil }
            return feeds.rows[selected]
        }

        /// The rows in the window, in order.
        public var visibleRows: [FeedRow] {
            Array(feeds.rows[viewport.visiblePositions.clamped(to: feeds.rows.indices)])
        }

        /// Whether the search's results are shown instead of the feeds.
        public var isShowingSearch: Bool {
            switch mode {
            case .searching, .searchResults: true
            default: false
            }
        }

        /// The search results in the window, in order.
        public var visibleSearchRows: [FeedSearchRow] {
            let rows = feeds.searchRows
            return Array(rows[resultsViewport.visiblePositions.clamped(to: rows.indices)])
        }

        /// The selected search result.
        public var selectedSearchRow: FeedSearchRow? {
            let rows = feeds.searchRows
            guard let selected = resultsViewport.selected, rows.indices.contains(selected) else { return nil }
            return rows[selected]
        }

        /// The line above the search's results: what was searched and what it found.
        public var searchHeader: String {
            let text = feeds.searchText
            guard !text.isEmpty else { return "Search all feeds' items: type words of a title or text" }
            if let error = feeds.searchError { return error }
            let found = feeds.isSearching ? "searching…" : feeds.searchCountText
            return "Items matching “\(text)”: \(found)"
        }

        /// What an empty list of results says.
        public var searchEmptyText: String {
            feeds.searchText.isEmpty || feeds.isSearching ? "" : "No item of any feed matches. Esc goes back."
        }

        /// Whether anything is loading or refreshing.
        public var isBusy: Bool {
            feeds.isLoading || feeds.addingURL != nil || feeds.progress != nil
                || feeds.rows.contains { $0.isRefreshing }
        }

        /// What the busy status line says: the refresh's progress, or that a feed is being
        /// subscribed to.
        public var busyText: String { feeds.progress?.text ?? (feeds.addingURL != nil ? "Subscribing" : "") }

        /// "1 feed", "3 feeds".
        public var countText: String { "\(feeds.feeds.count) feed\(feeds.feeds.count == 1 ? "" : "s")" }

        /// The failure shown, if the status line shows one.
        public var errorMessage: String? { status.error }

        /// What the latest import, undo or redo did, if the status line shows it.
        public var message: String? { status.notice }

        /// What an empty list says.
        public static let emptyText = "No feeds. Press a to add one by its address."
    }

    /// What a step of the screen's fold asks the data side to do.
    enum Effect: Sendable, Hashable {
        case add(String)
        case importFile(String)
        case remove(Int64)
        case refresh(Int64)
        case refreshAll
        case undo
        case redo
        case open(Int64)
        case search(String)
        case openResult(FeedSearchRow)
        case help
        case back
    }

    /// The screen after `step`, and what it asks the data side to do.
    static func reduceScreen(_ screen: inout Screen, _ step: ScreenStep<Action, State>) -> [Effect] {
        var effects: [Effect] = []
        switch step {
        case .data(let feeds):
            if feeds.errorSerial != screen.feeds.errorSerial, feeds.addError != nil {
                screen.refusedAddress = screen.submittedAddress
            } else if screen.feeds.addingURL != nil, feeds.addingURL == nil, feeds.addError == nil {
                screen.refusedAddress = nil
            }
            screen.showMessages(of: feeds)
            if feeds.addedFeedID != screen.feeds.addedFeedID { screen.pendingSelection = feeds.addedFeedID }
            let selectedID = screen.selectedRow?.id
            screen.feeds = feeds
            screen.viewport.setCount(feeds.feeds.count)
            // The list changed around the selected feed (one added or renamed, by this process
            // or another): the selection stays on that feed, not on the row it was in. A feed
            // just subscribed to is selected once it is listed.
            if let pending = screen.pendingSelection, let index = feeds.rows.firstIndex(where: { $0.id == pending }) {
                screen.viewport.selected = index
                screen.pendingSelection = nil
            } else if let selectedID, let index = feeds.rows.firstIndex(where: { $0.id == selectedID }) {
                screen.viewport.selected = index
            }
            screen.resultsViewport.setCount(feeds.searchResults.count)
        case .action(let action):
            // A message stays until the next key (or its timeout).
            if case .viewport = action {} else { screen.status.dismiss() }
            effects = screen.apply(action)
        }
        let hasInputLine: Bool =
            switch screen.mode {
            case .browsing, .searchResults: false
            default: true
            }
        screen.viewport.height = max(screen.contentHeight - (hasInputLine ? 1 : 0), 0)
        screen.viewport.scrollToSelection()
        screen.resultsViewport.height = screen.viewport.height
        screen.resultsViewport.scrollToSelection()
        return effects
    }

    /// Wires a front end's actions to the whole scene: the selection, the scroll window, the
    /// input line and the question are kept here; a front end maps keys to ``Action``s and
    /// draws ``Screen``.
    public func transform(screen input: ScreenInput<Action>) -> ScreenOutput<Screen> {
        let effects = ScreenEffects<Effect>()
        let (data, route) = pipeline(
            Input(
                add: effects.requested { if case .add(let text) = $0 { text } else { nil } },
                importFile: effects.requested { if case .importFile(let path) = $0 { path } else { nil } },
                remove: effects.requested { if case .remove(let id) = $0 { id } else { nil } },
                refresh: effects.requested { if case .refresh(let id) = $0 { id } else { nil } },
                refreshAll: effects.requested { $0 == .refreshAll ? () : nil },
                undo: effects.requested { $0 == .undo ? () : nil },
                redo: effects.requested { $0 == .redo ? () : nil },
                open: effects.requested { if case .open(let id) = $0 { id } else { nil } },
                help: effects.requested { $0 == .help ? () : nil },
                back: effects.requested { $0 == .back ? () : nil },
                search: effects.requested { if case .search(let text) = $0 { text } else { nil } },
                openResult: effects.requested { if case .openResult(let row) = $0 { row } else { nil } }))
        let screen = effects.screen(
            Screen(), actions: input.actions, data: data, reduce: Self.reduceScreen,
            isRoute: { effect in
                switch effect {
                case .open, .openResult, .help, .back: true
                default: false
                }
            }, scheduler: scheduler)
        return ScreenOutput(state: screen, route: route)
    }
}

extension FeedListViewModel.Screen {
    /// Shows what `data` reports that is new: a failure (why an address was refused first), or
    /// what an import did; an import with failures says both.
    fileprivate mutating func showMessages(of data: FeedListViewModel.State) {
        let notice = data.noticeSerial != feeds.noticeSerial ? data.notice : nil
        if data.errorSerial != feeds.errorSerial, let error = data.addError ?? data.errorMessage {
            status.show(notice.map { "\($0) \(error)" } ?? error, .error)
        } else if let notice {
            status.show(notice, .notice)
        }
    }

    fileprivate mutating func apply(_ action: FeedListViewModel.Action) -> [FeedListViewModel.Effect] {
        switch (action, mode) {
        case (.dismissMessage, _):
            return []
        case (.viewport(let height), _):
            contentHeight = max(height, 0)
        case (.startSearching, .browsing):
            mode = .searching(PromptText())
            resultsViewport.selected = nil
        case (.startSearching, .searchResults(let text)):
            mode = .searching(text)
        case (.edit(let text), .searching(let old)):
            mode = .searching(text)
            if text.text != old.text {
                // New results: from their top.
                resultsViewport.selected = nil
                return [.search(text.text)]
            }
        case (.submit, .searching(let text)):
            mode = text.text.isEmpty ? .browsing : .searchResults(text)
        case (.cancel, .searching), (.cancel, .searchResults), (.back, .searchResults):
            mode = .browsing
            return [.search("")]
        case (.select(let move), .searching), (.select(let move), .searchResults):
            resultsViewport.selected = resultsViewport.selection(after: move)
        case (.open, .searchResults), (.open, .searching):
            return selectedSearchRow.map { [.openResult($0)] } ?? []
        case (.help, .searchResults):
            return [.help]
        case (.edit(let text), .adding):
            mode = .adding(text)
        case (.submit, .adding(let text)):
            mode = .browsing
            submittedAddress = text.text
            return [.add(text.text)]
        case (.edit(let text), .importing):
            mode = .importing(text)
        case (.submit, .importing(let text)):
            mode = .browsing
            return [.importFile(text.text)]
        case (.cancel, _):
            mode = .browsing
        case (.confirm, .confirmingRemove(let id, _)):
            mode = .browsing
            return [.remove(id)]
        case (.select(let move), .browsing):
            viewport.selected = viewport.selection(after: move)
        case (.open, .browsing):
            return selectedRow.map { [.open($0.id)] } ?? []
        case (.refresh, .browsing):
            return selectedRow.map { [.refresh($0.id)] } ?? []
        case (.refreshAll, .browsing):
            return [.refreshAll]
        case (.undo, .browsing):
            return [.undo]
        case (.redo, .browsing):
            return [.redo]
        case (.startAdding, .browsing):
            mode = .adding(PromptText(refusedAddress ?? ""))
        case (.startImporting, .browsing):
            mode = .importing(PromptText())
        case (.askToRemove, .browsing):
            if let row = selectedRow { mode = .confirmingRemove(id: row.id, title: row.title) }
        case (.help, .browsing):
            return [.help]
        case (.back, .browsing):
            return [.back]
        default:
            break
        }
        return []
    }
}
