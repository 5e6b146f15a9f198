import Domain
import Foundation
import Streams
import TestMeasures
import Testing

@testable import BaseServices
@testable import SQLiteProvider

/// Writes two todos (identifiers 1 and 2, one done) and, from version 3 on, a feed with an item,
/// into a database at an early schema version, as that version's code would have.
private func writeEarlyData(_ database: SQLiteDatabase, version: Int, searchIndex: SearchIndex) throws {
    try database.write { (db) throws(DatabaseError) in
        if version >= 1 {
            for (title, notes) in [("Water the plants", "the ferns"), ("Call the plumber", "")] {
                try db.execute(
                    "INSERT INTO todos(title, notes, completed, created_at, updated_at, position) VALUES (?, ?, ?, 1, 2, 3)",
                    [.text(title), .text(notes), .integer(notes.isEmpty ? 1 : 0)])
                // From version 4 on, the word index (without FTS5) is kept by the service, not by triggers.
                if version >= 4, searchIndex == .words {
                    try SearchText.indexWords(of: db.lastInsertedRowID, title: title, notes: notes, in: db)
                }
            }
        }
        if version >= 3 {
            try db.execute("INSERT INTO feeds(url, title, added_at) VALUES ('https://example.com/feed', 'Example', 1)")
            try db.execute(
                "INSERT INTO feed_items(feed_id, guid, title, fetched_at) VALUES (?, 'one', 'First item', 1)",
                [.integer(db.lastInsertedRowID)])
        }
    }
}

@Test(arguments: [SearchIndex.fts5, .words], 0..<8)
func everyEarlierSchemaVersionMigratesToTheLatestKeepingItsData(searchIndex: SearchIndex, fromVersion: Int) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    let (old, _) = try SQLiteDatabase.open(
        path: folder.file(), options: .rivulet, migrations: Array(all.prefix(fromVersion)))
    try writeEarlyData(old, version: fromVersion, searchIndex: searchIndex)
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    #expect(try database.int("PRAGMA user_version") == Int64(all.count))
    let context = try ServiceContext.make(database: database)
    #expect(context.searchIndex == searchIndex)
    let todos = TodosBaseService(context: context)
    let found = try value(todos.fetchWindow(TodoQuery(search: "fern")))
    #expect(found.todos.map(\.id) == (fromVersion >= 1 ? [1] : []))
    let counts = try value(todos.fetchWindow(TodoQuery(filter: .completed)))
    #expect(counts.todos.map(\.title) == (fromVersion >= 1 ? ["Call the plumber"] : []))
    #expect(counts.totalCount == (fromVersion >= 1 ? 1 : 0))
    _ = try value(todos.create(title: "After migration", notes: "", due: nil))
    #expect(try database.int("SELECT count(*) FROM todos") == (fromVersion >= 1 ? 3 : 1))
    #expect(try database.int("SELECT total FROM todo_counts") == (fromVersion >= 1 ? 3 : 1))
    #expect(
        try database.read { (db) throws(DatabaseError) in try db.fetchOne("PRAGMA integrity_check") { $0.string(at: 0) }
        } == "ok")
}

/// A database written at schema 7 with ``writeEarlyData(_:version:searchIndex:)``, then opened
/// with every migration (so step 8 has run on it).
private func migratedFromVersion7(in folder: TemporaryFolder, searchIndex: SearchIndex) throws -> SQLiteDatabase {
    let all = Schema.migrations(searchIndex: searchIndex)
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(7)))
    try writeEarlyData(old, version: 7, searchIndex: searchIndex)
    old.close()
    return try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all).database
}

@Test(arguments: [SearchIndex.fts5, .words])
func identifiersMigrationKeepsIdentifiersAndNeverReusesThemAfterward(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let database = try migratedFromVersion7(in: folder, searchIndex: searchIndex)
    let context = try ServiceContext.make(database: database)
    let todos = TodosBaseService(context: context)
    #expect(try value(todos.fetchWindow(TodoQuery())).todos.map(\.id) == [1, 2])
    _ = try value(todos.delete(id: 2))
    #expect(try value(todos.create(title: "Next", notes: "", due: nil)).id == 3)
    let feeds = FeedsBaseService(context: context)
    let feed = try #require(try value(feeds.fetchFeeds()).first)
    #expect(feed.id == 1)
    _ = try value(feeds.removeFeed(id: feed.id))
    #expect(try database.int("SELECT count(*) FROM feed_items") == 0)
    #expect(try value(feeds.addFeed(url: "https://example.com/other", title: "Other", siteURL: nil)).id == 2)
}

@Test(arguments: [SearchIndex.fts5, .words])
func identifiersMigrationLeavesTheDatabaseConsistent(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let database = try migratedFromVersion7(in: folder, searchIndex: searchIndex)
    try database.write { (db) throws(DatabaseError) in
        #expect(try db.fetchOne("PRAGMA integrity_check") { $0.string(at: 0) } == "ok")
        #expect(try db.fetchAll("PRAGMA foreign_key_check") { $0.string(at: 0) }.isEmpty)
        #expect(try db.fetchInt("PRAGMA foreign_keys") == 1)
        if searchIndex == .fts5 {
            try db.execute("INSERT INTO todos_fts(todos_fts, rank) VALUES ('integrity-check', 1)")
            try db.execute("INSERT INTO feed_items_fts(feed_items_fts, rank) VALUES ('integrity-check', 1)")
        }
        let tables = try db.fetchAll("SELECT name FROM sqlite_sequence ORDER BY name") { $0.string(at: 0) }
        #expect(tables == ["feed_items", "feeds", "todos"])
        let triggers = try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'trigger' ORDER BY name") {
            $0.string(at: 0)
        }
        let searchTriggers = searchIndex == .fts5 ? ["todos_fts_delete", "todos_fts_insert", "todos_fts_update"] : []
        // Step 11's index of feed items is kept by triggers too.
        let itemTriggers =
            searchIndex == .fts5 ? ["feed_items_fts_delete", "feed_items_fts_insert", "feed_items_fts_update"] : []
        #expect(
            triggers == itemTriggers + ["todo_counts_delete", "todo_counts_insert", "todo_counts_update"]
                + ["todo_tags_delete", "todo_tags_insert", "todo_tags_update"] + searchTriggers)
        #expect(try db.fetchInt("SELECT count(*) FROM sqlite_master WHERE name LIKE 'new_%'") == 0)
    }
}

@Test func identifiersMigrationGivesANewDatabaseTheSameSchemaAsAMigratedOne() throws {
    func schema(_ database: SQLiteDatabase) throws -> [String] {
        try database.read { (db) throws(DatabaseError) in
            try db.fetchAll("SELECT type, name, tbl_name FROM sqlite_master ORDER BY name") {
                "\($0.string(at: 0)) \($0.string(at: 1)) \($0.string(at: 2))"
            }
        }
    }
    let folder = TemporaryFolder()
    let all = Schema.migrations()
    let (old, _) = try SQLiteDatabase.open(
        path: folder.file("old.sqlite"), options: .rivulet, migrations: Array(all.prefix(7)))
    old.close()
    let (migrated, _) = try SQLiteDatabase.open(path: folder.file("old.sqlite"), options: .rivulet, migrations: all)
    let (fresh, _) = try SQLiteDatabase.open(path: folder.file("new.sqlite"), options: .rivulet, migrations: all)
    #expect(try schema(migrated) == schema(fresh))
    #expect(try schema(fresh).contains("table sqlite_sequence sqlite_sequence"))
}

@Test func feedRefreshErrorsMigrationAddsAnEmptyLastErrorToExistingFeeds() throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations()
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(5)))
    try old.execute("INSERT INTO feeds(url, title, added_at) VALUES ('https://example.com/feed', 'Example', 1)")
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    let feeds = FeedsBaseService(context: try ServiceContext.make(database: database))
    let feed = try #require(try value(feeds.fetchFeeds()).first)
    #expect(feed.title == "Example")
    #expect(feed.lastError == nil)
    #expect(try value(feeds.setLastError(feedID: feed.id, "offline")).lastError == "offline")
}

@Test(arguments: [SearchIndex.fts5, .words])
func todoWindowsMigrationCountsTheTodosADatabaseAlreadyHas(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(6)))
    try old.write { (db) throws(DatabaseError) in
        for (index, completed) in [0, 1, 1, 0, 1].enumerated() {
            try db.execute(
                "INSERT INTO todos(title, completed, created_at, updated_at, position) VALUES (?, ?, 1, 1, ?)",
                [.text("Todo \(index)"), .integer(Int64(completed)), .integer(Int64(index))])
        }
    }
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    #expect(try database.int("SELECT total FROM todo_counts") == 5)
    #expect(try database.int("SELECT completed FROM todo_counts") == 3)
    let todos = TodosBaseService(context: try ServiceContext.make(database: database))
    let active = try value(todos.fetchWindow(TodoQuery(filter: .active, sort: .title)))
    #expect(active.todos.map(\.title) == ["Todo 0", "Todo 3"])
    #expect(active.totalCount == 2)
}

@Test func todoWindowsMigrationGivesEveryFilteredSortItsOwnIndex() throws {
    let (_, database) = try makeTemporaryDatabase()
    let indexes = Set(
        try database.read { (db) throws(DatabaseError) in
            try db.fetchAll("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'todos'") {
                $0.string(at: 0)
            }
        })
    #expect(
        indexes.isSuperset(of: [
            "todos_by_state_position", "todos_by_state_created", "todos_by_state_title", "todos_by_state_due",
        ]))
    #expect(!indexes.contains("todos_by_completed"))
}

@Test func feedItemContentMigrationKeepsEveryItemAndGivesItNoContent() throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations()
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(8)))
    try old.write { (db) throws(DatabaseError) in
        try db.execute("INSERT INTO feeds(url, title, added_at) VALUES ('https://example.com/feed', 'Example', 1)")
        try db.execute(
            """
            INSERT INTO feed_items(feed_id, guid, title, link, summary, published_at, fetched_at, is_read)
            VALUES (1, 'a', 'Kept', 'https://example.com/a', 'Its summary', 5, 6, 1)
            """)
    }
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    let feeds = FeedsBaseService(context: try ServiceContext.make(database: database))
    let item = try #require(
        try value(feeds.observeItemWindow(feedID: 1, offset: 0, limit: 10, on: ImmediateScheduler())).items.first)
    #expect(item.title == "Kept")
    #expect(item.summary == "Its summary")
    #expect(item.isRead)
    #expect(item.content.isEmpty)
    #expect(item.links.isEmpty)
    let draft = FeedItemDraft(guid: "a", title: "Kept", content: "Body[1]", links: ["https://example.com/1"])
    _ = try value(feeds.storeItems([draft], feedID: 1, fetchedAt: Date()))
    let stored = try #require(
        try value(feeds.observeItemWindow(feedID: 1, offset: 0, limit: 10, on: ImmediateScheduler())).items.first)
    #expect(stored.content == "Body[1]")
    #expect(stored.links == ["https://example.com/1"])
    #expect(stored.isRead)
}

/// Removes feed 2 as an older schema's code did: the change in the history table `changes`,
/// the feed's row and its items' `itemColumns` recorded, then the feed and its items deleted.
private func recordRemovalOfFeed2(in database: SQLiteDatabase, changes: String, itemColumns: String) throws {
    try database.execute(
        """
        INSERT INTO \(changes)(stack, label, made_at) VALUES ('undo', 'remove feed "Example"', 3);
        INSERT INTO feed_change_rows(
            change_id, feed_id, present, url, title, site_url, added_at, last_fetched_at, etag, last_modified,
            last_error)
        SELECT 1, id, 1, url, title, site_url, added_at, last_fetched_at, etag, last_modified, last_error
        FROM feeds WHERE id = 2;
        INSERT INTO feed_item_change_rows(change_id, item_id, \(itemColumns))
        SELECT 1, id, \(itemColumns) FROM feed_items WHERE feed_id = 2;
        DELETE FROM feed_items WHERE feed_id = 2;
        DELETE FROM feeds WHERE id = 2;
        """)
}

@Test(arguments: [SearchIndex.fts5, .words])
func feedContentTypeMigrationMarksStoredItemsTextSoTheyReadAsBefore(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(12)))
    // What schema 12 stored: content laid out for a terminal at ingest, its links listed at the end.
    let laidOut = "Intro more[1]\n\n  • one\n  • two\n\nLinks:\n[1]: https://example.com/more"
    try old.write { (db) throws(DatabaseError) in
        for url in ["https://example.com/feed", "https://removed.example/feed"] {
            try db.execute("INSERT INTO feeds(url, title, added_at) VALUES (?, 'Example', 1)", [.text(url)])
            try db.execute(
                """
                INSERT INTO feed_items(feed_id, guid, title, summary, fetched_at, is_read, content, content_links)
                VALUES (?, 'a', 'Laid out', 'Short', 2, 1, ?, 'https://example.com/more')
                """,
                [.integer(db.lastInsertedRowID), .text(laidOut)])
        }
    }
    // A feed removed before the upgrade, as schema 12's code recorded it: its items wait in the
    // history, laid out too.
    try recordRemovalOfFeed2(
        in: old, changes: "todo_changes",
        itemColumns: "feed_id, guid, title, link, summary, published_at, fetched_at, is_read, content, content_links")
    old.close()

    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    #expect(try database.int("PRAGMA user_version") == Int64(all.count))
    let context = try ServiceContext.make(database: database)
    let feeds = FeedsBaseService(context: context)
    let item = try #require(
        try value(feeds.observeItemWindow(feedID: 1, offset: 0, limit: 10, on: ImmediateScheduler())).items.first)
    #expect(item.contentType == .text)
    #expect(item.content == laidOut)
    #expect(item.links == ["https://example.com/more"])
    #expect(item.isRead)
    #expect(try value(HistoryBaseService(context: context).undo())?.label == "remove feed \"Example\"")
    let restored = try #require(
        try value(feeds.observeItemWindow(feedID: 2, offset: 0, limit: 10, on: ImmediateScheduler())).items.first)
    #expect(restored.contentType == .text)
    #expect(restored.content == laidOut)
    // A refresh stores the item again as the feed gave it.
    let draft = FeedItemDraft(guid: "a", title: "Laid out", content: "<p>Intro</p>", contentType: .html)
    _ = try value(feeds.storeItems([draft], feedID: 1, fetchedAt: Date()))
    let stored = try #require(
        try value(feeds.observeItemWindow(feedID: 1, offset: 0, limit: 10, on: ImmediateScheduler())).items.first)
    #expect(stored.contentType == .html)
    #expect(stored.content == "<p>Intro</p>")
    #expect(stored.isRead)
    #expect(
        try database.read { (db) throws(DatabaseError) in try db.fetchOne("PRAGMA integrity_check") { $0.string(at: 0) }
        } == "ok")
}

@Test func feedContentTypeMigrationRefusesATypeItDoesNotKnow() throws {
    let (_, database) = try makeTemporaryDatabase()
    try database.execute("INSERT INTO feeds(url, title, added_at) VALUES ('https://example.com/feed', 'E', 1)")
    #expect(throws: DatabaseError.self) {
        try database.execute(
            "INSERT INTO feed_items(feed_id, guid, title, fetched_at, content_type) VALUES (1, 'a', 't', 1, 'markdown')"
        )
    }
}

@Test func feedHistoryMigrationKeepsTheTodoHistoryADatabaseAlreadyHas() throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations()
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(10)))
    // A todo added, and its step in the todo history, as a version-10 database holds them.
    try old.execute(
        """
        INSERT INTO todos(title, notes, completed, created_at, updated_at, position)
            VALUES ('Written before', '', 0, 1, 1, 1);
        INSERT INTO todo_changes(stack, label, made_at) VALUES ('undo', 'add "Written before"', 1);
        INSERT INTO todo_change_rows(change_id, todo_id, present) VALUES (1, 1, 0);
        INSERT INTO feeds(url, title, added_at) VALUES ('https://example.com/feed', 'Example', 1);
        INSERT INTO feed_items(feed_id, guid, title, fetched_at, is_read, content) VALUES (1, 'a', 'Kept', 2, 1, 'Body');
        """)
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    let context = try ServiceContext.make(database: database)
    let feeds = FeedsBaseService(context: context)
    _ = try value(feeds.removeFeed(id: 1))
    let history = HistoryBaseService(context: context)
    #expect(try value(history.undo())?.label == "remove feed \"Example\"")
    #expect(try value(feeds.fetchFeeds()).map(\.unreadCount) == [0])
    #expect(try value(history.undo())?.label == "add \"Written before\"")
    #expect(try database.int("SELECT count(*) FROM todos") == 0)
}

@Test(arguments: [SearchIndex.fts5, .words])
func enclosuresMigrationUpgradesASchema14DatabaseInPlaceKeepingItsItemsAndHistory(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    #expect(all[14].name == "feed item enclosures")
    // A database as schema 14's code wrote it: a feed with an item, and a removed feed whose
    // item waits in the history.
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(14)))
    try old.write { (db) throws(DatabaseError) in
        for url in ["https://example.com/feed", "https://removed.example/feed"] {
            try db.execute("INSERT INTO feeds(url, title, added_at) VALUES (?, 'Example', 1)", [.text(url)])
            try db.execute(
                """
                INSERT INTO feed_items(
                    feed_id, guid, title, summary, fetched_at, is_read, content, content_type, search_text)
                VALUES (?, 'a', 'Episode', 'Short', 2, 1, '<p>Notes</p>', 'html', 'Notes')
                """,
                [.integer(db.lastInsertedRowID)])
        }
    }
    try recordRemovalOfFeed2(
        in: old, changes: "changes",
        itemColumns: "feed_id, guid, title, link, summary, published_at, fetched_at, is_read, content, content_links, "
            + "content_type, search_text")
    old.close()

    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    #expect(try database.int("PRAGMA user_version") == Int64(all.count))
    let context = try ServiceContext.make(database: database)
    let feeds = FeedsBaseService(context: context)
    let window = { () throws -> [FeedItemObject] in
        try value(feeds.observeItemWindow(feedID: 1, offset: 0, limit: 10, on: ImmediateScheduler())).items
    }
    let item = try #require(try window().first)
    #expect(item.title == "Episode" && item.content == "<p>Notes</p>" && item.isRead)
    #expect(item.enclosures.isEmpty)
    #expect(try value(HistoryBaseService(context: context).undo())?.label == "remove feed \"Example\"")
    let restored = try #require(
        try value(feeds.observeItemWindow(feedID: 2, offset: 0, limit: 10, on: ImmediateScheduler())).items.first)
    #expect(restored.title == "Episode" && restored.enclosures.isEmpty)
    // A refresh stores the item again with its enclosures, keeping its read state.
    let episode = FeedEnclosure(url: "https://example.com/a.mp3", type: "audio/mpeg", length: 2_048)
    let draft = FeedItemDraft(guid: "a", title: "Episode", enclosures: [episode])
    _ = try value(feeds.storeItems([draft], feedID: 1, fetchedAt: Date()))
    let stored = try #require(try window().first)
    #expect(stored.enclosures == [episode])
    #expect(stored.isRead)
    #expect(
        try database.read { (db) throws(DatabaseError) in try db.fetchOne("PRAGMA integrity_check") { $0.string(at: 0) }
        } == "ok")
}

@Test(arguments: [SearchIndex.fts5, .words])
func todoDatesMigrationGivesEveryDoneTodoACompletedMomentAndKeepsTheRest(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    // Schema 14, as the released version wrote it: "Call the plumber" is done without a
    // completed moment (created at 1, modified at 2).
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(14)))
    try writeEarlyData(old, version: 14, searchIndex: searchIndex)
    try old.execute(
        """
        INSERT INTO changes(stack, label, made_at) VALUES ('undo', 'delete "Old"', 5);
        INSERT INTO todo_change_rows(change_id, todo_id, present, title, notes, completed, created_at, updated_at,
            completed_at, position, due_at)
            VALUES (last_insert_rowid(), 9, 1, 'Old', '', 1, 3, 4, NULL, 9, NULL);
        """)
    old.close()
    let (database, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: all)
    let todos = TodosBaseService(context: try ServiceContext.make(database: database))
    let stored = try value(todos.fetchWindow(TodoQuery())).todos
    #expect(stored.map(\.createdAt) == [Date(storedMilliseconds: 1), Date(storedMilliseconds: 1)])
    #expect(stored.map(\.updatedAt) == [Date(storedMilliseconds: 2), Date(storedMilliseconds: 2)])
    #expect(stored.map(\.completedAt) == [nil, Date(storedMilliseconds: 2)])
    // The deleted todo the history keeps comes back with its completed moment too.
    _ = try value(HistoryBaseService(context: try ServiceContext.make(database: database)).undo())
    #expect(try value(todos.fetch(id: 9))?.completedAt == Date(storedMilliseconds: 4))
}

@Test(arguments: [SearchIndex.fts5, .words])
func choicesMigrationUpgradesASchema18DatabaseInPlaceKeepingItsTodos(searchIndex: SearchIndex) throws {
    let folder = TemporaryFolder()
    let all = Schema.migrations(searchIndex: searchIndex)
    let (old, _) = try SQLiteDatabase.open(path: folder.file(), options: .rivulet, migrations: Array(all.prefix(18)))
    try writeEarlyData(old, version: 18, searchIndex: searchIndex)
    #expect(try old.int("SELECT count(*) FROM sqlite_master WHERE name = 'choices'") == 0)
    old.close()
    // Upgraded to schema 19 exactly, whatever steps come after it.
    let (database, _) = try SQLiteDatabase.open(
        path: folder.file(), options: .rivulet, migrations: Array(all.prefix(19)))
    #expect(try database.int("PRAGMA user_version") == 19)
    // The todos are read as stored: the service reads the columns of the latest schema.
    let titles = try database.read { (db) throws(DatabaseError) in
        try db.fetchAll("SELECT title FROM todos ORDER BY position, id") { $0.string(at: 0) }
    }
    #expect(titles == ["Water the plants", "Call the plumber"])
    let todos = TodosBaseService(context: try ServiceContext.make(database: database))
    #expect(try value(todos.fetchListChoice()) == nil)
    _ = try value(todos.saveListChoice(TodoListChoice(filter: .active, sort: .dueDate)))
    #expect(try value(todos.fetchListChoice()) == TodoListChoice(filter: .active, sort: .dueDate))
}
