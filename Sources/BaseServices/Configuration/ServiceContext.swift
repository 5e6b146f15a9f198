import Foundation
import SQLiteProvider

/// What a base service needs: the database, how it searches text, and a clock.
struct ServiceContext: Sendable {
    let database: SQLiteDatabase
    let searchIndex: SearchIndex
    let now: @Sendable () -> Date

    /// A context over `database`, reading the search index the schema has.
    static func make(
        database: SQLiteDatabase, now: @escaping @Sendable () -> Date = { Date() }
    ) throws(DatabaseError) -> ServiceContext {
        let searchIndex = try database.read { (db) throws(DatabaseError) in try Schema.searchIndex(of: db) }
        return ServiceContext(database: database, searchIndex: searchIndex, now: now)
    }
}
