import Foundation
import TestMeasures
import Testing

// End-to-end: the app fetches every feed when it starts (the default), and does not when the
// reload is turned off. The feed is a local file, rewritten between the subscription and the
// start, so the only way its new items reach the database is the app's own reload.

private func feedFile(items: Int) -> String {
    let entries = (1...items).map { "<item><title>Story \($0)</title><guid>story-\($0)</guid></item>" }
    return "<rss><channel><title>Reloaded</title>\(entries.joined())</channel></rss>"
}

/// The "unread/all" figure `feeds list` prints for the feed titled "Reloaded".
private func figures(db: String) throws -> String? {
    let listing = try RivuletProcess.run(["--db", db, "feeds", "list"]).output
    let line = listing.split(separator: "\n").first { $0.contains("\tReloaded\t") }
    return line.map { String($0.split(separator: "\t")[2]) }
}

@Suite(.enabled(if: AppOnDatabase.isAvailable), .serialized, .terminalLane)
struct AppFeedReloadTests {
    /// Subscribes to a one-item feed file, then gives the file three items.
    private func prepare(_ folder: TemporaryFolder) throws -> String {
        let db = folder.file("reload.sqlite")
        let feed = folder.file("feed.xml")
        try feedFile(items: 1).write(toFile: feed, atomically: true, encoding: .utf8)
        #expect(try RivuletProcess.run(["--db", db, "feeds", "add", feed]).status == 0)
        #expect(try figures(db: db) == "1/1 unread")
        try feedFile(items: 3).write(toFile: feed, atomically: true, encoding: .utf8)
        return db
    }

    private func start(db: String, environment: [String: String]) throws -> TmuxSession {
        let command = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db))"
        let session = try TmuxSession(command: command, environment: environment)
        #expect(try session.waitFor("Rivulet · Home", timeout: 10).matched)
        return session
    }

    @Test func theAppFetchesEveryFeedWhenItStarts() throws {
        let folder = try TemporaryFolder()
        let db = try prepare(folder)
        let session = try start(db: db, environment: [:])
        defer { session.close() }
        let deadline = Date().addingTimeInterval(Double(15 * SanitizerBuild.latencyScale))
        var seen = try figures(db: db)
        while seen != "3/3 unread", Date() < deadline {
            Thread.sleep(forTimeInterval: 0.1)
            seen = try figures(db: db)
        }
        #expect(seen == "3/3 unread")
    }

    @Test func aReloadOfZeroMinutesFetchesNothing() throws {
        let folder = try TemporaryFolder()
        let db = try prepare(folder)
        let session = try start(db: db, environment: ["RIVULET_RELOAD_MINUTES": "0"])
        defer { session.close() }
        // The reload, had it run, would have finished within this time in the test above.
        let deadline = Date().addingTimeInterval(2)
        while Date() < deadline {
            #expect(try figures(db: db) == "1/1 unread")
            Thread.sleep(forTimeInterval: 0.2)
        }
    }
}
