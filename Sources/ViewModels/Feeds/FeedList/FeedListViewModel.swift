import Domain
public import SceneServices
public import Streams

/// The view model of the feeds scene: the feeds with unread counts and last-refresh state;
/// add by address (validated), import an OPML file, remove (and undo or redo it: the history
/// is the one the todo list steps through), refresh one or all with progress, errors per feed,
/// and a search across every feed's items.
///
/// A feed added here is refreshed at once. A new refresh (of one feed, of all, or of a feed
/// just added) replaces one still running: the old one is disposed, so its remaining feeds are
/// not fetched.
public struct FeedListViewModel: ViewModelType, Sendable {
    /// The most items a search lists: the newest that match. More means the words are too
    /// common to be useful, and the count says "200+".
    public static let maximumSearchResults = 200

    let service: any FeedListServiceType
    let scheduler: any Scheduler

    /// Creates the view model over its scene service; every output delivers on `scheduler`.
    public init(service: any FeedListServiceType, scheduler: any Scheduler) {
        self.service = service
        self.scheduler = scheduler
    }

    /// What the UI feeds the feeds scene. Every stream defaults to one that never sends.
    public struct Input: Sendable {
        /// An address typed to subscribe to.
        public var add: Observable<String>
        /// The path of an OPML file whose feeds to subscribe to.
        public var importFile: Observable<String>
        /// A feed to unsubscribe from.
        public var remove: Observable<Int64>
        /// A feed to refresh.
        public var refresh: Observable<Int64>
        /// Refresh every feed.
        public var refreshAll: Observable<Void>
        /// Undo the last change (of any kind, made by any process).
        public var undo: Observable<Void>
        /// Redo the last change undone.
        public var redo: Observable<Void>
        /// A feed whose items to open.
        public var open: Observable<Int64>
        /// Show the key map.
        public var help: Observable<Void>
        /// Go back.
        public var back: Observable<Void>
        /// The text to search every feed's items for; empty ends the search.
        public var search: Observable<String>
        /// A found item to read, in its feed.
        public var openResult: Observable<FeedSearchRow>

        /// Creates inputs; those left out never send.
        public init(
            add: Observable<String> = .never(), importFile: Observable<String> = .never(),
            remove: Observable<Int64> = .never(),
            refresh: Observable<Int64> = .never(), refreshAll: Observable<Void> = .never(),
            undo: Observable<Void> = .never(), redo: Observable<Void> = .never(),
            open: Observable<Int64> = .never(), help: Observable<Void> = .never(), back: Observable<Void> = .never(),
            search: Observable<String> = .never(), openResult: Observable<FeedSearchRow> = .never()
        ) {
            self.undo = undo
            self.redo = redo
            self.search = search
            self.openResult = openResult
            self.add = add
            self.importFile = importFile
            self.remove = remove
            self.refresh = refresh
            self.refreshAll = refreshAll
            self.open = open
            self.help = help
            self.back = back
        }
    }

    /// What the feeds scene renders. No output fails.
    public struct Output: Sendable {
        /// One row per feed, by title.
        public let rows: Driver<[FeedRow]>
        /// Whether the feeds have not arrived yet.
        public let isLoading: Driver<Bool>
        /// How far the running refresh has come, or `nil` when none runs.
        public let progress: Driver<RefreshProgress?>
        /// Why the address being added was refused, or `nil`.
        public let addError: Driver<String?>
        /// The latest other failure to show, or `nil`.
        public let errorMessage: Driver<String?>
        /// What the latest import, undo or redo did, or `nil`.
        public let notice: Driver<String?>
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires the feeds scene's inputs to its outputs.
    public func transform(input: Input) -> Output {
        let (state, route) = pipeline(input)
        let output = StateOutputs(state, scheduler: scheduler)
        return Output(
            rows: output(\.rows), isLoading: output(\.isLoading), progress: output(\.progress),
            addError: output(\.addError), errorMessage: output(\.errorMessage), notice: output(\.notice),
            route: route)
    }

    /// The scene's data state and its routes, from the inputs.
    func pipeline(_ input: Input) -> (state: Observable<State>, route: Signal<Route>) {
        let service = service
        let scheduler = scheduler

        let feeds = Observable.deferred { service.observeFeeds(on: scheduler) }
            .recoveringAsResult()
            .share(replay: 1)
        let latestFeedIDs = feeds.compactMap { result -> [Int64]? in
            guard case .success(let feeds) = result else { return nil }
            return feeds.map(\.id)
        }

        let adds = input.add.concatMap { text -> Observable<Event> in
            switch FeedURLRule.validate(text) {
            case .failure(let problem):
                return .just(.addRejected(problem.message))
            case .success(let url):
                // Subscribing downloads the feed first: a feed that cannot be read is not added.
                return service.addFeed(url: url).recoveringAsResult().map(Event.added).startWith(.addStarted(url))
            }
        }

        let imports = input.importFile.concatMap { text -> Observable<Event> in
            let path = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !path.isEmpty else { return .just(.imported(.failure(SceneError.noImportPath))) }
            return service.importFeeds(fromFile: path).recoveringAsResult().map(
                Event.imported)
        }
        .share()
        // Imported feeds are fetched at once, with the refresh's progress on screen.
        let importedFeedIDs = imports.compactMap { event -> [Int64]? in
            guard case .imported(.success(let summary)) = event else { return nil }
            return summary.addedFeedIDs
        }

        let refreshes = Observable.merge(
            input.refresh.map { [$0] },
            input.refreshAll.withLatestFrom(latestFeedIDs),
            importedFeedIDs
        )
        .filter { !$0.isEmpty }
        .flatMapLatest { ids in
            // A newer refresh cancels the older one. However the stream ends, nothing stays
            // "refreshing…"; a failure of the stream itself is shown.
            service.refresh(feedIDs: ids).materialize().map { step -> Event in
                switch step {
                case .next(let event): .refresh(event)
                case .error(let error): .refreshEnded(failure: "\(error)")
                case .completed: .refreshEnded(failure: nil)
                }
            }
        }

        let removals = input.remove.concatMap { id in
            service.removeFeed(id: id).recoveringAsResult().map(Event.removed)
        }

        // One history for feeds and todos: undo here takes back the last change of either.
        let historySteps = HistoryDirection.steps(undo: input.undo, redo: input.redo) {
            $0 == .undo ? service.undo() : service.redo()
        }
        .map { Event.historyStepped($0, $1) }

        let searchText = input.search.distinctUntilChanged().share()
        let searches = searchText.flatMapLatest { text -> Observable<Event> in
            guard !text.isEmpty else { return .empty() }
            return service.observeSearch(text, limit: Self.maximumSearchResults + 1, on: scheduler)
                .recoveringAsResult()
                .map { Event.searchLoaded(text, $0) }
        }

        let state = Observable.merge(
            feeds.map(Event.feedsLoaded), refreshes, adds, imports, removals, historySteps,
            searchText.map(Event.searchChanged),
            searches
        )
        .scan(State(), accumulator: Self.reduce)
        .startWith(State())
        .share(replay: 1)

        let route = Observable.merge(
            input.open.map { Route.feedItems(feedID: $0) },
            input.openResult.map { Route.feedItems(feedID: $0.feedID, openingItemID: $0.id) },
            input.help.map { Route.help(.feeds) },
            input.back.map { Route.back }
        )
        .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
        return (state, route)
    }
}
