import Domain
package import SceneServices

extension FeedListViewModel {
    /// What the feeds scene is doing with the keyboard.
    package enum Mode: Sendable, Hashable {
        /// Keys move the selection and run commands.
        case browsing
        /// A feed's address or file is typed.
        case adding(PromptText)
        /// The path of an OPML file to import is typed.
        case importing(PromptText)
        /// Removing the feed (or the query feed) `id` waits for a yes or a no.
        case confirmingRemove(id: Int64, title: String, isQuery: Bool = false)
        /// The text to search every feed's items for is typed; the results show as it changes.
        case searching(PromptText)
        /// The results of the search for this text are browsed.
        case searchResults(PromptText)
    }

    /// The search across every feed's items, by words or by a query feed's expression.
    package struct Search: Sendable, Hashable {
        /// The text searched for; empty when there is no search by words.
        package internal(set) var text = ""
        /// The query feed whose items are shown, if one is open.
        package internal(set) var query: FeedRule?
        /// The items found, newest first: at most ``FeedListViewModel/maximumSearchResults``.
        package internal(set) var results: [FeedSearchResult] = []
        // The request the results answer, whether more were found than listed, why it failed.
        var answered: FeedSearchRequest?
        var hasMore = false
        var error: String?

        /// The request the results should answer; `nil` when nothing is searched.
        var request: FeedSearchRequest? {
            query.map { .query($0.expression) } ?? (text.isEmpty ? nil : .words(text))
        }

        /// Whether the results shown are not yet those of the latest request.
        package var isSearching: Bool { request != answered }
    }

    /// One entry of the list: a query feed, or a feed.
    enum Entry: Sendable, Hashable {
        case query(FeedRule)
        case feed(Feed)
    }

    /// An address typed to subscribe to: as typed, and as validated.
    struct Submission: Sendable, Hashable { let typed, url: String }

    /// Everything the feeds scene shows: the feeds and their refresh, the selection and the
    /// scroll window, the input line or question, the search and the status line's message.
    package struct State: Sendable, Hashable, ShowsStatusMessages {
        /// The feeds, by title.
        package internal(set) var feeds: [Feed] = []
        /// The query feeds, by name; the list shows them above the feeds.
        package internal(set) var queries: [FeedRule] = []
        /// The tag whose feeds alone are listed, if the list is filtered (newsboat's `t`).
        package internal(set) var tagFilter: String?
        /// Whether the feeds have not arrived yet.
        package internal(set) var isLoading = true
        /// The current refresh: the feeds still running, how many are done, what they brought.
        var refresh = RefreshTally()
        /// The feeds being refreshed now, by this scene or not.
        var refreshingNow: Set<Int64> = []
        /// Why each feed's refresh failed, when it did in this process.
        var refreshErrors: [Int64: String] = [:]
        /// What the summary of the current refresh follows (an import's report), if anything.
        var refreshLead: String?
        /// The addresses to subscribe to, in the order typed; the first is downloaded and read.
        var submissions: [Submission] = []
        /// The search of every feed's items.
        package internal(set) var search = Search()
        /// The selection and the rows shown.
        package internal(set) var viewport = ListViewport()
        /// The selection and the rows shown of the search's results.
        package internal(set) var resultsViewport = ListViewport()
        /// What the keyboard does now.
        package internal(set) var mode = Mode.browsing
        /// The rows the list has with no input line open, as the front end last said.
        package internal(set) var contentHeight = 0
        /// The status line's message (a failure, or what was just done) until a key or its timeout.
        package internal(set) var status = StatusMessageSlot()
        /// An address refused while another line was open: the next add offers it, to be corrected.
        var refusedAddress: String?
        /// A feed just subscribed to, to select once the list shows it.
        var pendingSelection: Int64?

        /// The scene before the feeds have loaded.
        package init() {}

        /// The address being subscribed to (downloaded and read first), while it is.
        package var addingURL: String? { submissions.first?.url }
        /// How far the current refresh has come; `nil` when none runs.
        package var progress: RefreshProgress? {
            refresh.running.isEmpty ? nil : RefreshProgress(done: refresh.done, total: refresh.total)
        }

        /// What the list shows: query feeds, then feeds by title; with a tag filter, the feeds within it.
        var entries: [Entry] {
            guard let tagFilter else { return queries.map(Entry.query) + feeds.map(Entry.feed) }
            return feeds.filter { $0.tags.contains { FeedTag.tag($0, isWithin: tagFilter) } }.map(Entry.feed)
        }
        /// Every tag of a feed, in order.
        package var tags: [String] { Set(feeds.flatMap(\.tags)).sorted() }
        /// One row per entry: query feeds, then feeds by title.
        package var rows: [FeedRow] { entries.map(row(of:)) }
        /// The selected row.
        package var selectedRow: FeedRow? { viewport.selection(in: entries).map(row(of:)) }

        /// The rows in the window, in order.
        package var visibleRows: [FeedRow] { viewport.shown(in: entries).map(row(of:)) }

        /// Whether the search's results are shown instead of the feeds.
        package var isShowingSearch: Bool {
            switch mode {
            case .searching, .searchResults: true
            default: false
            }
        }

        /// The search results in the window, in order.
        package var visibleSearchRows: [FeedSearchRow] {
            resultsViewport.shown(in: search.results).map(FeedSearchRow.init)
        }

        /// The selected search result.
        package var selectedSearchRow: FeedSearchRow? {
            resultsViewport.selection(in: search.results).map(FeedSearchRow.init)
        }

        /// The line above the search's results: what was searched and what it found.
        package var searchHeader: String {
            if let query = search.query {
                let found = search.error ?? (search.isSearching ? "searching…" : foundText)
                return "Query feed “\(query.name ?? "")” (\(query.expression)): \(found)"
            }
            guard !search.text.isEmpty else { return "Search all feeds' items: type words of a title or text" }
            if let error = search.error { return error }
            return "Items matching “\(search.text)”: \(search.isSearching ? "searching…" : foundText)"
        }

        /// How many items the search found: "no items", "3 items", "200+ items".
        private var foundText: String {
            let count = search.results.count
            return search.hasMore
                ? "\(count)+ items" : count == 0 ? "no items" : CountText.counted(count, "item", "items")
        }

        /// What an empty list of results says.
        package var searchEmptyText: ActionText {
            search.request == nil || search.isSearching ? "" : "No item of any feed matches. \(.back) goes back."
        }

        /// Whether anything is loading, subscribing or refreshing.
        package var isBusy: Bool { isLoading || addingURL != nil || !refresh.running.isEmpty }
        /// What the busy status line says: the refresh's progress, or that a feed is subscribed to.
        package var busyText: String { progress?.text ?? (addingURL != nil ? "Subscribing" : "") }
        /// "1 feed", "3 feeds", "2 of 5 feeds tagged “tech”".
        package var countText: String {
            let all = "\(feeds.count) feed\(feeds.count == 1 ? "" : "s")"
            guard let tagFilter else { return all }
            return "\(entries.count) of \(all) tagged “\(tagFilter)”"
        }
        /// What an empty list says.
        package static let emptyText: ActionText = "No feeds. Press \(.add) to add one by its address."

        /// The row of `feed`: its counts and how its last refresh went. An address may carry a
        /// password, for fetching; the screen never shows it.
        private func row(of entry: Entry) -> FeedRow {
            let feed: Feed
            switch entry {
            case .feed(let entry): feed = entry
            case .query(let query):
                return FeedRow(
                    id: query.id, title: query.name ?? "", url: "", unreadCount: query.unreadCount,
                    itemCount: query.itemCount, isRefreshing: false, statusText: "query feed: \(query.expression)",
                    errorMessage: nil, isQuery: true)
            }
            let isRefreshing = refresh.running.contains(feed.id) || refreshingNow.contains(feed.id)
            let error = refreshErrors[feed.id] ?? feed.lastRefresh.failure
            var status = "never refreshed"
            if case .succeeded(let date) = feed.lastRefresh { status = "updated \(DueDate.format(date))" }
            if let error { status = "failed: \(error)" }
            if isRefreshing { status = "refreshing…" }
            let shown = FeedURLRule.hidingPasswords(in:)
            return FeedRow(
                id: feed.id, title: shown(feed.title), url: shown(feed.url), unreadCount: feed.unreadCount,
                itemCount: feed.itemCount, isRefreshing: isRefreshing, statusText: shown(status),
                errorMessage: error.map(shown), tags: feed.tags)
        }
    }
}

extension FeedSearchRow {
    /// The row of `result`; the feed's title never shows the password of its address.
    init(_ result: FeedSearchResult) {
        id = result.item.id
        feedID = result.item.feedID
        title = result.item.title
        feedTitle = FeedURLRule.hidingPasswords(in: result.feedTitle)
        dateText = result.item.publishedAt.map(DueDate.format)
        isRead = result.item.isRead
    }
}
