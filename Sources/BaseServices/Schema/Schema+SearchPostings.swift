import SQLiteProvider

extension Schema {
    /// Step 21: with FTS5, the todos' search postings, so that the first window of a search
    /// reads a few dozen candidates in the window's order instead of every match.
    ///
    /// `todo_postings` holds, for each todo and each distinct *bucket* of its text (the first
    /// ``searchBucketLength`` characters of a token, as the FTS5 index's tokenizer splits and
    /// folds it), the todo's sort keys; one index per static order, led by the bucket (and the
    /// state where the order puts done todos last), gives a bucket's todos in that order.
    /// Triggers keep it from every writer, raw SQL in another process included: a todo's
    /// buckets come from the index's own tokenizer, by writing its text into `todo_terms`, a
    /// contentless FTS5 table that never holds more than that one todo, and reading its terms
    /// back; a change of a sort key updates the postings in place. A database without FTS5
    /// gets nothing: its searches keep the word table.
    static func addSearchPostings(in db: Connection) throws(DatabaseError) {
        guard try searchIndex(of: db) == .fts5 else { return }
        try db.executeScript(searchPostingsScript)
    }

    /// How many characters of a token make its bucket.
    static let searchBucketLength = 3

    /// The postings of `new` in place of those of `old`: from the terms `todo_terms` holds (its
    /// text alone), then emptied. Distinct buckets and no conflict clause, so that a conflict
    /// clause of the statement that fired the trigger (which SQLite applies to the trigger's
    /// statements too) never meets a conflict; the delete also covers an `INSERT OR REPLACE`,
    /// whose implicit delete fires no trigger.
    private static let postNewTodo = """
            DELETE FROM todo_postings WHERE todo_id = old.id;
            INSERT INTO todo_terms(rowid, title, notes) VALUES (new.id, new.title, new.notes);
            INSERT INTO todo_postings(todo_id, bucket, completed, position, created_at, due_at, title)
                SELECT DISTINCT new.id, substr(term, 1, \(searchBucketLength)), new.completed, new.position,
                    new.created_at, new.due_at, new.title
                FROM todo_terms_vocabulary;
            INSERT INTO todo_terms(todo_terms) VALUES ('delete-all');
        """

    /// A trigger that copies a changed sort key `column` of a todo into its postings.
    private static func keyTrigger(_ column: String) -> String {
        """
        CREATE TRIGGER todo_postings_\(column) AFTER UPDATE OF \(column) ON todos
            WHEN old.\(column) IS NOT new.\(column) BEGIN
            UPDATE todo_postings SET \(column) = new.\(column) WHERE todo_id = new.id;
        END;

        """
    }

    static let searchPostingsScript =
        """
        CREATE VIRTUAL TABLE todo_terms USING fts5(
            title, notes, content = '', detail = none, columnsize = 0,
            tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE VIRTUAL TABLE todo_terms_vocabulary USING fts5vocab(todo_terms, row);
        CREATE TABLE todo_postings (
            todo_id INTEGER NOT NULL,
            bucket TEXT NOT NULL,
            completed INTEGER NOT NULL,
            position INTEGER NOT NULL,
            created_at INTEGER NOT NULL,
            due_at INTEGER,
            title TEXT NOT NULL,
            PRIMARY KEY (todo_id, bucket)
        ) WITHOUT ROWID;
        CREATE VIRTUAL TABLE temp.todos_fts_instances USING fts5vocab(main, todos_fts, instance);
        INSERT INTO todo_postings(todo_id, bucket, completed, position, created_at, due_at, title)
            SELECT DISTINCT todos.id, substr(term, 1, \(searchBucketLength)), completed, position, created_at, due_at,
                title
            FROM temp.todos_fts_instances JOIN todos ON todos.id = doc;
        DROP TABLE temp.todos_fts_instances;
        CREATE INDEX todo_postings_by_position ON todo_postings(bucket, position, todo_id, completed);
        CREATE INDEX todo_postings_by_created ON todo_postings(bucket, completed, created_at, todo_id);
        CREATE INDEX todo_postings_by_due ON todo_postings(bucket, completed, due_at IS NULL, due_at, todo_id);
        CREATE INDEX todo_postings_by_title ON todo_postings(bucket, completed, title COLLATE NOCASE, todo_id);
        CREATE TRIGGER todo_postings_insert AFTER INSERT ON todos BEGIN
        \(postNewTodo.replacingOccurrences(of: "old.id", with: "new.id"))
        END;
        CREATE TRIGGER todo_postings_text AFTER UPDATE OF id, title, notes ON todos BEGIN
        \(postNewTodo)
        END;
        CREATE TRIGGER todo_postings_delete AFTER DELETE ON todos BEGIN
            DELETE FROM todo_postings WHERE todo_id = old.id;
        END;

        """ + ["completed", "position", "created_at", "due_at"].map(keyTrigger).joined()
}
