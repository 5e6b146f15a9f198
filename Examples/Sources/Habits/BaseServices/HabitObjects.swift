import Foundation
public import SQLiteProvider

/// A habit as the list shows it: its name and how it stands today.
public struct HabitSummaryObject: Hashable, Sendable, FetchableRecord {
    /// The habit's identifier.
    public var id: Int64
    /// What the habit is ("Read 20 pages").
    public var name: String
    /// What it is about.
    public var category: HabitCategory
    /// How many days it was done, in all.
    public var checkInCount: Int
    /// Whether it was done on the day the query asked about.
    public var isDoneToday: Bool

    /// A summary with the given values.
    public init(id: Int64, name: String, category: HabitCategory = .other, checkInCount: Int, isDoneToday: Bool) {
        self.id = id
        self.name = name
        self.category = category
        self.checkInCount = checkInCount
        self.isDoneToday = isDoneToday
    }

    /// Reads `id`, `name`, `category`, `check_in_count` and `is_done_today`.
    public init(row: Row) throws(DatabaseError) {
        id = try row["id"]
        name = try row["name"]
        category = try row["category"]
        checkInCount = try row["check_in_count"]
        isDoneToday = try row["is_done_today"]
    }
}

/// A habit with its whole history of check-ins.
public struct HabitObject: Hashable, Sendable {
    /// The habit's identifier.
    public var id: Int64
    /// What the habit is.
    public var name: String
    /// What it is about.
    public var category: HabitCategory
    /// When it was added.
    public var createdAt: Date
    /// The days it was done, the latest first.
    public var checkIns: [Day]

    /// A habit with the given values.
    public init(id: Int64, name: String, category: HabitCategory = .other, createdAt: Date, checkIns: [Day]) {
        self.id = id
        self.name = name
        self.category = category
        self.createdAt = createdAt
        self.checkIns = checkIns
    }
}
