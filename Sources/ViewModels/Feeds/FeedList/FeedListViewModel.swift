import Domain
package import SceneServices
package import Streams

/// The view model of the feeds scene: the feeds and query feeds with unread counts, the feeds'
/// last-refresh state; add by address (validated), import an OPML file, remove a feed or a
/// query feed (and undo or redo it: the history is the one the todo list steps through),
/// refresh one or all with progress, errors per feed, and a search across every feed's items.
///
/// A new refresh (of one feed, of all, or of the feeds just imported) replaces one still
/// running: the old one is disposed, so its remaining feeds are not fetched.
package struct FeedListViewModel: ViewModelType, Sendable {
    /// The most items a search lists: the newest that match. More means the words are too
    /// common to be useful, and the count says "200+".
    package static let maximumSearchResults = 200

    let service: any FeedListServiceType
    let scheduler: any Scheduler

    /// Creates the view model over its scene service; every output delivers on `scheduler`.
    package init(service: any FeedListServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }

    /// What a person asks of the feeds scene, whatever the keys that ask it.
    package enum Action: Sendable, Hashable {
        /// The list has `height` rows on screen when no input line is open.
        case viewport(height: Int)
        /// A key the scene has no use for: it only dismisses the message shown, as every key does.
        case dismissMessage
        /// Move the selection.
        case select(ListMove)
        /// Show the selected feed's items.
        case open
        /// Show the whole of the selected feed's last error, which its row may cut.
        case showError
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
        /// List only the feeds of the next tag (after the last, every feed again).
        case filterByTag
        /// List every feed again.
        case clearTagFilter
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

    /// What the person asked, and what the services answered.
    package enum Event: Sendable {
        /// The person asked this.
        case action(Action)
        /// The feeds arrived, or failed to.
        case feedsLoaded(Result<[Feed], SceneError>)
        /// The query feeds arrived, or failed to.
        case queriesLoaded(Result<[FeedRule], SceneError>)
        /// A step of a refresh.
        case refresh(FeedRefreshEvent)
        /// The refresh ended: normally (`nil`), or failing with this message.
        case refreshEnded(failure: String?)
        /// These feeds are being refreshed now, by this scene or not (the app's reload at start).
        case refreshing(Set<Int64>)
        /// Subscribing to the first address waiting finished.
        case added(Result<Feed, SceneError>)
        /// Removing a feed (or a query feed) finished: its title as shown, or why it failed.
        case removed(Result<String, SceneError>, isQuery: Bool)
        /// Importing the OPML file at this path finished.
        case imported(path: String, Result<FeedImportSummary, SceneError>)
        /// Undo or redo took a step (`nil`: there was none to take), or failed.
        case historyStepped(HistoryDirection, Result<HistoryStep?, SceneError>)
        /// The items matching the words or the query arrived (one more than listed: more match), or failed to.
        case searchLoaded(FeedSearchRequest, Result<[FeedSearchResult], SceneError>)
        /// The status line's message has been shown for its time.
        case messageExpired(StatusMessageSlot.Expiry)
    }

    /// What a step asks of the service, or where it goes.
    enum Effect: Sendable, Hashable {
        case add(url: String)
        case importFile(String)
        case remove(Int64, isQuery: Bool)
        case refresh([Int64])
        case step(HistoryDirection)
        case route(Route)
    }

    /// Wires a front end's actions to the whole scene, kept here: a front end maps keys to
    /// ``Action``s and draws ``State``.
    package func transform(input: ScreenInput<Action>) -> ScreenOutput<State> {
        let (service, scheduler) = (service, scheduler)
        let routes = PublishRelay<Route>()
        let refreshes = PublishRelay<Void>()
        let state = Observable.system(
            initialState: State(), reduce: Self.reduce,
            effects: { Self.perform($0, service: service, routes: routes, refreshes: refreshes) },
            scheduler: scheduler, feedback: .events(input.actions.map(Event.action)),
            .events(answer(.deferred { service.observeFeeds(on: scheduler) }, Event.feedsLoaded)),
            .events(answer(.deferred { service.observeQueryFeeds(on: scheduler) }, Event.queriesLoaded)),
            .events(Observable.deferred { service.observeRefreshing(on: scheduler) }.map(Event.refreshing)),
            .react(
                request: \.search.request,
                effects: { request in
                    // One more than listed: whether more match.
                    let found = service.observeItems(request, limit: Self.maximumSearchResults + 1, on: scheduler)
                    return answer(found) { Event.searchLoaded(request, $0) }
                }),
            .expiringMessages(on: scheduler, as: Event.messageExpired))
        return ScreenOutput(states: state, routes: routes, scheduler: scheduler)
    }

    /// Runs `effect`: a service call whose answer comes back as an event, or a route.
    static func perform(
        _ effect: Effect, service: any FeedListServiceType, routes: PublishRelay<Route>, refreshes: PublishRelay<Void>
    ) -> Observable<Event> {
        switch effect {
        case .route(let route): return routes.follow(route)
        case .add(let url): return answer(service.addFeed(url: url), Event.added)
        case .importFile(let path): return answer(service.importFeeds(fromFile: path)) { .imported(path: path, $0) }
        case .remove(let id, let isQuery):
            return answer(service.removeEntry(id: id, isQuery: isQuery)) { Event.removed($0, isQuery: isQuery) }
        case .step(let direction):
            // One history for feeds and todos: undo here takes back the last change of either.
            return answer(service.step(direction).take(1)) { Event.historyStepped(direction, $0) }
        case .refresh(let ids):
            // A newer refresh replaces this one. However the stream ends, nothing stays
            // "refreshing…"; a failure of the stream itself is shown.
            refreshes.accept(())
            return service.refresh(feedIDs: ids).map(Event.refresh)
                .concat(Observable.just(Event.refreshEnded(failure: nil)))
                .catch { .just(.refreshEnded(failure: "\($0)")) }
                .take(until: refreshes)
        }
    }
}
