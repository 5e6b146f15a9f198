import Foundation
import SQLiteProvider

/// A row of `habit` as written: an `Encodable` value whose properties are the columns, so
/// inserting, updating and deleting it takes no SQL (``Connection/insert(_:)`` and friends).
struct HabitRecord: Codable, Sendable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "habit"

    /// `nil` until inserted; ``didInsert(rowID:)`` sets it.
    var id: Int64?
    var name: String
    var category: HabitCategory
    var createdAt: Date

    enum CodingKeys: String, CodingKey {
        case id, name, category
        case createdAt = "created_at"
    }

    mutating func didInsert(rowID: Int64) { id = rowID }
}

/// A row of `check_in`: habit `habit_id` was done on `day`. Its primary key is both columns.
struct CheckInRecord: Encodable, Sendable, PersistableRecord {
    static let databaseTableName = "check_in"
    static let primaryKeyColumns = ["habit_id", "day"]

    var habitID: Int64
    var day: Day

    enum CodingKeys: String, CodingKey {
        case habitID = "habit_id"
        case day
    }
}
