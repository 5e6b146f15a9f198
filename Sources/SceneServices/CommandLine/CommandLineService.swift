internal import BaseServices
package import Domain
package import Foundation
package import Streams

/// The command line's service, over the todos, feeds and history base services: one operation per
/// call, each failure with the database's own reason.
package struct CommandLineService: CommandLineServiceType {
    let todos: any TodosBaseServiceType
    let feeds: any FeedsBaseServiceType
    let history: any HistoryBaseServiceType
    let downloader: EnclosureDownloader
    let downloadFolder: String

    init(
        todos: any TodosBaseServiceType, feeds: any FeedsBaseServiceType, history: any HistoryBaseServiceType,
        downloader: EnclosureDownloader = EnclosureDownloader(), downloadFolder: String = DownloadFolder.standard()
    ) {
        self.todos = todos
        self.feeds = feeds
        self.history = history
        self.downloader = downloader
        self.downloadFolder = downloadFolder
    }

    /// Adds a todo at the end of the list.
    package func addTodo(
        title: String, notes: String, dueAt: Date?, attributes: TodoAttributes
    ) -> Observable<Result<Todo, SceneError>> {
        todos.create(title: title, notes: notes, due: dueAt, attributes: attributes).map { $0.toScene(Todo.init) }
    }

    /// Reads a batch of todos in `sort` order, just after the last todo of the batch before (by
    /// its place in that order), the urgency order at the moment the first batch was read.
    package func fetchTodos(
        filter: TodoFilter, search: String, sort: TodoSort, after: TodoBatch.Cursor?, limit: Int
    ) -> Observable<Result<TodoBatch, SceneError>> {
        let now = after?.now ?? Date()
        let query = TodoQuery(filter: filter, search: search, sort: sort)
        return todos.fetchPage(query, after: after?.last, limit: limit, now: now)
            .map { TodoBatch.reading($0, limit: limit, now: now) }
    }

    /// Reads a batch of the todos completed in a span of time, the most recent first.
    package func fetchCompleted(
        from start: Date, to end: Date, after: TodoBatch.Cursor?, limit: Int
    ) -> Observable<Result<TodoBatch, SceneError>> {
        todos.fetchCompleted(from: start, to: end, after: after?.last, limit: limit)
            .map { TodoBatch.reading($0, limit: limit, now: after?.now ?? Date()) }
    }

    /// Reads one todo; `nil` when there is none with that ID.
    package func fetchTodo(id: Int64) -> Observable<Result<Todo?, SceneError>> {
        todos.fetch(id: id).map { result in result.toScene { $0.map(Todo.init) } }
    }

    /// Reads the `limit` most urgent todos not done, most urgent first.
    package func fetchMostUrgent(limit: Int) -> Observable<Result<[Todo], SceneError>> {
        todos.fetchWindow(TodoQuery(filter: .active, sort: .urgency, limit: limit)).map { result in
            result.toScene { $0.todos.map(Todo.init) }
        }
    }

    /// Marks the todos `todoIDs` names done or not done, as one change.
    package func setCompleted(todoIDs: [Int64], _ isCompleted: Bool) -> Observable<Result<[Todo], SceneError>> {
        todos.setCompleted(ids: todoIDs, isCompleted).map { $0.toScene { $0.map(Todo.init) } }
    }

    /// Writes the fields `change` gives over whatever is stored now.
    package func updateTodo(id: Int64, _ change: TodoChange) -> Observable<Result<Todo, SceneError>> {
        let due: TodoEdit.Due =
            switch change.due {
            case .keep: .keep
            case .set(let date): .set(date)
            case .remove: .remove
            }
        let edit = TodoEdit(title: change.title, notes: change.notes, due: due, attributes: change.attributes)
        return todos.update(id: id, edit).map {
            $0.toScene(Todo.init)
        }
    }

    /// Removes the todos `ids` names, as one change; sends them as they were.
    package func removeTodos(ids: [Int64]) -> Observable<Result<[Todo], SceneError>> {
        todos.delete(ids: ids).map { $0.toScene { $0.map(Todo.init) } }
    }

    /// Undoes the last change, to todos or feeds.
    package func undo() -> Observable<Result<HistoryStep?, SceneError>> {
        history.undoStep()
    }

    /// Redoes the last change undone.
    package func redo() -> Observable<Result<HistoryStep?, SceneError>> {
        history.redoStep()
    }

    /// Reads every feed once, by title.
    package func fetchFeeds() -> Observable<Result<[Feed], SceneError>> {
        feeds.fetchFeeds().map { $0.toScene { $0.map(Feed.init) } }
    }

    /// Reads one window of a feed's items, every item shown.
    package func fetchItems(feedID: Int64, offset: Int, limit: Int) -> Observable<Result<[FeedItem], SceneError>> {
        feeds.observeItems(feedID: feedID, unreadOnly: false, offset: offset, limit: limit, on: ImmediateScheduler())
            .take(1)
            .map { $0.toScene { $0.map(FeedItem.init) } }
    }

    /// Reads one feed item.
    package func fetchItem(id: Int64) -> Observable<Result<FeedItem, SceneError>> {
        feeds.locateItem(id: id).map { $0.toScene { FeedItem($0.item) } }
    }

    /// Downloads `address` into `folder`, else the download folder.
    package func download(_ address: String, into folder: String?) -> Observable<Result<DownloadEvent, SceneError>> {
        downloader.download(address, into: folder ?? downloadFolder)
            .map { Result<DownloadEvent, SceneError>.success($0) }
            .catch { error in .just(.failure(.download((error as? DownloadError)?.message ?? "\(error)"))) }
    }

    /// Unsubscribes from a feed, recorded for undo.
    package func removeFeed(id: Int64) -> Observable<Result<Feed, SceneError>> {
        feeds.removeFeed(id: id).map { $0.toScene(Feed.init) }
    }

    /// Marks some items read or unread, all or none.
    package func setRead(itemIDs: [Int64], _ isRead: Bool) -> Observable<Result<Int, SceneError>> {
        feeds.setRead(itemIDs: itemIDs, isRead).map { $0.toScene { $0 } }
    }

    /// Marks every item of a feed read or unread.
    package func setRead(feedID: Int64, _ isRead: Bool) -> Observable<Result<Int, SceneError>> {
        feeds.setRead(feedID: feedID, isRead).map { $0.toScene { $0 } }
    }

    /// Subscribes to the feeds an OPML file lists; each failed entry named by its title and its
    /// address, in quotes.
    package func importFeeds(fromFile path: String) -> Observable<Result<FeedImportSummary, SceneError>> {
        feeds.importSubscriptions(fromFile: path).map { result in
            result.map { report in
                FeedImportSummary(
                    addedFeedIDs: report.added.map(\.id), skippedCount: report.skipped.count,
                    failures: report.failed.map { entry in
                        let name = [entry.title, entry.address].compactMap { $0 }.map { "\"\($0)\"" }
                            .joined(separator: " ")
                        return FeedURLRule.hidingPasswords(in: "\(name.isEmpty ? "an outline" : name): \(entry.reason)")
                    })
            }
            .mapError { SceneError.feed($0.description) }
        }
    }

    /// Every subscription as an OPML document.
    package func exportFeeds() -> Observable<Result<String, SceneError>> {
        feeds.exportSubscriptions().map { $0.toScene { $0 } }
    }

    /// Changes a feed's tags, recorded for undo.
    package func setTags(feedID: Int64, _ change: FeedTagChange) -> Observable<Result<Feed, SceneError>> {
        feeds.setTags(feedID: feedID, change).map { $0.toScene(Feed.init) }
    }

    /// Saves a query feed or filter, recorded for undo.
    package func addRule(name: String?, expression: String) -> Observable<Result<FeedRule, SceneError>> {
        feeds.addRule(name: name, expression: expression).map { $0.toScene(FeedRule.init) }
    }

    /// Removes a query feed or filter, recorded for undo.
    package func removeRule(id: Int64) -> Observable<Result<FeedRule, SceneError>> {
        feeds.removeRule(id: id).map { $0.toScene(FeedRule.init) }
    }

    /// Reads every query feed and filter.
    package func fetchRules() -> Observable<Result<[FeedRule], SceneError>> {
        feeds.fetchRules().map { $0.toScene { $0.map(FeedRule.init) } }
    }

    /// Reads the newest `limit` items a query feed's expression matches.
    package func fetchMatches(of expression: String, limit: Int) -> Observable<Result<[FeedSearchResult], SceneError>> {
        FeedRuleMatches.observe(expression, limit: limit, feeds: feeds, on: ImmediateScheduler()).take(1)
    }
}
