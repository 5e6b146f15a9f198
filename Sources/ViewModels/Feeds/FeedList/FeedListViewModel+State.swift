import Domain
public import SceneServices

extension FeedListViewModel {
    /// Everything the feeds scene shows, folded from events by ``reduce(_:_:)``.
    public struct State: Sendable, Hashable {
        /// The feeds, by title.
        public var feeds: [Feed]
        /// Whether the feeds have not arrived yet.
        public var isLoading: Bool
        /// Feeds of the current refresh still to finish.
        public var refreshingIDs: Set<Int64>
        /// Feeds in the current refresh.
        public var refreshTotal: Int
        /// Feeds of the current refresh that finished.
        public var refreshDone: Int
        /// Why the latest refresh of a feed failed, by feed.
        public var refreshErrors: [Int64: String]
        /// The address being subscribed to (downloaded and read first), while it is.
        public var addingURL: String?
        /// The feed subscribed to last from this scene, to select once the list shows it.
        public var addedFeedID: Int64?
        /// Why the address being added was refused, if it was.
        public var addError: String? {
            didSet { if addError != nil { errorSerial += 1 } }
        }
        /// The latest other failure to show, if any. A new one makes an earlier refusal of an
        /// address stale, so it clears ``addError``.
        public var errorMessage: String? {
            didSet {
                guard errorMessage != nil else { return }
                errorSerial += 1
                addError = nil
            }
        }
        /// How many failures there have been: the same failure twice is shown twice.
        public private(set) var errorSerial = 0
        /// What the latest import, undo or redo did, if one ran.
        public var notice: String? {
            didSet { if notice != nil { noticeSerial += 1 } }
        }
        /// How many notices there have been: the same notice twice is shown twice.
        public private(set) var noticeSerial = 0
        /// The search asked for last; empty when none.
        public var searchText: String
        /// The search the results answer; differs from ``searchText`` while searching.
        public var searchedText: String
        /// The items the search found, newest first: at most ``FeedListViewModel/maximumSearchResults``.
        public var searchResults: [FeedSearchResult]
        /// Whether the search found more than it lists.
        public var hasMoreSearchResults: Bool
        /// Why the latest search failed, if it did.
        public var searchError: String?

        /// Creates a state; by default loading, with no feeds.
        public init(
            feeds: [Feed] = [], isLoading: Bool = true, refreshingIDs: Set<Int64> = [], refreshTotal: Int = 0,
            refreshDone: Int = 0, refreshErrors: [Int64: String] = [:], addError: String? = nil,
            errorMessage: String? = nil, notice: String? = nil
        ) {
            self.feeds = feeds
            self.isLoading = isLoading
            self.refreshingIDs = refreshingIDs
            self.refreshTotal = refreshTotal
            self.refreshDone = refreshDone
            self.refreshErrors = refreshErrors
            self.addError = addError
            self.errorMessage = errorMessage
            self.notice = notice
            self.searchText = ""
            self.searchedText = ""
            self.searchResults = []
            self.hasMoreSearchResults = false
            self.searchError = nil
        }

        /// The rows of the search's results.
        public var searchRows: [FeedSearchRow] {
            searchResults.map { result in
                FeedSearchRow(
                    id: result.item.id, feedID: result.item.feedID, title: result.item.title,
                    feedTitle: FeedURLRule.hidingPasswords(in: result.feedTitle),
                    dateText: result.item.publishedAt.map(DueDate.format),
                    isRead: result.item.isRead)
            }
        }

        /// How many items the search found, in words: "no items", "1 item", "200+ items".
        public var searchCountText: String {
            let count = searchResults.count
            if hasMoreSearchResults { return "\(count)+ items" }
            return count == 0 ? "no items" : "\(count) item\(count == 1 ? "" : "s")"
        }

        /// Whether the results shown are not yet those of the latest search.
        public var isSearching: Bool { searchText != searchedText }

        /// How far the current refresh has come; `nil` when none runs.
        public var progress: RefreshProgress? {
            refreshingIDs.isEmpty ? nil : RefreshProgress(done: refreshDone, total: refreshTotal)
        }

        /// The rows to show.
        public var rows: [FeedRow] {
            feeds.map { feed in
                let isRefreshing = refreshingIDs.contains(feed.id)
                var error = refreshErrors[feed.id]
                if error == nil, case .failed(let message) = feed.lastRefresh { error = message }
                let status: String
                if isRefreshing {
                    status = "refreshing…"
                } else if let error {
                    status = "failed: \(error)"
                } else if case .succeeded(let date) = feed.lastRefresh {
                    status = "updated \(DueDate.format(date))"
                } else {
                    status = "never refreshed"
                }
                // An address may carry a password, for fetching; the screen never shows it.
                let shown = FeedURLRule.hidingPasswords(in:)
                return FeedRow(
                    id: feed.id, title: shown(feed.title), url: shown(feed.url), unreadCount: feed.unreadCount,
                    itemCount: feed.itemCount, isRefreshing: isRefreshing, statusText: shown(status),
                    errorMessage: error.map(shown))
            }
        }
    }

    /// Something that happened in the feeds scene.
    public enum Event: Sendable, Hashable {
        /// The feeds arrived, or failed to.
        case feedsLoaded(Result<[Feed], SceneError>)
        /// A step of a refresh.
        case refresh(FeedRefreshEvent)
        /// The refresh stream ended: normally (`nil`), or failing with this message. Feeds it
        /// never finished are no longer shown as refreshing.
        case refreshEnded(failure: String?)
        /// An address was refused before asking the service.
        case addRejected(String)
        /// Subscribing to this address began: it is being downloaded.
        case addStarted(String)
        /// Adding a feed finished.
        case added(Result<Feed, SceneError>)
        /// Removing a feed finished.
        case removed(Result<Feed, SceneError>)
        /// Importing an OPML file finished.
        case imported(Result<FeedImportSummary, SceneError>)
        /// Undo or redo took a step (`nil`: there was none to take), or failed.
        case historyStepped(HistoryDirection, Result<HistoryStep?, SceneError>)
        /// The person searches for this text now (empty: no search).
        case searchChanged(String)
        /// The items of all feeds matching the text arrived (one more than listed means more
        /// match), or failed to.
        case searchLoaded(String, Result<[FeedSearchResult], SceneError>)
    }

    /// The state after `event`.
    public static func reduce(_ state: State, _ event: Event) -> State {
        var next = state
        switch event {
        case .feedsLoaded(.success(let feeds)):
            next.feeds = feeds
            next.isLoading = false
            let ids = Set(feeds.map(\.id))
            next.refreshErrors = state.refreshErrors.filter { ids.contains($0.key) }
        case .feedsLoaded(.failure(let error)):
            next.isLoading = false
            next.errorMessage = error.message(after: "Could not load the feeds")
        case .refresh(.started(let ids)):
            next.refreshingIDs = Set(ids)
            next.refreshTotal = ids.count
            next.refreshDone = 0
            for id in ids { next.refreshErrors[id] = nil }
        case .refresh(.finished(let id, let result)):
            guard next.refreshingIDs.remove(id) != nil else { break }
            next.refreshDone += 1
            if case .failure(let error) = result { next.refreshErrors[id] = error.message }
        case .refreshEnded(let failure):
            next.refreshingIDs = []
            if let failure { next.errorMessage = "Could not refresh: \(failure)" }
        case .addRejected(let message):
            next.addError = message
        case .addStarted(let url):
            next.addingURL = url
        case .added(.success(let feed)):
            next.addingURL = nil
            next.addError = nil
            next.errorMessage = nil
            next.addedFeedID = feed.id
            next.notice =
                "Subscribed to “\(FeedURLRule.hidingPasswords(in: feed.title))”: "
                + CountText.counted(feed.itemCount, "item", "items") + "."
        case .added(.failure(let error)):
            next.addingURL = nil
            next.addError = error.message
        case .removed(.success(let feed)):
            next.errorMessage = nil
            next.notice = "Removed the feed “\(FeedURLRule.hidingPasswords(in: feed.title))”. u undoes it."
        case .removed(.failure(let error)):
            next.errorMessage = error.message(after: "Could not remove the feed")
        case .imported(.success(let summary)):
            next.notice = summary.text
            next.errorMessage = summary.failures.first.map { first in
                let more = summary.failures.count - 1
                return "Not imported: \(first)" + (more > 0 ? " (and \(more) more)" : "")
            }
        case .imported(.failure(let error)):
            next.notice = nil
            next.errorMessage = error.message(after: "Could not import")
        case .historyStepped(let direction, .success(let step)):
            next.errorMessage = nil
            next.notice = direction.notice(for: step)
        case .historyStepped(let direction, .failure(let error)):
            next.errorMessage = direction.failure(error)
        case .searchChanged(let text):
            next.searchText = text
            if text.isEmpty {
                next.searchedText = ""
                next.searchResults = []
                next.hasMoreSearchResults = false
                next.searchError = nil
            }
        case .searchLoaded(let text, .success(let results)):
            guard text == state.searchText else { break }
            next.searchedText = text
            next.searchResults = Array(results.prefix(FeedListViewModel.maximumSearchResults))
            next.hasMoreSearchResults = results.count > FeedListViewModel.maximumSearchResults
            next.searchError = nil
        case .searchLoaded(let text, .failure(let error)):
            guard text == state.searchText else { break }
            next.searchedText = text
            next.searchError = error.message(after: "Could not search")
        }
        return next
    }
}
