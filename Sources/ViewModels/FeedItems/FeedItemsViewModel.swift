public import SceneServices
public import Streams

/// The view model of one feed's items: newest first, read and unread, mark all read, one item's
/// text and link. Items come from storage, so they stay readable offline.
public struct FeedItemsViewModel: ViewModelType, Sendable {
    /// How many items the scene shows at most.
    public static let itemLimit = 500

    let service: any FeedItemsServiceType
    let scheduler: any Scheduler
    /// The feed whose items are shown.
    public let feedID: Int64

    /// Creates the view model for the feed `feedID`; every output delivers on `scheduler`.
    public init(service: any FeedItemsServiceType, feedID: Int64, scheduler: any Scheduler) {
        self.service = service
        self.feedID = feedID
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
        /// Mark every item of the feed read.
        public var markAllRead: Observable<Void>
        /// Show the key map.
        public var help: Observable<Void>
        /// Go back.
        public var back: Observable<Void>

        /// Creates inputs; those left out never send.
        public init(
            open: Observable<Int64> = .never(), close: Observable<Void> = .never(),
            toggleRead: Observable<Int64> = .never(), markAllRead: Observable<Void> = .never(),
            help: Observable<Void> = .never(), back: Observable<Void> = .never()
        ) {
            self.open = open
            self.close = close
            self.toggleRead = toggleRead
            self.markAllRead = markAllRead
            self.help = help
            self.back = back
        }
    }

    /// What the scene renders. No output fails.
    public struct Output: Sendable {
        /// The feed's title.
        public let title: Driver<String>
        /// One row per item, newest first.
        public let rows: Driver<[FeedItemRow]>
        /// How many shown items are unread.
        public let unreadCount: Driver<Int>
        /// The opened item, or `nil`.
        public let detail: Driver<FeedItemDetail?>
        /// Whether the items have not arrived yet.
        public let isLoading: Driver<Bool>
        /// The latest failure to show, or `nil`.
        public let errorMessage: Driver<String?>
        /// Where to go next.
        public let route: Signal<Route>
    }

    /// Wires the scene's inputs to its outputs.
    public func transform(input: Input) -> Output {
        let service = service
        let scheduler = scheduler
        let feedID = feedID

        let items = Observable.deferred {
            service.observeItems(feedID: feedID, offset: 0, limit: Self.itemLimit, on: scheduler)
        }
        .recover { .failure(SceneError("\($0)")) }
        .share(replay: 1)
        let latestItems = items.compactMap { result -> [FeedItem]? in
            guard case .success(let items) = result else { return nil }
            return items
        }

        let readChanges = Observable.merge(
            input.open.withLatestFrom(latestItems) { id, items in (id, items.first { $0.id == id }.map { !$0.isRead }) }
                .compactMap { id, isUnread in isUnread == true ? (id, true) : nil },
            input.toggleRead.withLatestFrom(latestItems) { id, items in (id, items.first { $0.id == id }) }
                .compactMap { id, item in item.map { (id, !$0.isRead) } }
        )
        .concatMap { id, isRead in
            service.setRead(itemID: id, isRead).commandEvent(
                "Could not change the item", success: Event.commandSucceeded, failure: Event.commandFailed)
        }
        let markAll = input.markAllRead.concatMap {
            service.markAllRead(feedID: feedID).commandEvent(
                "Could not mark the items read", success: Event.commandSucceeded, failure: Event.commandFailed)
        }

        let state = Observable.merge(
            Observable.deferred { service.observeFeed(id: feedID, on: scheduler) }.recover {
                .failure(SceneError("\($0)"))
            }
            .map(Event.feedLoaded),
            items.map(Event.itemsLoaded),
            input.open.map(Event.open),
            input.close.map { Event.close },
            readChanges,
            markAll
        )
        .scan(State(), accumulator: Self.reduce)
        .startWith(State())
        .share(replay: 1)

        func output<Value: Equatable & Sendable>(_ value: @escaping @Sendable (State) -> Value) -> Driver<Value> {
            state.map(value).distinctUntilChanged()
                .asDriver(onErrorDriveWith: .empty(scheduler: scheduler), scheduler: scheduler)
        }

        let route = Observable.merge(input.help.map { Route.help(.feedItems) }, input.back.map { Route.back })
            .asSignal(onErrorRecover: { _ in .empty() }, scheduler: scheduler)

        return Output(
            title: output(\.feedTitle), rows: output(\.rows), unreadCount: output(\.unreadCount),
            detail: output(\.detail), isLoading: output(\.isLoading), errorMessage: output(\.errorMessage),
            route: route)
    }
}
