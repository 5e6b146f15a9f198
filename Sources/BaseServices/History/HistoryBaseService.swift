public import SQLiteProvider
public import Streams

/// The history base service: the one history of changes, to todos and feeds alike, that undo
/// and redo step through, whichever process made the change.
///
/// Every change to todos and every removal of a feed records, in its own transaction, how the
/// rows it touches looked before it (see the todos and feeds base services); this service takes
/// those steps back and forth.
///
/// ```swift
/// let history: any HistoryBaseServiceType = HistoryBaseService.shared
/// history.undo().subscribe(onNext: { print($0) })
/// ```
public protocol HistoryBaseServiceType: Sendable {
    /// Undoes the last change made by any process, to todos or feeds, and sends what it was;
    /// `nil` when there is nothing to undo.
    func undo() -> Observable<Result<HistoryStepObject?, DatabaseError>>

    /// Redoes the last change undone, and sends what it was; `nil` when there is nothing to
    /// redo (a new change after an undo empties what can be redone).
    func redo() -> Observable<Result<HistoryStepObject?, DatabaseError>>

    /// Forgets every change made so far, so none can be undone or redone: for a prepared state
    /// (a demonstration's fixtures) that undo should not take apart.
    func forgetHistory() -> Observable<Result<Void, DatabaseError>>
}

/// The history over the configured database; see ``HistoryBaseServiceType``.
public final class HistoryBaseService: HistoryBaseServiceType {
    /// The instance over the configured database. Using it before ``configureBaseServices(_:)``
    /// stops the program with a message saying so.
    public static let shared = HistoryBaseService(
        context: BaseServicesRegistry.requireContext(for: "HistoryBaseService"))

    let context: ServiceContext
    var database: SQLiteDatabase { context.database }

    /// An instance over `context`; tests use it with a temporary database.
    init(context: ServiceContext) {
        self.context = context
    }

    /// Undoes the last change made by any process; see ``HistoryBaseServiceType/undo()``.
    public func undo() -> Observable<Result<HistoryStepObject?, DatabaseError>> {
        let searchIndex = context.searchIndex
        return database.writeOnSubscribe { (db) throws(DatabaseError) in
            try History.step(back: .undo, searchIndex: searchIndex, in: db)
        }
    }

    /// Redoes the last change undone; see ``HistoryBaseServiceType/redo()``.
    public func redo() -> Observable<Result<HistoryStepObject?, DatabaseError>> {
        let searchIndex = context.searchIndex
        return database.writeOnSubscribe { (db) throws(DatabaseError) in
            try History.step(back: .redo, searchIndex: searchIndex, in: db)
        }
    }

    /// Forgets every change made so far; see ``HistoryBaseServiceType/forgetHistory()``.
    public func forgetHistory() -> Observable<Result<Void, DatabaseError>> {
        database.writeOnSubscribe { (db) throws(DatabaseError) in try db.execute("DELETE FROM changes") }
    }
}
