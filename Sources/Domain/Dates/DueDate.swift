public import Foundation

/// Due dates as stored instants: the start of a ``DueDay`` in UTC, read and written `YYYY-MM-DD`.
///
/// What people type is read by ``DueDayParser``; this converts between a stored `Date` and its
/// day.
public enum DueDate {
    /// Parses exactly `YYYY-MM-DD` (surrounding spaces allowed) into the start of that day in UTC;
    /// `nil` when the text is not a real date (`2026-02-30`, `tomorrow`, `2026-1-5`).
    public static func parse(_ text: String) -> Date? {
        DueDay(text.trimmingCharacters(in: .whitespaces))?.date
    }

    /// The day `date` falls on in UTC, as `YYYY-MM-DD`.
    public static func format(_ date: Date) -> String {
        DueDay(date).description
    }
}
