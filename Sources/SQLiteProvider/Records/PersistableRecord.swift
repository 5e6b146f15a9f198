/// A type whose values are rows of one table, written from their `Encodable` properties: each
/// property is a column of the same name, and the primary key finds the row again.
///
/// ```swift
/// struct Habit: Codable, FetchableRecord, PersistableRecord {
///     static let databaseTableName = "habit"
///     var id: Int64?
///     var name: String
///     var streak: Int
///
///     mutating func didInsert(rowID: Int64) { id = rowID }
/// }
///
/// try database.write { db in
///     var run = try db.insert(Habit(id: nil, name: "Run", streak: 0))   // run.id is set
///     run.streak += 1
///     try db.update(run)
///     let stored = try db.fetchOne(Habit.self, key: run.id)
///     try db.delete(run)
/// }
/// ```
///
/// The methods that write records are ``Connection``'s: ``Connection/insert(_:)``,
/// ``Connection/update(_:)``, ``Connection/upsert(_:)``, ``Connection/delete(_:)`` and
/// ``Connection/delete(_:key:)-(_,SQLValueConvertible)``; a type that is also a
/// ``FetchableRecord`` is read back with ``Connection/fetchOne(_:key:)-(_,SQLValueConvertible)``.
/// Every value is bound to a parameter, never written into the SQL text, and the table and
/// column names are quoted, so any text is safe in them.
///
/// A property is stored the way a `Decodable` record reads it back: an ``SQLValueConvertible``
/// value (`Int`, `String`, `Date`, `UUID`, `Data`, an enum with a raw value, …) as its
/// ``SQLValueConvertible/sqlValue``, `nil` as `NULL`, a `URL` as its text, a type that encodes
/// one value as that value, and a nested struct or an array as JSON text. A value that no
/// column can hold (an unsigned integer above `Int64.max`, a property that encodes nothing)
/// fails the write with ``DatabaseError/Kind/invalidValue`` naming the type and the property.
public protocol PersistableRecord: Encodable {
    /// The table the rows live in.
    static var databaseTableName: String { get }

    /// The columns of the table's primary key, in order; `["id"]` unless the type says
    /// otherwise. Each must be a property of the record.
    static var primaryKeyColumns: [String] { get }

    /// Tells the copy that ``Connection/insert(_:)`` returns which rowid SQLite gave the new row
    /// (for an `INTEGER PRIMARY KEY` table, its key): set the identifier here. Called after every
    /// insert, and after an upsert whose primary key was `NULL` (the one case where it inserts a
    /// row whose key is not known beforehand). The default does nothing; a table declared
    /// `WITHOUT ROWID` has no rowid, so leave it out for one.
    mutating func didInsert(rowID: Int64)
}

extension PersistableRecord {
    /// `["id"]`.
    public static var primaryKeyColumns: [String] { ["id"] }

    /// Does nothing.
    public mutating func didInsert(rowID: Int64) {}
}
