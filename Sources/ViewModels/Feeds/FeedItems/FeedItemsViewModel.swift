package import Domain
package import SceneServices
package import Streams

/// The view model of one feed's items: newest first, all or only unread ones, read and unread,
/// mark all read, one item's text and link, and the next unread item across feeds (which may
/// show another feed's items). Items come from storage, so they stay readable offline.
///
/// Only the window the viewport shows is asked for, so a feed of 100,000 items costs what its
/// window costs; a new window cancels the observation of the previous one.
///
/// ```swift
/// let viewModel = FeedItemsViewModel(service: services.makeFeedItemsService(), feedID: 3, scheduler: uiScheduler)
/// let actions = PublishRelay<FeedItemsViewModel.Action>()
/// let output = viewModel.transform(input: ScreenInput(actions: actions.asObservable()))
/// output.state.drive(onNext: { state in render(state.visibleRows) }).disposed(by: bag)
/// actions.accept(.viewport(height: 20))
/// ```
package struct FeedItemsViewModel: ViewModelType, Sendable {
    let service: any FeedItemsServiceType
    let scheduler: any Scheduler
    /// The feed whose items are shown first.
    package let feedID: Int64
    /// The item opened for reading at once (and marked read), if any.
    package let openingItemID: Int64?

    /// Creates the view model for the feed `feedID`, reading the item `openingItemID` at once
    /// when given; every output delivers on `scheduler`.
    package init(
        service: any FeedItemsServiceType, feedID: Int64, openingItemID: Int64? = nil, scheduler: any Scheduler
    ) {
        self.service = service
        self.feedID = feedID
        self.openingItemID = openingItemID
        self.scheduler = scheduler
    }

    /// What a person asks of a feed's items and of the reader, whatever the keys that ask it.
    package enum Action: Sendable, Hashable {
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
        /// Download the item's enclosure (its first file), or the numbered link typed just before.
        case download
        /// Cancel the download running and those queued.
        case cancelDownloads
        /// Close the reader.
        case close
        /// Show the key map.
        case help
        /// Undo the last change (one history: marking all read, a feed's removal, todos).
        case undo
        /// Redo the last change undone.
        case redo
        /// Go back.
        case back
    }

    /// What the person asked, and what the services answered.
    package enum Event: Sendable {
        /// The person asked this.
        case action(Action)
        /// The feed arrived (`nil`: it was removed), or failed to.
        case feedLoaded(Result<Feed?, SceneError>)
        /// A page arrived for a window, or failed to.
        case pageLoaded(FeedItemWindow, Result<FeedItemPage, SceneError>)
        /// The person went to this item (the next unread one, or the one the scene opened with).
        case jumped(FeedItemPlace)
        /// No item was unread in any feed.
        case nothingUnread
        /// A write, a look-up or opening a link failed, with this message.
        case commandFailed(String)
        /// A write or opening a link succeeded.
        case commandSucceeded
        /// Marking every item read worked, and changed this many.
        case markedAllRead(Int)
        /// Undo or redo took a step (`nil`: there was none to take), or failed.
        case historyStepped(HistoryDirection, Result<HistoryStep?, SceneError>)
        /// The status line's message has been shown for its time.
        case messageExpired(StatusMessageSlot.Expiry)
        /// A download was queued; it goes into this folder.
        case downloadQueued(title: String, folder: String)
        /// The download queue changed.
        case downloadsChanged([Download])
        /// This many downloads were cancelled.
        case downloadsCancelled(Int)
    }

    /// What a step asks of the service, or where it goes.
    enum Effect: Sendable, Hashable {
        case setRead(Int64, Bool)
        case markAllRead(feedID: Int64)
        case nextUnread(after: Int64?, feedID: Int64, keeping: Set<Int64>?)
        case openLink(String)
        case download(String, title: String)
        case cancelDownloads
        case step(HistoryDirection)
        case route(Route)
    }

    /// Wires a front end's actions to the whole scene, kept here (the selection, the window asked
    /// for, the reader's scroll): a front end maps keys to ``Action``s and draws ``State``.
    package func transform(input: ScreenInput<Action>) -> ScreenOutput<State> {
        let (service, scheduler, openingItemID) = (service, scheduler, openingItemID)
        let routes = PublishRelay<Route>()
        // Moves to the item the scene opens with.
        let opening = Observable.deferred {
            openingItemID.map { Self.command(service.locateItem(id: $0), "Could not open the item", Event.jumped) }
                ?? .empty()
        }
        let state = Observable.system(
            initialState: State(feedID: feedID, leavesWithTheReader: openingItemID != nil),
            reduce: Self.reduce,
            effects: { Self.perform($0, service: service, routes: routes) },
            scheduler: scheduler,
            feedback: .events(input.actions.map(Event.action)),
            .events(opening),
            .react(
                request: { $0.window.feedID },
                effects: { answer(service.observeFeed(id: $0, on: scheduler), Event.feedLoaded) }),
            .react(
                request: { $0.window },
                effects: { window in answer(service.observePage(window, on: scheduler)) { .pageLoaded(window, $0) } }),
            .events(service.observeDownloads(on: scheduler).map(Event.downloadsChanged)),
            .expiringMessages(on: scheduler, as: Event.messageExpired))
        return ScreenOutput(states: state, routes: routes, scheduler: scheduler)
    }

    /// Runs `effect`: a service call whose answer comes back as an event, or a route.
    static func perform(
        _ effect: Effect, service: any FeedItemsServiceType, routes: PublishRelay<Route>
    ) -> Observable<Event> {
        switch effect {
        case .route(let route): return routes.follow(route)
        case .setRead(let id, let isRead):
            return command(service.setRead(itemID: id, isRead), "Could not change the item")
        case .markAllRead(let feedID):
            return command(service.markAllRead(feedID: feedID), "Could not mark the items read", Event.markedAllRead)
        case .openLink(let url):
            // A link's failure says what failed in its own words.
            return command(service.openLink(url), "Could not open the link", prefixed: false)
        case .download(let url, let title):
            return command(service.download(url, title: title), "Could not download") {
                .downloadQueued(title: title, folder: $0)
            }
        case .cancelDownloads:
            return command(service.cancelDownloads(), "Could not cancel the downloads", Event.downloadsCancelled)
        case .step(let direction):
            return answer(service.step(direction).take(1)) { Event.historyStepped(direction, $0) }
        case .nextUnread(let itemID, let feedID, let kept):
            let found = service.nextUnreadItem(after: itemID, feedID: feedID, keeping: kept)
            return command(found, "Could not find the next unread item") { $0.map(Event.jumped) ?? .nothingUnread }
        }
    }

    /// A command's answer as an event: `success` of its value, or a failure that says `what`
    /// failed (unless the failure's own words say it: not `prefixed`).
    private static func command<Value: Sendable>(
        _ results: Observable<Result<Value, SceneError>>, _ what: String, prefixed: Bool = true,
        _ success: @escaping @Sendable (Value) -> Event = { _ in .commandSucceeded }
    ) -> Observable<Event> {
        outcome(of: results, after: prefixed ? what : nil, failed: Event.commandFailed, success)
    }
}
