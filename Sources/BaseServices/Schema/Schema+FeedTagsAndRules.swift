extension Schema {
    /// Step 20: a feed's tags, saved query feeds and filters, and what filters hide.
    ///
    /// - A feed's tags are stored with it as a JSON array (NULL for none), so a removed feed's
    ///   image in the history holds them like its other columns; a change of tags records the
    ///   tags before it in `feed_tag_change_rows`, which undo writes back.
    /// - `feed_rules` holds the query feeds (a name and an expression) and the filters (an
    ///   expression); adding and removing one is recorded in `feed_rule_change_rows`, which undo
    ///   puts back.
    /// - `is_hidden` marks the items a filter hides; every read of a feed's items leaves them
    ///   out, and removing the filter clears the mark. The feed's indexes lead with it, so a
    ///   window of what is shown is still walked in an index.
    static let feedTagsAndRulesScript = """
        ALTER TABLE feeds ADD COLUMN tags TEXT;
        ALTER TABLE feed_change_rows ADD COLUMN tags TEXT;
        CREATE TABLE feed_tag_change_rows (
            change_id INTEGER NOT NULL REFERENCES changes(id) ON DELETE CASCADE,
            feed_id INTEGER NOT NULL,
            tags TEXT,
            PRIMARY KEY (change_id, feed_id)
        ) WITHOUT ROWID;
        CREATE TABLE feed_rules (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            kind TEXT NOT NULL CHECK (kind IN ('query', 'filter')),
            name TEXT,
            expression TEXT NOT NULL,
            created_at INTEGER NOT NULL
        );
        CREATE TABLE feed_rule_change_rows (
            change_id INTEGER NOT NULL REFERENCES changes(id) ON DELETE CASCADE,
            rule_id INTEGER NOT NULL,
            present INTEGER NOT NULL CHECK (present IN (0, 1)),
            kind TEXT,
            name TEXT,
            expression TEXT,
            created_at INTEGER,
            PRIMARY KEY (change_id, rule_id)
        ) WITHOUT ROWID;
        ALTER TABLE feed_items ADD COLUMN is_hidden INTEGER NOT NULL DEFAULT 0 CHECK (is_hidden IN (0, 1));
        DROP INDEX feed_items_by_date;
        DROP INDEX feed_items_by_read;
        DROP INDEX IF EXISTS feed_items_by_unread_date;
        CREATE INDEX feed_items_by_date ON feed_items(feed_id, is_hidden, published_at);
        CREATE INDEX feed_items_by_read ON feed_items(feed_id, is_hidden, is_read);
        CREATE INDEX feed_items_by_unread_date ON feed_items(feed_id, is_hidden, is_read, published_at);
        """
}
