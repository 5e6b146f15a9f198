public import SceneServices
public import Streams

/// The view model of one feed's items: newest first, all or only unread ones, read and unread,
/// mark all read, one item's text and link, and the next unread item across feeds (which may
/// show another feed's items). Items come from storage, so they stay readable offline.
///
/// Only the window the viewport shows is asked for, so a feed of 100,000 items costs what its
/// window costs; a new window cancels the observation of the previous one.
///
/// ```swift
/// let viewModel = FeedItemsViewModel(service: FeedItemsService(), feedID: 3, scheduler: uiScheduler)
/// let range = PublishRelay<VisibleRange>()
/// let output = viewModel.transform(input: .init(visibleRange: range.asObservable()))
/// output.rows.subscribe(onNext: { rows in render(rows) }).disposed(by: bag)
/// range.accept(VisibleRange(offset: 0, limit: 20))
/// ```
public struct FeedItemsViewModel: ViewModelType, Sendable {
    /// The most rows one window may ask for.
    public static let maximumWindow = 500

    let service: any FeedItemsServiceType
    let scheduler: any Scheduler
    /// The feed whose items are shown first.
    public let feedID: Int64
    /// The item opened for reading at once (and marked read), if any.
    public let openingItemID: Int64?

    /// Creates the view model for the feed `feedID`, reading the item `openingItemID` at once
    /// when given; every output delivers on `scheduler`.
    public init(
        service: any FeedItemsServiceType, feedID: Int64, openingItemID: Int64? = nil, scheduler: any Scheduler
    ) {
        self.service = service
        self.feedID = feedID
        self.openingItemID = openingItemID
        self.scheduler = scheduler
    }

    /// What the UI feeds the scene. Every stream defaults to one that never sends.
    public struct Input: Sendable {
        /// An item to open for reading (it becomes read).
        public var open: Observable<Int64>
        /// Close the opened item.
        public var close: Observable<Void>
        /// An item to mark read when unread, unread when read.
        public var toggleRead: Observable<Int64>
        /// A link of an item to open in the browser.
        public var openLink: Observable<LinkRequest>
        /// Mark every item of the feed read.
        public var markAllRead: Observable<Void>
        /// Show the key map.
        public var help: Observable<Void>
        /// Go back.
        public var back: Observable<Void>
        /// The rows the viewport shows.
        public var visibleRange: Observable<VisibleRange>
        /// Go to the next unread item after one, across feeds, and read it.
        public var nextUnread: Observable<NextUnreadRequest>
        /// List only unread items, or all items again.
        public var toggleUnreadOnly: Observable<Void>

        /// Creates inputs; those left out never send.
        public init(
            open: Observable<Int64> = .never(), close: Observable<Void> = .never(),
            toggleRead: Observable<Int64> = .never(), openLink: Observable<LinkRequest> = .never(),
            markAllRead: Observable<Void> = .never(),
            help: Observable<Void> = .never(), back: Observable<Void> = .never(),
            visibleRange: Observable<VisibleRange> = .never(),
            nextUnread: Observable<NextUnreadRequest> = .never(), toggleUnreadOnly: Observable<Void> = .never()
        ) {
            self.visibleRange = visibleRange
            self.nextUnread = nextUnread
            self.toggleUnreadOnly = toggleUnreadOnly
            self.open = open
            self.close = close
            self.toggleRead = toggleRead
            self.openLink = openLink
            self.markAllRead = markAllRead
            self.help = help
            self.back = back
        }
    }

    /// What the scene renders. No output fails.
    public struct Output: Sendable {
        /// The feed's title.
        public let title: Driver<String>
        /// The rows of the visible window, newest first.
        public let rows: Driver<[FeedItemRow]>
        /// How many items the feed has in all, for the scroll bar.
        public let totalCount: Driver<Int>
        /// How many of the feed's items are unread, in all.
        public let unreadCount: Driver<Int>
        /// The opened item, or `nil`.
        public let detail: Driver<FeedItemDetail?>
        /// Whether the rows shown are not yet those of the latest window.
        public let isLoading: Driver<Bool>
        /// The latest failure to show, or `nil`.
        public let errorMessage: Driver<String?>
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires the scene's inputs to its outputs.
    public func transform(input: Input) -> Output {
        let (state, route) = pipeline(input)
        let output = StateOutputs(state, scheduler: scheduler)
        return Output(
            title: output(\.feedTitle), rows: output(\.rows), totalCount: output(\.totalCount),
            unreadCount: output(\.unreadCount),
            detail: output(\.detail), isLoading: output(\.isLoading), errorMessage: output(\.errorMessage),
            route: route)
    }

    /// The scene's data state and its routes, from the inputs.
    func pipeline(_ input: Input) -> (state: Observable<State>, route: Signal<Route>) {
        let service = service
        let scheduler = scheduler
        let openingItemID = openingItemID

        // Moves to an item: the next unread one, or the one the scene opened with.
        let nextUnread = input.nextUnread.concatMap { request in
            service.nextUnreadItem(after: request.afterItemID, feedID: request.feedID, keeping: request.keptItemIDs)
                .map { result -> Event in
                    switch result {
                    case .success(let place?): .jumped(place)
                    case .success(nil): .nothingUnread
                    case .failure(let error):
                        .commandFailed(error.message(after: "Could not find the next unread item"))
                    }
                }
                .recover { .commandFailed("Could not find the next unread item: \($0)") }
        }
        let opening = Observable.deferred { () -> Observable<Event> in
            guard let openingItemID else { return .empty() }
            return service.locateItem(id: openingItemID).map { result -> Event in
                switch result {
                case .success(let place): .jumped(place)
                case .failure(let error): .commandFailed(error.message(after: "Could not open the item"))
                }
            }
            .recover { .commandFailed("Could not open the item: \($0)") }
        }
        // The opening item is looked up once every part of the scene listens for it.
        let jumps = Observable.merge(nextUnread, opening.subscribe(on: scheduler)).share()
        let arrivals = jumps.compactMap { event -> FeedItemPlace? in
            guard case .jumped(let place) = event else { return nil }
            return place
        }
        .share()
        let feedID = arrivals.map(\.item.feedID).startWith(self.feedID).distinctUntilChanged().share(replay: 1)
        let keptItemIDs = Self.keptItemIDs(
            toggles: input.toggleUnreadOnly,
            read: Observable.merge(input.open, input.toggleRead, arrivals.map(\.item.id)))

        let window = Observable.combineLatest(
            feedID, keptItemIDs, input.visibleRange.map(Self.window(for:)).startWith(Window())
        ) { feedID, kept, range in
            Window(offset: range.offset, limit: range.limit, feedID: feedID, keptItemIDs: kept)
        }
        .distinctUntilChanged()
        .share(replay: 1)
        let pages = window.flatMapLatest { window in
            let page =
                if let kept = window.keptItemIDs {
                    service.observeUnreadPage(
                        feedID: window.feedID, keeping: kept, offset: window.offset, limit: window.limit, on: scheduler)
                } else {
                    service.observePage(
                        feedID: window.feedID, offset: window.offset, limit: window.limit, on: scheduler)
                }
            return page.recoveringAsResult().map { Event.pageLoaded(window, $0) }
        }
        .share(replay: 1)
        let latestPage = pages.compactMap { event -> FeedItemPage? in
            guard case .pageLoaded(_, .success(let page)) = event else { return nil }
            return page
        }

        let readChanges = Observable.merge(
            input.open.withLatestFrom(latestPage) { id, page in (id, page.items.first { $0.id == id }) }
                .compactMap { id, item in item?.isRead == false ? (id, true) : nil },
            arrivals.compactMap { place in place.item.isRead ? nil : (place.item.id, true) },
            input.toggleRead.withLatestFrom(latestPage) { id, page in (id, page.items.first { $0.id == id }) }
                .compactMap { id, item in item.map { (id, !$0.isRead) } }
        )
        .concatMap { id, isRead in
            service.setRead(itemID: id, isRead).commandEvent("Could not change the item", as: Event.self)
        }
        let links = input.openLink.withLatestFrom(latestPage) { request, page in
            (request, page.items.first { $0.id == request.itemID })
        }
        .concatMap { request, item -> Observable<Event> in
            switch Self.link(of: item, number: request.number) {
            case .failure(let error):
                return .just(.commandFailed(error.message))
            case .success(let url):
                return service.openLink(url).map { result in
                    switch result {
                    case .success: .commandSucceeded
                    case .failure(let error): .commandFailed(error.message)
                    }
                }
                .recover { .commandFailed("Could not open the link: \($0)") }
            }
        }
        let markAll = input.markAllRead.withLatestFrom(feedID).concatMap { feedID in
            service.markAllRead(feedID: feedID).commandEvent("Could not mark the items read", as: Event.self)
        }

        let state = Observable.merge(
            feedID.flatMapLatest { feedID in
                service.observeFeed(id: feedID, on: scheduler).recoveringAsResult()
            }
            .map(Event.feedLoaded),
            window.map(Event.windowChanged),
            pages,
            input.open.map(Event.open),
            input.close.map { Event.close },
            readChanges,
            links,
            markAll,
            jumps
        )
        .scan(State(), accumulator: Self.reduce)
        .startWith(State())
        .share(replay: 1)

        let route = Observable.merge(input.help.map { Route.help(.feedItems) }, input.back.map { Route.back })
            .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)
        return (state, route)
    }

    /// The items kept in the list while it shows only unread ones: `nil` while it shows all;
    /// each toggle starts again, and every item read or marked meanwhile is kept.
    static func keptItemIDs(toggles: Observable<Void>, read: Observable<Int64>) -> Observable<Set<Int64>?> {
        enum Change: Sendable {
            case toggle
            case keep(Int64)
        }
        return Observable.merge(toggles.map { Change.toggle }, read.map(Change.keep))
            .scan(Set<Int64>?.none) { kept, change in
                switch change {
                case .toggle: kept == nil ? [] : nil
                case .keep(let id): kept.map { $0.union([id]) }
                }
            }
            .startWith(nil)
            .distinctUntilChanged()
            .share(replay: 1)
    }

    /// Where to look for the next unread item: after `afterItemID` (from the top when `nil`) in
    /// the feed `feedID`, whose list keeps `keptItemIDs` (see ``Window/keptItemIDs``).
    public struct NextUnreadRequest: Sendable, Hashable {
        /// The item the person is on, if any.
        public var afterItemID: Int64?
        /// The feed shown.
        public var feedID: Int64
        /// How the list is filtered, so that the item found is selected where it is listed.
        public var keptItemIDs: Set<Int64>?

        /// Creates a request.
        public init(afterItemID: Int64?, feedID: Int64, keptItemIDs: Set<Int64>? = nil) {
            self.afterItemID = afterItemID
            self.feedID = feedID
            self.keptItemIDs = keptItemIDs
        }
    }

    /// Which link of an item to open: its own link, or the numbered link `number` (from 1).
    public struct LinkRequest: Sendable, Hashable {
        /// The item whose link it is.
        public var itemID: Int64
        /// The number of the link in the item's text, or `nil` for the item's own link.
        public var number: Int?

        /// Creates a request.
        public init(itemID: Int64, number: Int? = nil) {
            self.itemID = itemID
            self.number = number
        }
    }

    /// The address to open for `item`, or why there is none.
    static func link(of item: FeedItem?, number: Int?) -> Result<String, SceneError> {
        guard let item else { return .failure(SceneError.gone(.item)) }
        guard let number else {
            return item.link.map { .success($0) } ?? .failure(SceneError.link(.noLink))
        }
        guard item.links.indices.contains(number - 1) else {
            return .failure(.link(.noNumberedLink(number: number, count: item.links.count)))
        }
        return .success(item.links[number - 1])
    }
}
