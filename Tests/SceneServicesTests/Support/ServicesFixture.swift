import Foundation
import SQLiteProvider
import Streams
import StreamsTesting
import Synchronization

@testable import BaseServices
@testable import SceneServices

/// Real base services over a fresh in-memory database, with a clock that moves one second per
/// reading.
final class ServicesFixture: Sendable {
    let database: SQLiteDatabase
    let todos: TodosBaseService
    let feeds: FeedsBaseService
    let history: HistoryBaseService

    init() throws {
        database = try SQLiteDatabase.openInMemory(options: Schema.databaseOptions, migrations: Schema.migrations())
        let seconds = Atomic<Int64>(1_800_000_000)
        let context = try ServiceContext.make(database: database) {
            Date(timeIntervalSince1970: TimeInterval(seconds.add(1, ordering: .relaxed).newValue))
        }
        todos = TodosBaseService(context: context)
        feeds = FeedsBaseService(context: context)
        history = HistoryBaseService(context: context)
    }

    /// Adds todos with these titles, in order; the ones in `done` are marked done.
    @discardableResult
    func addTodos(_ titles: [String], done: Set<String> = []) throws -> [Int64] {
        try titles.map { title in
            let todo = try first(todos.create(title: title, notes: "", due: nil)).get()
            if done.contains(title) { _ = try first(todos.toggle(id: todo.id)).get() }
            return todo.id
        }
    }

    /// Adds a feed with items (newest last in `titles`, one hour apart), the first `read` of them read.
    @discardableResult
    func addFeed(_ url: String, items titles: [String], read: Int = 0) throws -> Int64 {
        let feed = try first(feeds.addFeed(url: url, title: "Feed at \(url)", siteURL: nil)).get()
        let drafts = titles.enumerated().map { index, title in
            FeedItemDraft(
                guid: "\(url)#\(index)", title: title, link: "https://example.com/\(index)", summary: "About \(title)",
                publishedAt: Date(timeIntervalSince1970: 1_700_000_000 + TimeInterval(index) * 3600))
        }
        _ = try first(feeds.storeItems(drafts, feedID: feed.id, fetchedAt: Date(timeIntervalSince1970: 1_800_000_000)))
            .get()
        let stored = try first(
            feeds.observeItems(
                feedID: feed.id, unreadOnly: false, offset: 0, limit: 1000, on: ImmediateScheduler())
        ).get()
        for item in stored.suffix(read) { _ = try first(feeds.setRead(itemID: item.id, true)).get() }
        return feed.id
    }

    /// Closes the database: every later read or write fails.
    func closeDatabase() {
        database.close()
    }

    /// Waits until every refresh caused by the writes so far has been delivered.
    func settle() {
        database.waitForPendingWork()
    }
}

struct NoValue: Error {}

/// The first value `observable` sends on subscribe (writes and first observations send it
/// synchronously); the subscription is disposed at once.
func first<T: Sendable>(_ observable: Observable<T>) throws -> T {
    ExitLeakCheck.install()
    let box = SanitizerVisibleMutex<T?>(nil)
    observable.subscribe(onNext: { value in box.withLock { if $0 == nil { $0 = value } } }).dispose()
    guard let value = box.withLock({ $0 }) else { throw NoValue() }
    return value
}

/// Collects what an observable sends, from any thread, until disposed.
final class Recorder<Element: Sendable>: Sendable {
    private final class Storage: Sendable {
        let values = SanitizerVisibleMutex<[Element]>([])
    }

    private let storage = Storage()
    private let subscription = SanitizerVisibleMutex<(any Disposable)?>(nil)

    init(_ observable: Observable<Element>) {
        ExitLeakCheck.install()
        let storage = storage
        let disposable = observable.subscribe(onNext: { value in storage.values.withLock { $0.append(value) } })
        subscription.withLock { $0 = disposable }
    }

    var all: [Element] { storage.values.withLock { $0 } }
    var last: Element? { all.last }

    func dispose() { subscription.withLock { $0 }?.dispose() }
}
