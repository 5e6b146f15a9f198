public import Foundation
public import SQLiteProvider
public import Streams

/// Reports over the moments todos were completed.
extension TodosBaseService {
    /// Fetches, once, up to `limit` todos completed from `start` to before `end`, the most
    /// recently completed first (by identifier among those completed at the same moment), after
    /// `after`: a range of the index on the completed moment.
    public func fetchCompleted(
        from start: Date, to end: Date, after: TodoObject?, limit: Int
    ) -> Observable<Result<[TodoObject], DatabaseError>> {
        database.readOnSubscribe { (db) throws(DatabaseError) in
            var conditions = "completed = 1 AND completed_at >= ? AND completed_at < ?"
            var arguments: [SQLValue] = [.integer(start.storedMilliseconds), .integer(end.storedMilliseconds)]
            if let after, let completedAt = after.completedAt {
                conditions += " AND (completed_at, id) < (?, ?)"
                arguments += [.integer(completedAt.storedMilliseconds), .integer(after.id)]
            }
            let count = max(0, limit)
            return try db.fetchAll(
                "SELECT \(Self.columns) FROM todos WHERE \(conditions) ORDER BY completed_at DESC, id DESC LIMIT ?",
                arguments + [.integer(Int64(count))], capacity: count, decode: Self.decode)
        }
    }
}
