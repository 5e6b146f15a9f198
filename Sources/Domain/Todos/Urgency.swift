public import Foundation

/// How urgent an open todo is: one number from its due date, priority, age, tags and project,
/// the way taskwarrior scores its tasks, with the same coefficients (see <doc:Urgency>). The
/// `next` report and the list's urgency order show the highest first.
///
/// ```swift
/// let score = Urgency.score(
///     due: tomorrow, priority: .high, createdAt: lastWeek, tagCount: 1, hasProject: true, now: now)
/// // 12 × 0.70 + 6 + 2 × 0.02 + 0.8 + 1 ≈ 16.2
/// ```
public enum Urgency {
    /// How much a due date counts, at most (when it is a week or more overdue).
    public static let dueCoefficient = 12.0
    /// What a high priority adds.
    public static let highPriority = 6.0
    /// What a medium priority adds.
    public static let mediumPriority = 3.9
    /// What a low priority adds.
    public static let lowPriority = 1.8
    /// How much age counts, at most (at ``maximumAgeDays`` days and older).
    public static let ageCoefficient = 2.0
    /// The age at which a todo's age stops adding.
    public static let maximumAgeDays = 365.0
    /// How much tags count, at most (three tags or more).
    public static let tagsCoefficient = 1.0
    /// What having a project adds.
    public static let projectCoefficient = 1.0

    /// What `priority` adds.
    public static func weight(of priority: TodoPriority?) -> Double {
        switch priority {
        case .high: highPriority
        case .medium: mediumPriority
        case .low: lowPriority
        case nil: 0
        }
    }

    /// The due date's share, from 0 to 1: 0.2 for a due date two weeks or more away, rising in a
    /// straight line to 1 at a week overdue, 1 beyond; 0 without a due date.
    public static func dueFactor(daysOverdue: Double?) -> Double {
        guard let days = daysOverdue else { return 0 }
        if days >= 7 { return 1 }
        if days >= -14 { return (days + 14) * 0.8 / 21 + 0.2 }
        return 0.2
    }

    /// The tags' share, from 0 to 1: 0 for none, 0.8 for one, 0.9 for two, 1 for three or more.
    public static func tagsFactor(count: Int) -> Double {
        switch count {
        case ...0: 0
        case 1: 0.8
        case 2: 0.9
        default: 1
        }
    }

    /// The urgency of an open todo at `now`.
    public static func score(
        due: Date?, priority: TodoPriority?, createdAt: Date, tagCount: Int, hasProject: Bool, now: Date
    ) -> Double {
        let day = 86_400.0
        let overdue = due.map { now.timeIntervalSince($0) / day }
        let age = min(1, max(0, now.timeIntervalSince(createdAt) / day / maximumAgeDays))
        return dueCoefficient * dueFactor(daysOverdue: overdue) + weight(of: priority) + ageCoefficient * age
            + tagsCoefficient * tagsFactor(count: tagCount) + (hasProject ? projectCoefficient : 0)
    }
}
