import SQLiteProvider

/// How todos are searched by text.
enum SearchIndex: Sendable, Equatable {
    /// An FTS5 index kept up to date by triggers.
    case fts5
    /// A table of (word, todo) pairs kept up to date by the service, for builds of SQLite
    /// without FTS5.
    case words
}

/// The schema of a Rivulet database, version by version.
///
/// Versions only ever get added at the end; a database is migrated from whatever version it
/// has to the last one, all its steps in one transaction (see ``Migrator``).
enum Schema {
    /// The `PRAGMA application_id` of every Rivulet database: "RVLT".
    static let applicationID: Int32 = 0x5256_4C54

    /// The provider's options for a Rivulet database: stamped "RVLT", and named Rivulet in
    /// messages.
    static var databaseOptions: DatabaseOptions {
        DatabaseOptions(applicationID: applicationID, applicationName: "Rivulet")
    }

    /// Whether this build of SQLite has FTS5, checked at start-up.
    static var sqliteHasFTS5: Bool {
        FTS5PhraseMatcher.isAvailable
    }

    /// Every migration, in order. `searchIndex` decides how step 4 indexes text.
    static func migrations(searchIndex: SearchIndex = sqliteHasFTS5 ? .fts5 : .words) -> [Migration] {
        [
            Migration(version: 1, name: "todos") { (db) throws(DatabaseError) in
                try db.executeScript(
                    """
                    CREATE TABLE todos (
                        id INTEGER PRIMARY KEY,
                        title TEXT NOT NULL,
                        notes TEXT NOT NULL DEFAULT '',
                        completed INTEGER NOT NULL DEFAULT 0 CHECK (completed IN (0, 1)),
                        created_at INTEGER NOT NULL,
                        updated_at INTEGER NOT NULL,
                        completed_at INTEGER,
                        position INTEGER NOT NULL
                    );
                    CREATE INDEX todos_by_position ON todos(position);
                    CREATE INDEX todos_by_created ON todos(created_at);
                    CREATE INDEX todos_by_title ON todos(title COLLATE NOCASE);
                    CREATE INDEX todos_by_completed ON todos(completed);
                    """)
            },
            Migration(version: 2, name: "todo due dates") { (db) throws(DatabaseError) in
                try db.executeScript(
                    """
                    ALTER TABLE todos ADD COLUMN due_at INTEGER;
                    CREATE INDEX todos_by_due ON todos(due_at IS NULL, due_at);
                    """)
            },
            Migration(version: 3, name: "feeds") { (db) throws(DatabaseError) in
                try db.executeScript(
                    """
                    CREATE TABLE feeds (
                        id INTEGER PRIMARY KEY,
                        url TEXT NOT NULL UNIQUE,
                        title TEXT NOT NULL,
                        site_url TEXT,
                        added_at INTEGER NOT NULL,
                        last_fetched_at INTEGER
                    );
                    CREATE TABLE feed_items (
                        id INTEGER PRIMARY KEY,
                        feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
                        guid TEXT NOT NULL,
                        title TEXT NOT NULL,
                        link TEXT,
                        summary TEXT NOT NULL DEFAULT '',
                        published_at INTEGER,
                        fetched_at INTEGER NOT NULL,
                        is_read INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
                        UNIQUE (feed_id, guid)
                    );
                    CREATE INDEX feed_items_by_date ON feed_items(feed_id, published_at);
                    CREATE INDEX feed_items_by_read ON feed_items(feed_id, is_read);
                    """)
            },
            Migration(version: 4, name: "todo search") { (db) throws(DatabaseError) in
                switch searchIndex {
                case .fts5:
                    try db.executeScript(
                        """
                        CREATE VIRTUAL TABLE todos_fts USING fts5(
                            title, notes, content = 'todos', content_rowid = 'id',
                            tokenize = 'unicode61 remove_diacritics 2'
                        );
                        CREATE TRIGGER todos_fts_insert AFTER INSERT ON todos BEGIN
                            INSERT INTO todos_fts(rowid, title, notes) VALUES (new.id, new.title, new.notes);
                        END;
                        CREATE TRIGGER todos_fts_delete AFTER DELETE ON todos BEGIN
                            INSERT INTO todos_fts(todos_fts, rowid, title, notes)
                                VALUES ('delete', old.id, old.title, old.notes);
                        END;
                        CREATE TRIGGER todos_fts_update AFTER UPDATE OF title, notes ON todos BEGIN
                            INSERT INTO todos_fts(todos_fts, rowid, title, notes)
                                VALUES ('delete', old.id, old.title, old.notes);
                            INSERT INTO todos_fts(rowid, title, notes) VALUES (new.id, new.title, new.notes);
                        END;
                        INSERT INTO todos_fts(todos_fts) VALUES ('rebuild');
                        """)
                case .words:
                    try db.executeScript(
                        """
                        CREATE TABLE todo_words (
                            word TEXT NOT NULL,
                            todo_id INTEGER NOT NULL REFERENCES todos(id) ON DELETE CASCADE,
                            PRIMARY KEY (word, todo_id)
                        ) WITHOUT ROWID;
                        CREATE INDEX todo_words_by_todo ON todo_words(todo_id);
                        """)
                    let rows = try db.fetchAll("SELECT id, title, notes FROM todos") {
                        ($0.int64(at: 0), $0.string(at: 1), $0.string(at: 2))
                    }
                    for (id, title, notes) in rows {
                        try SearchText.indexWords(of: id, title: title, notes: notes, in: db)
                    }
                }
            },
            Migration(version: 5, name: "feed validators") { (db) throws(DatabaseError) in
                // The ETag and Last-Modified of the last download, sent back so an unchanged
                // feed is answered with 304 Not Modified instead of downloaded again.
                try db.executeScript(
                    """
                    ALTER TABLE feeds ADD COLUMN etag TEXT;
                    ALTER TABLE feeds ADD COLUMN last_modified TEXT;
                    """)
            },
            Migration(version: 6, name: "feed refresh errors") { (db) throws(DatabaseError) in
                // Why the feed's last refresh failed; NULL when it succeeded or never ran.
                try db.executeScript("ALTER TABLE feeds ADD COLUMN last_error TEXT;")
            },
            Migration(version: 7, name: "todo windows at scale") { (db) throws(DatabaseError) in
                try db.executeScript(todoWindowsScript)
            },
            Migration(version: 8, name: "identifiers never reused", disablesForeignKeys: true) {
                (db) throws(DatabaseError) in
                try rebuildWithAutoincrement(in: db)
            },
            Migration(version: 9, name: "feed item content") { (db) throws(DatabaseError) in
                // An item's full content as the reader shows it: laid out for a terminal when
                // stored (so the reader needs no parser, and the lists' plain summary stays as
                // it was), with its numbered links apart so that one can be opened. Items stored
                // before have none until their feed is refreshed; the reader shows their summary.
                try db.executeScript(
                    """
                    ALTER TABLE feed_items ADD COLUMN content TEXT NOT NULL DEFAULT '';
                    ALTER TABLE feed_items ADD COLUMN content_links TEXT NOT NULL DEFAULT '';
                    """)
            },
            Migration(version: 10, name: "todo history") { (db) throws(DatabaseError) in
                try db.executeScript(History.schemaScript)
            },
            Migration(version: 11, name: "feed history") { (db) throws(DatabaseError) in
                // Removing a feed can be undone: its row and items are kept with the change,
                // in the history's one timeline (a database's todo history stays as it is).
                try db.executeScript(FeedHistory.schemaScript)
            },
            Migration(version: 12, name: "feed item search and unread order") { (db) throws(DatabaseError) in
                try db.executeScript(feedItemSearchScript(searchIndex: searchIndex))
            },
            Migration(version: 13, name: "one history") { (db) throws(DatabaseError) in
                try db.executeScript(History.changesScript)
            },
            Migration(version: 14, name: "feed item content as given") { (db) throws(DatabaseError) in
                // From now on an item's content is what the feed gave (HTML reduced to a safe
                // subset, or text), laid out when it is shown. Items stored before hold text laid
                // out for a terminal, their links listed at its end: they are marked text, which
                // the reader shows as it is written, so they read exactly as they did.
                // Search reads `search_text`, the words as the reader shows them (for stored text,
                // the text itself), so markup never matches a search.
                let hasFTS = try Schema.searchIndex(of: db) == .fts5
                try db.executeScript(
                    """
                    ALTER TABLE feed_items ADD COLUMN content_type TEXT NOT NULL DEFAULT 'text'
                        CHECK (content_type IN ('html', 'text'));
                    ALTER TABLE feed_items ADD COLUMN search_text TEXT NOT NULL DEFAULT '';
                    """
                        + (hasFTS
                            ? """
                            DROP TRIGGER feed_items_fts_insert;
                            DROP TRIGGER feed_items_fts_delete;
                            DROP TRIGGER feed_items_fts_update;
                            DROP TABLE feed_items_fts;

                            """ : "")
                        + "UPDATE feed_items SET search_text = content;\n"
                        + (hasFTS ? feedItemTextSearchScript : "") + FeedHistory.contentTypeScript)
            },
            Migration(version: 15, name: "feed item enclosures") { (db) throws(DatabaseError) in
                // The files an item carries (podcast audio, video, pictures), one a line as
                // `FeedEnclosure.stored` writes them. Items stored before have none until their
                // feed is refreshed; so have the items of a removed feed kept for undo.
                try db.executeScript(
                    "ALTER TABLE feed_items ADD COLUMN enclosures TEXT NOT NULL DEFAULT '';\n"
                        + FeedHistory.enclosuresScript)
            },
            Migration(version: 16, name: "undoable read states") { (db) throws(DatabaseError) in
                // Marking every item of a feed read goes into the history, with each item's
                // read state before it, so that undo puts them back.
                try db.executeScript(FeedHistory.readStatesScript)
            },
            Migration(version: 17, name: "todo dates") { (db) throws(DatabaseError) in
                try db.executeScript(todoDatesScript)
            },
            Migration(version: 18, name: "todo tags, projects, priorities and recurrence") {
                (db) throws(DatabaseError) in
                try db.executeScript(todoAttributesScript)
            },
            Migration(version: 19, name: "kept choices") { (db) throws(DatabaseError) in
                try db.executeScript(choicesScript)
            },
            Migration(version: 20, name: "feed tags, query feeds and filters") { (db) throws(DatabaseError) in
                try db.executeScript(feedTagsAndRulesScript)
            },
            Migration(version: 21, name: "recurring todos keep their day") { (db) throws(DatabaseError) in
                try db.executeScript(anchorDayScript)
            },
        ]
    }

    /// Step 7: what keeps a window of todos fast at any offset of a million todos.
    ///
    /// - One index per sort within each state, so a filtered window's `OFFSET` skips entries of
    ///   an index without visiting the table (the single-column index on `completed`, which they
    ///   all start with, goes).
    /// - The number of todos, in all and done, kept by triggers in a one-row table, so a window
    ///   knows how many todos its filter has without counting them.
    static let todoWindowsScript = """
        DROP INDEX todos_by_completed;
        CREATE INDEX todos_by_state_position ON todos(completed, position);
        CREATE INDEX todos_by_state_created ON todos(completed, created_at);
        CREATE INDEX todos_by_state_title ON todos(completed, title COLLATE NOCASE);
        CREATE INDEX todos_by_state_due ON todos(completed, due_at IS NULL, due_at);
        CREATE TABLE todo_counts (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            total INTEGER NOT NULL,
            completed INTEGER NOT NULL
        );
        INSERT INTO todo_counts(id, total, completed)
            SELECT 1, count(*), coalesce(sum(completed), 0) FROM todos;
        CREATE TRIGGER todo_counts_insert AFTER INSERT ON todos BEGIN
            UPDATE todo_counts SET total = total + 1, completed = completed + new.completed WHERE id = 1;
        END;
        CREATE TRIGGER todo_counts_delete AFTER DELETE ON todos BEGIN
            UPDATE todo_counts SET total = total - 1, completed = completed - old.completed WHERE id = 1;
        END;
        CREATE TRIGGER todo_counts_update AFTER UPDATE OF completed ON todos
            WHEN old.completed != new.completed BEGIN
            UPDATE todo_counts SET completed = completed + new.completed - old.completed WHERE id = 1;
        END;
        """

    /// Step 16: every todo has a created, a modified and, when done, a completed moment.
    ///
    /// Creation and modification were stored from the start. A done todo without a completed
    /// moment (marked done before it was kept, or written by an older import) takes the best
    /// known one: its last modification, which for such a todo was no earlier than its
    /// completion. A todo not done keeps none. The history's images get the same, so that undo
    /// never brings back a done todo without one. The index serves "completed since" reports.
    static let todoDatesScript = """
        UPDATE todos SET completed_at = max(updated_at, created_at) WHERE completed = 1 AND completed_at IS NULL;
        UPDATE todos SET completed_at = NULL WHERE completed = 0 AND completed_at IS NOT NULL;
        UPDATE todos SET updated_at = created_at WHERE updated_at < created_at;
        UPDATE todo_change_rows SET completed_at = max(updated_at, created_at)
            WHERE present = 1 AND completed = 1 AND completed_at IS NULL;
        CREATE INDEX todos_by_completed_at ON todos(completed_at) WHERE completed_at IS NOT NULL;
        """

    /// Step 19: what a person chose once and expects to find again (the todo list's filter and
    /// order), one value a name. Only choices are kept here, never how a terminal lays them out.
    static let choicesScript = """
        CREATE TABLE choices (
            name TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """

    /// Step 17: a todo's tags, project, priority and recurrence.
    ///
    /// The tags are stored with the todo as a JSON array (NULL for none), so that the history's
    /// images hold them like every other column; `todo_tags` indexes them by tag for filters,
    /// kept by triggers from the column (also when undo writes an image back). A project and a
    /// priority are indexed where a todo has one. The history's images get the same columns.
    static let todoAttributesScript = """
        ALTER TABLE todos ADD COLUMN tags TEXT;
        ALTER TABLE todos ADD COLUMN project TEXT;
        ALTER TABLE todos ADD COLUMN priority TEXT CHECK (priority IN ('H', 'M', 'L'));
        ALTER TABLE todos ADD COLUMN recurrence TEXT;
        ALTER TABLE todo_change_rows ADD COLUMN tags TEXT;
        ALTER TABLE todo_change_rows ADD COLUMN project TEXT;
        ALTER TABLE todo_change_rows ADD COLUMN priority TEXT;
        ALTER TABLE todo_change_rows ADD COLUMN recurrence TEXT;
        CREATE INDEX todos_by_project ON todos(project) WHERE project IS NOT NULL;
        CREATE INDEX todos_by_priority ON todos(priority) WHERE priority IS NOT NULL;
        CREATE TABLE todo_tags (
            tag TEXT NOT NULL,
            todo_id INTEGER NOT NULL,
            PRIMARY KEY (tag, todo_id)
        ) WITHOUT ROWID;
        CREATE INDEX todo_tags_by_todo ON todo_tags(todo_id);
        CREATE TRIGGER todo_tags_insert AFTER INSERT ON todos WHEN new.tags IS NOT NULL BEGIN
            INSERT OR IGNORE INTO todo_tags(tag, todo_id) SELECT value, new.id FROM json_each(new.tags);
        END;
        CREATE TRIGGER todo_tags_update AFTER UPDATE OF tags ON todos BEGIN
            DELETE FROM todo_tags WHERE todo_id = old.id;
            INSERT OR IGNORE INTO todo_tags(tag, todo_id) SELECT value, new.id FROM json_each(new.tags);
        END;
        CREATE TRIGGER todo_tags_delete AFTER DELETE ON todos WHEN old.tags IS NOT NULL BEGIN
            DELETE FROM todo_tags WHERE todo_id = old.id;
        END;
        """

    /// Step 11: what keeps the reader's reads across feeds fast on large databases.
    ///
    /// - An index of unread items in each feed's list order, so the next unread item after one
    ///   and a window of only unread items are walked in the index, never sorted.
    /// - With FTS5, a search index over every item's title, summary and content, kept up to date
    ///   by triggers and filled with the items already stored. Without FTS5 a search scans.
    /// Step 14's full-text index of feed items: their title, summary and `search_text` (the
    /// words of their content as the reader shows them), kept by triggers.
    static let feedItemTextSearchScript = """
        CREATE VIRTUAL TABLE feed_items_fts USING fts5(
            title, summary, search_text, content = 'feed_items', content_rowid = 'id',
            tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER feed_items_fts_insert AFTER INSERT ON feed_items BEGIN
            INSERT INTO feed_items_fts(rowid, title, summary, search_text)
                VALUES (new.id, new.title, new.summary, new.search_text);
        END;
        CREATE TRIGGER feed_items_fts_delete AFTER DELETE ON feed_items BEGIN
            INSERT INTO feed_items_fts(feed_items_fts, rowid, title, summary, search_text)
                VALUES ('delete', old.id, old.title, old.summary, old.search_text);
        END;
        CREATE TRIGGER feed_items_fts_update AFTER UPDATE OF title, summary, search_text ON feed_items BEGIN
            INSERT INTO feed_items_fts(feed_items_fts, rowid, title, summary, search_text)
                VALUES ('delete', old.id, old.title, old.summary, old.search_text);
            INSERT INTO feed_items_fts(rowid, title, summary, search_text)
                VALUES (new.id, new.title, new.summary, new.search_text);
        END;
        INSERT INTO feed_items_fts(feed_items_fts) VALUES ('rebuild');
        """

    static func feedItemSearchScript(searchIndex: SearchIndex) -> String {
        let order = "CREATE INDEX feed_items_by_unread_date ON feed_items(feed_id, is_read, published_at);\n"
        guard searchIndex == .fts5 else { return order }
        return order + """
            CREATE VIRTUAL TABLE feed_items_fts USING fts5(
                title, summary, content, content = 'feed_items', content_rowid = 'id',
                tokenize = 'unicode61 remove_diacritics 2'
            );
            CREATE TRIGGER feed_items_fts_insert AFTER INSERT ON feed_items BEGIN
                INSERT INTO feed_items_fts(rowid, title, summary, content)
                    VALUES (new.id, new.title, new.summary, new.content);
            END;
            CREATE TRIGGER feed_items_fts_delete AFTER DELETE ON feed_items BEGIN
                INSERT INTO feed_items_fts(feed_items_fts, rowid, title, summary, content)
                    VALUES ('delete', old.id, old.title, old.summary, old.content);
            END;
            CREATE TRIGGER feed_items_fts_update AFTER UPDATE OF title, summary, content ON feed_items BEGIN
                INSERT INTO feed_items_fts(feed_items_fts, rowid, title, summary, content)
                    VALUES ('delete', old.id, old.title, old.summary, old.content);
                INSERT INTO feed_items_fts(rowid, title, summary, content)
                    VALUES (new.id, new.title, new.summary, new.content);
            END;
            INSERT INTO feed_items_fts(feed_items_fts) VALUES ('rebuild');
            """
    }

    /// Step 8: rebuilds `todos`, `feeds` and `feed_items` with `AUTOINCREMENT`, so the
    /// identifier of a deleted row is never handed out again (a script holding it would
    /// otherwise change whatever row got it next).
    ///
    /// It follows SQLite's table-rebuild procedure: with foreign keys off (the migrator turns
    /// them off around the upgrade's transaction and checks them all before it commits), each
    /// table is copied row for row, identifiers included, into a new table that then takes its
    /// name; its indexes and triggers are created again. The copy fires no triggers, so the
    /// counts and the search index (keyed by the unchanged identifiers) stay as they were.
    static func rebuildWithAutoincrement(in db: Connection) throws(DatabaseError) {
        let hasFTS = try searchIndex(of: db) == .fts5
        try db.executeScript(todosRebuildScript + (hasFTS ? todosSearchTriggersScript : "") + feedsRebuildScript)
    }

    static let todosRebuildScript = """
        CREATE TABLE new_todos (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            title TEXT NOT NULL,
            notes TEXT NOT NULL DEFAULT '',
            completed INTEGER NOT NULL DEFAULT 0 CHECK (completed IN (0, 1)),
            created_at INTEGER NOT NULL,
            updated_at INTEGER NOT NULL,
            completed_at INTEGER,
            position INTEGER NOT NULL,
            due_at INTEGER
        );
        INSERT INTO new_todos(id, title, notes, completed, created_at, updated_at, completed_at, position, due_at)
            SELECT id, title, notes, completed, created_at, updated_at, completed_at, position, due_at FROM todos;
        DROP TABLE todos;
        ALTER TABLE new_todos RENAME TO todos;
        CREATE INDEX todos_by_position ON todos(position);
        CREATE INDEX todos_by_created ON todos(created_at);
        CREATE INDEX todos_by_title ON todos(title COLLATE NOCASE);
        CREATE INDEX todos_by_due ON todos(due_at IS NULL, due_at);
        CREATE INDEX todos_by_state_position ON todos(completed, position);
        CREATE INDEX todos_by_state_created ON todos(completed, created_at);
        CREATE INDEX todos_by_state_title ON todos(completed, title COLLATE NOCASE);
        CREATE INDEX todos_by_state_due ON todos(completed, due_at IS NULL, due_at);
        CREATE TRIGGER todo_counts_insert AFTER INSERT ON todos BEGIN
            UPDATE todo_counts SET total = total + 1, completed = completed + new.completed WHERE id = 1;
        END;
        CREATE TRIGGER todo_counts_delete AFTER DELETE ON todos BEGIN
            UPDATE todo_counts SET total = total - 1, completed = completed - old.completed WHERE id = 1;
        END;
        CREATE TRIGGER todo_counts_update AFTER UPDATE OF completed ON todos
            WHEN old.completed != new.completed BEGIN
            UPDATE todo_counts SET completed = completed + new.completed - old.completed WHERE id = 1;
        END;

        """

    static let todosSearchTriggersScript = """
        CREATE TRIGGER todos_fts_insert AFTER INSERT ON todos BEGIN
            INSERT INTO todos_fts(rowid, title, notes) VALUES (new.id, new.title, new.notes);
        END;
        CREATE TRIGGER todos_fts_delete AFTER DELETE ON todos BEGIN
            INSERT INTO todos_fts(todos_fts, rowid, title, notes) VALUES ('delete', old.id, old.title, old.notes);
        END;
        CREATE TRIGGER todos_fts_update AFTER UPDATE OF title, notes ON todos BEGIN
            INSERT INTO todos_fts(todos_fts, rowid, title, notes) VALUES ('delete', old.id, old.title, old.notes);
            INSERT INTO todos_fts(rowid, title, notes) VALUES (new.id, new.title, new.notes);
        END;

        """

    static let feedsRebuildScript = """
        CREATE TABLE new_feeds (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            url TEXT NOT NULL UNIQUE,
            title TEXT NOT NULL,
            site_url TEXT,
            added_at INTEGER NOT NULL,
            last_fetched_at INTEGER,
            etag TEXT,
            last_modified TEXT,
            last_error TEXT
        );
        INSERT INTO new_feeds(id, url, title, site_url, added_at, last_fetched_at, etag, last_modified, last_error)
            SELECT id, url, title, site_url, added_at, last_fetched_at, etag, last_modified, last_error FROM feeds;
        DROP TABLE feeds;
        ALTER TABLE new_feeds RENAME TO feeds;
        CREATE TABLE new_feed_items (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            feed_id INTEGER NOT NULL REFERENCES feeds(id) ON DELETE CASCADE,
            guid TEXT NOT NULL,
            title TEXT NOT NULL,
            link TEXT,
            summary TEXT NOT NULL DEFAULT '',
            published_at INTEGER,
            fetched_at INTEGER NOT NULL,
            is_read INTEGER NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
            UNIQUE (feed_id, guid)
        );
        INSERT INTO new_feed_items(id, feed_id, guid, title, link, summary, published_at, fetched_at, is_read)
            SELECT id, feed_id, guid, title, link, summary, published_at, fetched_at, is_read FROM feed_items;
        DROP TABLE feed_items;
        ALTER TABLE new_feed_items RENAME TO feed_items;
        CREATE INDEX feed_items_by_date ON feed_items(feed_id, published_at);
        CREATE INDEX feed_items_by_read ON feed_items(feed_id, is_read);
        """

    /// The search index a migrated database has.
    static func searchIndex(of db: Connection) throws(DatabaseError) -> SearchIndex {
        let hasFTS = try db.fetchInt("SELECT count(*) FROM sqlite_master WHERE name = 'todos_fts'") > 0
        return hasFTS ? .fts5 : .words
    }
}
