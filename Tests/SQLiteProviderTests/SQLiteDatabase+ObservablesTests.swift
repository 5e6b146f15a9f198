import SQLiteProvider
import Streams
import StreamsTesting
import Testing

@Test func writeOnSubscribeWritesOncePerSubscriptionAndNotBefore() throws {
    try withSubscriptionTracking {
        let (_, database) = try makeTemporaryDatabase()
        let insert = database.writeOnSubscribe { (db) throws(DatabaseError) -> Int64 in
            try db.execute("INSERT INTO notes(title) VALUES ('made on subscribe')", [])
            return db.lastInsertedRowID
        }
        #expect(try database.int("SELECT count(*) FROM notes") == 0)
        #expect(firstResult(insert) == .success(1))
        #expect(firstResult(insert) == .success(2))
        #expect(try database.int("SELECT count(*) FROM notes") == 2)
    }
}

@Test func writeOnSubscribeSendsItsOneResultThenCompletes() throws {
    try withSubscriptionTracking {
        let (_, database) = try makeTemporaryDatabase()
        let events = SanitizerVisibleMutex<[String]>([])
        let subscription = database.writeOnSubscribe { (db) throws(DatabaseError) in
            try db.execute("INSERT INTO notes(title) VALUES ('a')", [])
        }
        .subscribe { event in
            events.withLock { $0.append(event.isTerminal ? "end" : "value") }
        }
        subscription.dispose()
        #expect(events.withLock { $0 } == ["value", "end"])
    }
}

@Test func writeOnSubscribeSendsAFailureAsAValueAndRollsBack() throws {
    try withSubscriptionTracking {
        let (_, database) = try makeTemporaryDatabase()
        let result = firstResult(
            database.writeOnSubscribe { (db) throws(DatabaseError) in
                try db.execute("INSERT INTO notes(title) VALUES ('kept?')", [])
                try db.execute("INSERT INTO missing VALUES (1)", [])
            })
        guard case .failure(let error) = result else {
            Issue.record("expected a failure, got \(String(describing: result))")
            return
        }
        #expect(error.message.contains("no such table"))
        #expect(try database.int("SELECT count(*) FROM notes") == 0)
    }
}

@Test func readOnSubscribeReadsWhatIsCommittedWhenSubscribed() throws {
    try withSubscriptionTracking {
        let (_, database) = try makeTemporaryDatabase()
        let count = database.readOnSubscribe { (db) throws(DatabaseError) in
            try db.fetchInt("SELECT count(*) FROM notes", [])
        }
        try database.execute("INSERT INTO notes(title) VALUES ('a'), ('b')")
        #expect(firstResult(count) == .success(2))
    }
}
