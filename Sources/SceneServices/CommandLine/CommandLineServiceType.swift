package import Domain
package import Foundation
package import Streams

/// What the `rivulet` subcommands need besides the feeds scene's fetching (they add and refresh
/// feeds through ``FeedListServiceType``): todos and feeds read and written one operation at a
/// time. Each operation runs when subscribed, sends one `Result` and completes; a failure keeps
/// the database's own reason (``SceneError/storage(_:)``), which the command prints as it is.
///
/// ```swift
/// let service = services.makeCommandLineService()
/// service.setCompleted(todoID: 3, true)
///     .subscribe(onNext: { result in print(result) })
///     .disposed(by: bag)
/// ```
package protocol CommandLineServiceType: HistoryStepping {
    /// Adds a todo at the end of the list. A recurrence without a due date is refused.
    func addTodo(
        title: String, notes: String, dueAt: Date?, attributes: TodoAttributes
    ) -> Observable<Result<Todo, SceneError>>

    /// Reads up to `limit` todos that `filter` and `search` let through (its attributes and
    /// words, as the app's search reads them: see ``TodoMatch``), in the order `sort` (done todos
    /// after the others but in the manual order, as in the app), starting just after the batch
    /// `after` ended (or at the first todo), by the last todo's place in that order: each batch
    /// costs about the same however deep in the list it starts, a todo added or changed
    /// meanwhile does not make a batch repeat or skip another, and the urgency order is the one
    /// of the moment the first batch was read.
    func fetchTodos(
        filter: TodoFilter, search: String, sort: TodoSort, after: TodoBatch.Cursor?, limit: Int
    ) -> Observable<Result<TodoBatch, SceneError>>

    /// Reads up to `limit` todos completed from `start` to before `end`, the most recently
    /// completed first, starting just after the batch `after` ended (or at the first).
    func fetchCompleted(
        from start: Date, to end: Date, after: TodoBatch.Cursor?, limit: Int
    ) -> Observable<Result<TodoBatch, SceneError>>

    /// Reads one todo; `nil` when there is none with that ID.
    func fetchTodo(id: Int64) -> Observable<Result<Todo?, SceneError>>

    /// Reads the `limit` most urgent todos not done, most urgent first (``Urgency``).
    func fetchMostUrgent(limit: Int) -> Observable<Result<[Todo], SceneError>>

    /// Marks the todos `todoIDs` names done or not done, as one change that one undo takes
    /// back; sends them as they are after. Changes nothing when an ID names no todo.
    func setCompleted(todoIDs: [Int64], _ isCompleted: Bool) -> Observable<Result<[Todo], SceneError>>

    /// Writes the fields `change` gives; the others stay as stored, even when another process
    /// changes them meanwhile.
    func updateTodo(id: Int64, _ change: TodoChange) -> Observable<Result<Todo, SceneError>>

    /// Removes the todos `ids` names, as one change that one undo takes back; sends them as they
    /// were. Removes nothing when an ID names no todo.
    func removeTodos(ids: [Int64]) -> Observable<Result<[Todo], SceneError>>

    /// Reads every feed once, by title.
    func fetchFeeds() -> Observable<Result<[Feed], SceneError>>

    /// Reads `limit` items of the feed `feedID` from `offset`, newest first (undated items last).
    func fetchItems(feedID: Int64, offset: Int, limit: Int) -> Observable<Result<[FeedItem], SceneError>>

    /// Reads one feed item; a failure that says so when there is none with that ID.
    func fetchItem(id: Int64) -> Observable<Result<FeedItem, SceneError>>

    /// Downloads the file at `address` into `folder` (the download folder when `nil`) when
    /// subscribed: sends where it writes, progress, then the file's path, or the failure.
    func download(_ address: String, into folder: String?) -> Observable<Result<DownloadEvent, SceneError>>

    /// Unsubscribes from a feed as a change undo can take back; sends the feed as it was.
    func removeFeed(id: Int64) -> Observable<Result<Feed, SceneError>>

    /// Marks the items `itemIDs` read or unread, all or none: an identifier that names no item
    /// fails and changes nothing. Sends how many changed.
    func setRead(itemIDs: [Int64], _ isRead: Bool) -> Observable<Result<Int, SceneError>>

    /// Marks every item of the feed `feedID` read or unread; sends how many changed.
    func setRead(feedID: Int64, _ isRead: Bool) -> Observable<Result<Int, SceneError>>

    /// Subscribes to every feed the OPML file at `path` lists, without fetching any. Each entry
    /// that failed is one line of ``FeedImportSummary/failures`` naming it as the command line
    /// does, by its title and its address, each in quotes (`"an outline"` when it has neither).
    func importFeeds(fromFile path: String) -> Observable<Result<FeedImportSummary, SceneError>>

    /// Every subscription as an OPML 2.0 document, by title.
    func exportFeeds() -> Observable<Result<String, SceneError>>

    /// Adds and takes away tags of the feed `feedID` as a change undo takes back; sends the feed.
    func setTags(feedID: Int64, _ change: FeedTagChange) -> Observable<Result<Feed, SceneError>>

    /// Saves a query feed named `name`, or a filter when `name` is `nil`, as a change undo
    /// takes back; a bad expression fails with one sentence naming the bad part.
    func addRule(name: String?, expression: String) -> Observable<Result<FeedRule, SceneError>>

    /// Removes a query feed or filter as a change undo takes back; sends it as it was.
    func removeRule(id: Int64) -> Observable<Result<FeedRule, SceneError>>

    /// Reads every query feed (by name) and filter (in the order added).
    func fetchRules() -> Observable<Result<[FeedRule], SceneError>>

    /// Reads the newest `limit` items a query feed's expression matches.
    func fetchMatches(of expression: String, limit: Int) -> Observable<Result<[FeedSearchResult], SceneError>>
}
