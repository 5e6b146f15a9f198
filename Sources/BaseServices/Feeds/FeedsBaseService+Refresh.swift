import Domain
import FeedParsing
import Foundation
import SQLiteProvider
public import Streams

extension FeedsBaseService {
    /// Downloads the feed with `fetch` (given the feed's address and the validators stored from
    /// its last download), parses it and stores feed and items.
    ///
    /// Sends ``FeedRefreshUpdate/progress(_:)`` steps, then one ``FeedRefreshUpdate/finished(_:)``,
    /// then completes; it never fails. Items are matched by their identity (the document's
    /// id or GUID, else the link, else a stable hash; see ``ParsedFeedItem/id``): new ones are
    /// added unread, known ones updated with their read status kept, and items the feed no
    /// longer lists stay stored. The feed's `ETag`/`Last-Modified` are stored and sent back
    /// next time, so an unchanged feed costs a `304` and nothing else. Any failure (network,
    /// file, parsing, database) is reported and changes nothing that was stored. Disposing
    /// cancels the download. An error `fetch` sends that is not a ``FeedError`` is reported as
    /// ``FeedRefreshError/source(_:)``, unchanged.
    public func refresh(
        feedID: Int64, fetch: @escaping @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent>
    ) -> Observable<FeedRefreshUpdate> {
        let database = context.database
        let now = context.now
        return Observable.create { observer in
            let source = Result { () throws(DatabaseError) -> (String, FeedValidators) in
                try database.read { (db) throws(DatabaseError) -> (String, FeedValidators) in
                    let row = try db.fetchOne(
                        "SELECT url, etag, last_modified FROM feeds WHERE id = ?", [.integer(feedID)]
                    ) {
                        (
                            $0.string(at: 0),
                            FeedValidators(etag: $0.optionalString(at: 1), lastModified: $0.optionalString(at: 2))
                        )
                    }
                    guard let row else { throw Self.feedNotFound(feedID) }
                    return row
                }
            }
            let url: String
            let validators: FeedValidators
            switch source {
            case .success(let found):
                (url, validators) = found
            case .failure(let error):
                observer.onNext(.finished(.failure(.database(error))))
                observer.onCompleted()
                return Disposables.empty
            }
            return Self.report(fetch(url, validators), to: observer) { fetched in
                let outcome: Result<FeedRefreshSummary, FeedRefreshError>
                switch fetched {
                case .notModified(let movedTo):
                    let summary = FeedRefreshSummary(
                        feedID: feedID, isNotModified: true, newItemCount: 0, receivedItemCount: 0)
                    outcome = Result { () throws(DatabaseError) in
                        try database.write { (db) throws(DatabaseError) in
                            try db.execute(
                                "UPDATE feeds SET last_fetched_at = ?, last_error = NULL WHERE id = ?",
                                [.integer(now().storedMilliseconds), .integer(feedID)])
                            try Self.follow(movedTo, feedID: feedID, from: url, in: db)
                        }
                        return summary
                    }
                    .mapError(FeedRefreshError.database)
                case .fetched(let feed, let newValidators):
                    outcome = Result { () throws(DatabaseError) -> FeedRefreshSummary in
                        let stored = try Self.store(
                            feed, validators: newValidators, feedID: feedID, feedURL: url, fetched: now(),
                            in: database)
                        return FeedRefreshSummary(
                            feedID: feedID, isNotModified: false, newItemCount: stored.new,
                            receivedItemCount: feed.items.count, omittedItemCount: feed.omittedItemCount,
                            removedItemCount: stored.removed)
                    }
                    .mapError(FeedRefreshError.database)
                case .failed(let failure):
                    outcome = .failure(failure)
                }
                Self.recordFailure(of: outcome, feedID: feedID, in: database)
                return outcome
            }
        }
    }

    /// Subscribes to the feed at `url` only once it has been downloaded with `fetch` (given the
    /// address and no validators) and read: the feed, its
    /// items and its validators are stored in one transaction, so a feed that cannot be fetched
    /// or read, or a process stopped while it downloads, leaves nothing behind. The feed takes
    /// its own title (its address when it has none). An address already subscribed, in any
    /// spelling, is refused before anything is downloaded.
    ///
    /// Sends progress, then one ``FeedRefreshUpdate/finished(_:)`` whose summary names the new
    /// feed, then completes; it never fails. Disposing cancels the download.
    public func subscribe(
        url: String, fetch: @escaping @Sendable (String, FeedValidators?) -> Observable<FeedFetchEvent>
    ) -> Observable<FeedRefreshUpdate> {
        let database = context.database
        let now = context.now
        return Observable.create { observer in
            let checked = Result { () throws(DatabaseError) -> String in
                let location = try Self.storedLocation(url)
                try database.read { (db) throws(DatabaseError) in try Self.refuseSubscribed(location, in: db) }
                return location
            }
            let location: String
            switch checked {
            case .success(let stored):
                location = stored
            case .failure(let error):
                observer.onNext(.finished(.failure(.database(error))))
                observer.onCompleted()
                return Disposables.empty
            }
            return Self.report(fetch(location, nil), to: observer) { fetched in
                switch fetched {
                case .notModified:
                    let refusal = DatabaseError(
                        kind: .invalidValue,
                        message: "\(location): the first download answered “not modified”, so there is nothing to store"
                    )
                    return .failure(.database(refusal))
                case .fetched(let feed, let validators):
                    return Result { () throws(DatabaseError) -> FeedRefreshSummary in
                        try database.write { (db) throws(DatabaseError) -> FeedRefreshSummary in
                            // The address may have moved for good to a feed already subscribed.
                            if let moved = validators.movedTo.flatMap({ try? Self.storedLocation($0) }) {
                                try Self.refuseSubscribed(moved, in: db)
                            }
                            let added = try Self.insertFeed(
                                url: location, title: location, siteURL: nil, addedAt: now(), in: db)
                            let stored = try Self.store(
                                feed, validators: validators, feedID: added.id, feedURL: location, fetched: now(),
                                in: db)
                            return FeedRefreshSummary(
                                feedID: added.id, isNotModified: false, newItemCount: stored.new,
                                receivedItemCount: feed.items.count, omittedItemCount: feed.omittedItemCount)
                        }
                    }
                    .mapError(FeedRefreshError.database)
                case .failed(let failure):
                    return .failure(failure)
                }
            }
        }
    }

    /// How a download ended, for ``report(_:to:settle:)``.
    private enum Download {
        case notModified(movedTo: String?)
        case fetched(ParsedFeed, FeedValidators)
        case failed(FeedRefreshError)
    }

    /// Sends `download`'s progress to `observer`, then one ``FeedRefreshUpdate/finished(_:)``
    /// with what `settle` makes of how it ended (a failed download included), then completion.
    private static func report(
        _ download: Observable<FeedFetchEvent>, to observer: AnyObserver<FeedRefreshUpdate>,
        settle: @escaping @Sendable (Download) -> Result<FeedRefreshSummary, FeedRefreshError>
    ) -> any Disposable {
        download.subscribe { event in
            switch event {
            case .next(.progress(let step)):
                observer.onNext(.progress(.fetching(step)))
            case .next(.finished(.notModified(let movedTo))):
                observer.onNext(.finished(settle(.notModified(movedTo: movedTo))))
            case .next(.finished(.fetched(let feed, let validators))):
                observer.onNext(.progress(.storing(itemCount: feed.items.count)))
                observer.onNext(.finished(settle(.fetched(feed, validators))))
            case .error(let error):
                let failure: FeedRefreshError = (error as? FeedError).map { .fetch($0) } ?? .source(error)
                observer.onNext(.finished(settle(.failed(failure))))
                observer.onCompleted()
            case .completed:
                observer.onCompleted()
            }
        }
    }

    /// Records a failed outcome's message as the feed's last error, with any password in an
    /// address it names hidden, as the error is shown and exported. A successful outcome already
    /// cleared it in the transaction that stored it. Best effort: if even this write fails (the
    /// feed was removed, the disk is full), the refresh's own error is what gets reported.
    private static func recordFailure(
        of outcome: Result<FeedRefreshSummary, FeedRefreshError>, feedID: Int64, in database: SQLiteDatabase
    ) {
        guard case .failure(let error) = outcome else { return }
        _ = Result { () throws(DatabaseError) in
            try database.write { (db) throws(DatabaseError) in
                try db.execute(
                    "UPDATE feeds SET last_error = ? WHERE id = ?",
                    [.text(FeedURLRule.hidingPasswords(in: error.message)), .integer(feedID)])
            }
        }
    }

    /// Stores a downloaded feed in one transaction: its items, its title and site (only where
    /// the stored ones are placeholders, so a rename by the user stays) and its validators.
    private static func store(
        _ feed: ParsedFeed, validators: FeedValidators, feedID: Int64, feedURL: String, fetched: Date,
        in database: SQLiteDatabase
    ) throws(DatabaseError) -> (new: Int, removed: Int) {
        try database.write { (db) throws(DatabaseError) -> (new: Int, removed: Int) in
            try store(feed, validators: validators, feedID: feedID, feedURL: feedURL, fetched: fetched, in: db)
        }
    }

    /// The writes of the store above, in the transaction open on `db`.
    private static func store(
        _ feed: ParsedFeed, validators: FeedValidators, feedID: Int64, feedURL: String, fetched: Date,
        in db: Connection
    ) throws(DatabaseError) -> (new: Int, removed: Int) {
        let drafts = feed.items.map { FeedItemDraft($0, feedURL: feedURL) }
        let stored = try store(drafts, feedID: feedID, fetched: fetched.storedMilliseconds, in: db)
        try db.execute(
            """
            UPDATE feeds SET
                title = CASE WHEN trim(title) = '' OR title = url THEN ? ELSE title END,
                site_url = coalesce(site_url, ?),
                etag = ?, last_modified = ?, last_error = NULL
            WHERE id = ?
            """,
            [
                .text(feed.title), .text(feed.siteLink), .text(validators.etag), .text(validators.lastModified),
                .integer(feedID),
            ])
        try follow(validators.movedTo, feedID: feedID, from: feedURL, in: db)
        return stored
    }

    /// Stores `address`, where the feed now answers for good, as the feed's own, as RFC 9110
    /// asks of a client that can edit its links after a 301 or 308: unless another feed has
    /// it, in any spelling, or had it in a change that undo or redo can bring back (which
    /// would then take the address back, and this feed with it), or it is not an address a
    /// feed may have.
    private static func follow(
        _ address: String?, feedID: Int64, from stored: String, in db: Connection
    ) throws(DatabaseError) {
        guard let address, let moved = try? storedLocation(address), comparable(moved) != comparable(stored) else {
            return
        }
        let others = try db.fetchAll(
            "SELECT url FROM feeds WHERE id != ?1 UNION SELECT url FROM feed_change_rows WHERE feed_id != ?1 "
                + "AND url IS NOT NULL",
            [.integer(feedID)]
        ) { $0.string(at: 0) }
        guard !others.contains(where: { comparable($0) == comparable(moved) }) else { return }
        try db.execute("UPDATE feeds SET url = ? WHERE id = ?", [.text(moved), .integer(feedID)])
    }
}
