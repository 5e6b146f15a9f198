public import Domain
public import Foundation
public import SQLiteProvider
public import Streams

/// Stores feeds and their items, with read/unread status per item; stored items stay
/// available offline. Writes run when subscribed and send one `Result`; observations send the
/// current value, then every change, on the scheduler given, and never fail or complete.
///
/// ```swift
/// let feeds: any FeedsBaseServiceType = FeedsBaseService.shared
/// feeds.observeFeeds(on: scheduler)
///     .subscribe(onNext: { result in print(result) })    // .success([FeedObject(...)])
///     .disposed(by: bag)
/// ```
public protocol FeedsBaseServiceType: Sendable {
    /// Subscribes to the feed at `url`. A URL already subscribed is refused.
    func addFeed(url: String, title: String, siteURL: String?) -> Observable<Result<FeedObject, DatabaseError>>

    /// Subscribes to the feed at `url` only once it has been downloaded with `fetch` (given the
    /// address and no validators) and read, storing the feed, its items and its validators in
    /// one transaction: a feed that cannot be fetched or read, or a process stopped meanwhile,
    /// leaves nothing behind. Sends progress, then one result whose summary names the new feed,
    /// then completes.
    func subscribe(
        url: String, fetch: @escaping @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent>
    ) -> Observable<FeedRefreshUpdate>

    /// Renames a feed or changes its site address.
    func updateFeed(id: Int64, title: String, siteURL: String?) -> Observable<Result<FeedObject, DatabaseError>>

    /// Unsubscribes from a feed and deletes its items; sends the feed as it was. When
    /// `undoable`, the history records the feed with every item in the same transaction, so
    /// that ``HistoryBaseServiceType/undo()`` (the one history: a list's undo, `rivulet undo`) puts them back
    /// exactly, identifiers and read states included. A feed that never really was subscribed
    /// (one whose first fetch failed just after it was added) is removed without a record.
    func removeFeed(id: Int64, undoable: Bool) -> Observable<Result<FeedObject, DatabaseError>>

    /// Stores fetched items of a feed: new items are added unread; items already stored (same
    /// GUID) get the new title, link, summary and date and keep their read status. Sends how
    /// many items were new.
    func storeItems(_ items: [FeedItemDraft], feedID: Int64, fetchedAt: Date) -> Observable<Result<Int, DatabaseError>>

    /// Downloads the feed (http, https or a local file) with `fetch` (given the feed's address
    /// and the validators stored from its last download), parses it and stores it: new items
    /// unread, known items (same id/GUID/link) updated with their read status kept. Sends
    /// progress, then one result, then completes; a failed refresh leaves stored items as they
    /// were and records its message as the feed's ``FeedObject/lastError``, a successful one
    /// clears it. An unchanged feed (304 Not Modified) is not downloaded again; one that moved
    /// for good (``FeedValidators/movedTo``) is stored at its new address unless another feed
    /// has it. An error
    /// `fetch` sends that is not a ``FeedError`` is reported as ``FeedRefreshError/source(_:)``,
    /// unchanged.
    func refresh(
        feedID: Int64, fetch: @escaping @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent>
    ) -> Observable<FeedRefreshUpdate>

    /// Records why the feed's last refresh failed, or clears it with `nil`; sends the feed.
    /// ``refresh(feedID:fetch:)`` records its own outcome; this is for refreshes done another way.
    func setLastError(feedID: Int64, _ message: String?) -> Observable<Result<FeedObject, DatabaseError>>

    /// Marks an item read or unread.
    func setRead(itemID: Int64, _ isRead: Bool) -> Observable<Result<FeedItemObject, DatabaseError>>

    /// Marks every item of a feed read, as one change in the history that undo takes back;
    /// sends how many changed (nothing is recorded when none did).
    func markAllRead(feedID: Int64) -> Observable<Result<Int, DatabaseError>>

    /// Marks the items `itemIDs` read or unread, all or none: an ID that names no item fails
    /// with ``DatabaseError/Kind/notFound`` and changes nothing. Sends how many changed.
    func setRead(itemIDs: [Int64], _ isRead: Bool) -> Observable<Result<Int, DatabaseError>>

    /// Marks every item of a feed read or unread; sends how many changed.
    func setRead(feedID: Int64, _ isRead: Bool) -> Observable<Result<Int, DatabaseError>>

    /// Fetches every feed once, by title.
    func fetchFeeds() -> Observable<Result<[FeedObject], DatabaseError>>

    /// Observes every feed, by title, with item counts.
    func observeFeeds(on scheduler: any Scheduler) -> Observable<Result<[FeedObject], DatabaseError>>

    /// Observes a window of one feed's items, newest first.
    func observeItems(
        feedID: Int64, unreadOnly: Bool, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedItemObject], DatabaseError>>

    /// Observes `limit` items of one feed from `offset`, newest first (undated items last), of
    /// those `filter` shows, with their count and the feed's unread count; only the window is
    /// read, however long the feed is.
    func observeItemWindow(
        feedID: Int64, filter: FeedItemFilter, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPageObject, DatabaseError>>

    /// The next unread item after `itemID` (or from the top when `nil`) in the feed `feedID`'s
    /// list, then in the following feeds in the feeds' order, wrapping around to the earlier
    /// ones and at last to the items above `itemID`; `nil` when no other item is unread. Its
    /// position is in its feed's list as `filter` shows it.
    func nextUnreadItem(
        after itemID: Int64?, feedID: Int64, filter: FeedItemFilter
    ) -> Observable<Result<FeedItemLocation?, DatabaseError>>

    /// Where the item `itemID` is in its feed's list, every item shown.
    func locateItem(id itemID: Int64) -> Observable<Result<FeedItemLocation, DatabaseError>>

    /// Observes the newest `limit` items of all feeds whose title, summary or content holds every
    /// word of `text` (each as the start of a word, case and accents ignored), newest stored first.
    func observeSearch(
        _ text: String, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedItemSearchHit], DatabaseError>>

    /// Observes how many items are unread across all feeds.
    func observeUnreadCount(on scheduler: any Scheduler) -> Observable<Result<Int, DatabaseError>>

    /// Observes how many feeds have a recorded error from their last refresh.
    func observeFailedFeedCount(on scheduler: any Scheduler) -> Observable<Result<Int, DatabaseError>>

    /// Subscribes to every feed the OPML file at `path` lists, without fetching any; entries
    /// already subscribed or listed twice are skipped, entries without a usable address fail,
    /// and the report says which. A file that cannot be read or is not OPML adds nothing.
    func importSubscriptions(fromFile path: String) -> Observable<Result<FeedImportReport, FeedImportError>>

    /// Every subscription as an OPML 2.0 document, by title; a tagged feed is written in the
    /// folder of each of its tags (`Tech/Rust` as `Rust` inside `Tech`).
    func exportSubscriptions() -> Observable<Result<String, DatabaseError>>

    /// Adds and takes away tags of a feed, as a change undo takes back; sends the feed.
    func setTags(feedID: Int64, _ change: FeedTagChange) -> Observable<Result<FeedObject, DatabaseError>>

    /// Saves a query feed named `name`, or a filter when `name` is `nil`, of an expression
    /// (``FeedItemExpression``), as a change undo takes back; sends it. A filter hides the
    /// items it matches from every list, count and search until it is removed.
    func addRule(name: String?, expression: String) -> Observable<Result<FeedRuleObject, DatabaseError>>

    /// Removes a query feed or filter, as a change undo takes back; sends it as it was.
    func removeRule(id: Int64) -> Observable<Result<FeedRuleObject, DatabaseError>>

    /// Every query feed, by name, then every filter, in the order added.
    func fetchRules() -> Observable<Result<[FeedRuleObject], DatabaseError>>

    /// Observes every query feed and filter, as ``fetchRules()`` lists them.
    func observeRules(on scheduler: any Scheduler) -> Observable<Result<[FeedRuleObject], DatabaseError>>

    /// Observes every query feed with how many items it matches, and how many are unread.
    func observeQueryFeeds(on scheduler: any Scheduler) -> Observable<Result<[FeedQueryFeedObject], DatabaseError>>

    /// Observes the newest `limit` items of all feeds that `expression` matches, newest first.
    func observeMatches(
        of expression: FeedItemExpression, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<[FeedItemSearchHit], DatabaseError>>
}

extension FeedsBaseServiceType {
    /// Unsubscribes from a feed and deletes its items, as a change undo can take back; sends the
    /// feed as it was.
    public func removeFeed(id: Int64) -> Observable<Result<FeedObject, DatabaseError>> {
        removeFeed(id: id, undoable: true)
    }

    /// Observes `limit` items of one feed from `offset`, newest first, every item shown.
    public func observeItemWindow(
        feedID: Int64, offset: Int, limit: Int, on scheduler: any Scheduler
    ) -> Observable<Result<FeedItemPageObject, DatabaseError>> {
        observeItemWindow(feedID: feedID, filter: .all, offset: offset, limit: limit, on: scheduler)
    }
}
