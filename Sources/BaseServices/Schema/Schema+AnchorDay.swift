extension Schema {
    /// Step 21: a recurring todo's anchor day, the day of the month its series counts months
    /// and years from (the due day it started on), so that a series that passes through a
    /// short month comes back to its day (Jan 31 → Feb 28 → Mar 31).
    ///
    /// NULL for a todo that does not recur. A series whose value disagrees with its due day, or
    /// has none, counts from the due day (``Domain/Recurrence/anchorDay(_:of:)``), so whatever
    /// another program writes, a series at worst counts as it did before. Recurring todos stored
    /// before take their due day's, as do the history's images of them, so that undo brings
    /// them back anchored.
    static let anchorDayScript = """
        ALTER TABLE todos ADD COLUMN anchor_day INTEGER CHECK (anchor_day BETWEEN 1 AND 31);
        ALTER TABLE todo_change_rows ADD COLUMN anchor_day INTEGER;
        UPDATE todos SET anchor_day = CAST(strftime('%d', due_at / 1000, 'unixepoch') AS INTEGER)
            WHERE recurrence IS NOT NULL AND due_at IS NOT NULL;
        UPDATE todo_change_rows SET anchor_day = CAST(strftime('%d', due_at / 1000, 'unixepoch') AS INTEGER)
            WHERE present = 1 AND recurrence IS NOT NULL AND due_at IS NOT NULL;
        """
}
