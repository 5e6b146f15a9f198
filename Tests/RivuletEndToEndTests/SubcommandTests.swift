import Foundation
import Testing

// End-to-end: these tests run the built `rivulet` binary as a process, each over its own
// temporary database.

private func rivulet(_ arguments: String..., db: String? = nil) throws -> RivuletProcess.Result {
    try RivuletProcess.run((db.map { ["--db", $0] } ?? []) + arguments)
}

/// A moment as `list --json` writes it: ISO 8601 in UTC, to the second.
private func moment(_ text: String) -> Date? {
    try? Date(text, strategy: .iso8601)
}

private func jsonArray(_ text: String) throws -> [[String: Any]] {
    let value = try JSONSerialization.jsonObject(with: Data(text.utf8))
    return try #require(value as? [[String: Any]])
}

@Test(arguments: [
    (["frobnicate"], ""), (["--frob"], ""), (["add"], "add "), (["add", "x", "--due", "2026-13-01"], "add "),
    (["list", "--all", "--active"], "list "), (["done"], "done "), (["done", "abc"], "done "),
    (["undo", "0"], "undo "),
    (["rm"], "rm "), (["rm", "1", "x"], "rm "), (["edit", "1"], "edit "), (["feeds"], "feeds "),
    (["feeds", "eat"], "feeds "),
    (["feeds", "items"], "feeds items "), (["--environment", "staging", "list"], ""), (["--db"], ""),
])
func usageErrorsExitTwoWithOneLineAndWhereToLook(arguments: [String], topic: String) throws {
    let result = try RivuletProcess.run(arguments)
    #expect(result.status == 2)
    let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3 && lines[0].hasPrefix("rivulet: ") && lines[2].isEmpty, "stderr: \(result.error)")
    #expect(lines.dropFirst().first == "see 'rivulet \(topic)--help'", "stderr: \(result.error)")
    #expect(result.output.isEmpty)
}

@Test func helpAndVersionSucceed() throws {
    let help = try rivulet("--help")
    #expect(help.status == 0)
    #expect(help.output.hasPrefix("Usage: rivulet"))
    let addHelp = try rivulet("add", "--help")
    #expect(addHelp.status == 0 && addHelp.output.hasPrefix("Usage: rivulet add"))
    let version = try rivulet("--version")
    #expect(version.status == 0 && version.output.hasPrefix("rivulet "))
}

@Test func eachCommandsHelpIsTheSameAsAnOptionAndAsAWord() throws {
    let asOption = try rivulet("feeds", "items", "--help")
    #expect(asOption.status == 0 && asOption.error.isEmpty)
    #expect(asOption.output.hasPrefix("Usage: rivulet feeds items ID [--json] [options]\n"))
    #expect(asOption.output.contains("Arguments:") && asOption.output.contains("  --json  "))
    let asWord = try rivulet("help", "feeds", "items")
    #expect(asWord.status == 0 && asWord.output == asOption.output)
}

@Test func unquotedWordsOfATitleAreJoined() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let added = try rivulet("add", "Buy", "oat", "milk", "--due", "2026-12-24", db: db)
    #expect(added.status == 0, "stderr: \(added.error)")
    let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let todo = try #require(try jsonArray(rivulet("list", "--json", db: db).output).first { ($0["id"] as? Int) == id })
    #expect(todo["title"] as? String == "Buy oat milk")
    #expect(todo["due"] as? String == "2026-12-24")
}

@Test func theAppRefusesToRunWithoutATerminal() throws {
    let folder = try TemporaryFolder()
    let result = try rivulet(db: folder.file("db.sqlite"))
    #expect(result.status == 1)
    #expect(result.error.contains("needs a terminal") && result.error.contains("rivulet list"))
    #expect(result.error.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: folder.file("db.sqlite")))
}

@Test func editSetsAndRemovesTheDueDayInWords() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let number = try #require(
        Int(try rivulet("add", "Milk", db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let id = String(number)
    func due() throws -> Any? {
        try jsonArray(rivulet("list", "--json", db: db).output).first { ($0["id"] as? Int) == number }?["due"]
    }
    #expect(try rivulet("edit", id, "--due", "2027-02-28", db: db).status == 0)
    #expect(try due() as? String == "2027-02-28")
    let impossible = try rivulet("edit", id, "--due", "2027-02-29", db: db)
    #expect(impossible.status == 2)
    #expect(impossible.error.contains("February 2027 has 28 days"))
    #expect(try due() as? String == "2027-02-28")
    #expect(try rivulet("edit", id, "--due", "+0d", db: db).status == 0)
    #expect(try due() as? String != "2027-02-28")
    #expect(try rivulet("edit", id, "--no-due", db: db).status == 0)
    #expect(try due() is NSNull)
}

@Test func addPrintsTheNewIDAndListShowsIt() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let added = try rivulet("add", "Buy milk", "--notes", "two litres", "--due", "2026-12-24", db: db)
    #expect(added.status == 0)
    let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let list = try rivulet("list", "--json", db: db)
    #expect(list.status == 0)
    let todos = try jsonArray(list.output)
    let todo = try #require(todos.first { ($0["id"] as? Int) == id })
    #expect(todo["title"] as? String == "Buy milk")
    #expect(todo["notes"] as? String == "two litres")
    #expect(todo["completed"] as? Bool == false)
    #expect(todo["due"] as? String == "2026-12-24")
}

@Test func aCommandLeavesNoLogBesideTheDatabase() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    #expect(try rivulet("add", "Buy milk", db: db).status == 0)
    #expect(try rivulet("done", "6", db: db).status == 0)
    // The process closed the database on its way out: the log was checkpointed and removed.
    #expect(!FileManager.default.fileExists(atPath: db + "-wal"))
    #expect(!FileManager.default.fileExists(atPath: db + "-shm"))
    #expect(try rivulet("list", db: db).output.contains("[x] Buy milk"))
}

@Test func listJSONHasTheDocumentedShape() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    _ = try rivulet("add", "No due day", db: db)
    let text = try rivulet("list", "--json", db: db).output
    let todos = try jsonArray(text)
    #expect(!todos.isEmpty)
    for todo in todos {
        #expect(todo["id"] is Int)
        #expect(todo["title"] is String)
        #expect(todo["notes"] is String)
        #expect(todo["due"] is String || todo["due"] is NSNull)
        #expect((todo["createdAt"] as? String).flatMap(moment) != nil)
        #expect((todo["modifiedAt"] as? String).flatMap(moment) != nil)
        let isDone = todo["completed"] as? Bool == true
        #expect(isDone ? (todo["completedAt"] as? String).flatMap(moment) != nil : todo["completedAt"] is NSNull)
    }
    // Booleans, not numbers: JSONSerialization would read 0 and false alike.
    let booleans =
        text.components(separatedBy: "\"completed\":true").count
        + text.components(separatedBy: "\"completed\":false").count - 2
    #expect(booleans == todos.count)
}

@Test func doneUndoEditAndRemoveChangeTheTodo() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let id = try rivulet("add", "Write tests", db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try rivulet("done", id, db: db).status == 0)
    #expect(try rivulet("list", "--completed", db: db).output.contains("Write tests"))
    #expect(try rivulet("undo", id, db: db).status == 0)
    #expect(try rivulet("list", "--active", db: db).output.contains("Write tests"))
    let edited = try rivulet("edit", id, "--title", "Write more tests", db: db)
    #expect(edited.status == 0)
    #expect(edited.output == "changed \(id) \"Write more tests\"\n")
    #expect(try rivulet("list", db: db).output.contains("Write more tests"))
    #expect(try rivulet("rm", id, db: db).status == 0)
    #expect(!(try rivulet("list", db: db).output.contains("Write more tests")))
}

@Test func doneReopenAndRmTakeSeveralIDsSayWhatTheyDidAndUndoAsOne() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let ids = try ["Milk", "Tea", "Bread"].map {
        try rivulet("add", $0, db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    let done = try rivulet("done", ids[0], ids[2], db: db)
    #expect(done.status == 0)
    #expect(done.output == "done \(ids[0]) \"Milk\"\ndone \(ids[2]) \"Bread\"\n")
    #expect(try rivulet("undo", db: db).output == "undid: complete 2 todos\n")
    #expect(try rivulet("reopen", ids[1], db: db).output == "reopened \(ids[1]) \"Tea\" (already not done)\n")
    let removed = try rivulet("rm", ids[1], ids[2], db: db)
    #expect(removed.output == "deleted \(ids[1]) \"Tea\"\ndeleted \(ids[2]) \"Bread\"\n")
    #expect(try rivulet("undo", db: db).output == "undid: delete 2 todos\n")
    let listed = try rivulet("list", "--active", db: db).output
    #expect(["Milk", "Tea", "Bread"].allSatisfy { listed.contains("[ ] \($0)\n") }, "\(listed)")
}

@Test func anIDThatNamesNoTodoChangesNoneOfTheOthers() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let id = try rivulet("add", "Milk", db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)
    let done = try rivulet("done", id, "999", db: db)
    #expect(done.status == 1)
    #expect(done.error == "rivulet: there is no todo 999\n")
    #expect(done.output.isEmpty)
    let removed = try rivulet("rm", id, "999", db: db)
    #expect(removed.status == 1 && removed.output.isEmpty)
    #expect(try rivulet("list", "--active", db: db).output.contains("Milk"))
}

@Test func feedsAddSaysWhatTheFeedListSaysOfAnAddressWithoutItsScheme() throws {
    let folder = try TemporaryFolder()
    let result = try rivulet("feeds", "add", "example.com/feed", db: folder.file("feeds.sqlite"))
    #expect(result.status == 1)
    #expect(
        result.error
            == "rivulet: “example.com/feed” is not a feed address: a web address starts with https://, as in "
            + "https://example.com/feed.\n")
}

@Test func undoNamesTheWholeTitleOfALongTodo() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let title = "Mark a todo done, then clear the done ones, then undo both of them"
    let id = try rivulet("add", title, db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try rivulet("rm", id, db: db).status == 0)
    #expect(try rivulet("undo", db: db).output == "undid: delete \"\(title)\"\n")
}

@Test func undoAndRedoPrintATitlesControlCharactersHarmlessly() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    #expect(try rivulet("add", "evil \u{1B}]0;PWNED\u{07}\u{1B}[31mred\r", db: db).status == 0)
    for command in ["undo", "redo"] {
        let output = try rivulet(command, db: db).output
        #expect(output.hasPrefix("\(command == "undo" ? "undid" : "redid"): add \"evil "), "\(output)")
        #expect(!output.contains("\u{1B}") && !output.contains("\u{07}") && !output.contains("\r"), "\(output)")
    }
}

@Test func undoAndRedoStepThroughChangesMadeByEarlierProcesses() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let id = try rivulet("add", "Write tests", db: db).output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(try rivulet("done", id, db: db).status == 0)
    #expect(try rivulet("rm", id, db: db).status == 0)
    let undone = try rivulet("undo", db: db)
    #expect(undone.status == 0 && undone.output == "undid: delete \"Write tests\"\n", "\(undone)")
    #expect(try rivulet("list", "--completed", db: db).output.contains("Write tests"))
    #expect(try rivulet("undo", db: db).output == "undid: complete \"Write tests\"\n")
    #expect(try rivulet("list", "--active", db: db).output.contains("Write tests"))
    #expect(try rivulet("redo", db: db).output == "redid: complete \"Write tests\"\n")
    #expect(try rivulet("list", "--completed", db: db).output.contains("Write tests"))
    #expect(try rivulet("undo", db: db).status == 0)
    #expect(try rivulet("undo", db: db).output == "undid: add \"Write tests\"\n")
    let nothing = try rivulet("undo", db: db)
    #expect(nothing.status == 1 && nothing.error == "rivulet: there is nothing to undo\n", "\(nothing)")
    // The older spelling still reopens, and says so on standard error.
    _ = try rivulet("redo", db: db)
    _ = try rivulet("done", id, db: db)
    let older = try rivulet("undo", id, db: db)
    #expect(older.status == 0 && older.error.contains("'reopen \(id)'"))
    #expect(try rivulet("list", "--active", db: db).output.contains("Write tests"))
    #expect(try rivulet("reopen", "999999", db: db).status == 1)
}

@Test func aMissingTodoIsARuntimeError() throws {
    let folder = try TemporaryFolder()
    let result = try rivulet("done", "999999", db: folder.file("todos.sqlite"))
    #expect(result.status == 1)
    #expect(result.error.hasPrefix("rivulet: "))
    #expect(result.error.split(separator: "\n").count == 1)
}

@Test func titlesWithEscapeSequencesAreListedInert() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    _ = try rivulet("add", "evil\u{1b}[2Jtitle", db: db)
    let list = try rivulet("list", db: db)
    #expect(!list.output.contains("\u{1b}"))
    #expect(list.output.contains("evil"))
}

private func expectOneLineDatabaseError(_ db: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let result = try rivulet("list", db: db)
    #expect(result.status == 1, sourceLocation: sourceLocation)
    #expect(result.error.hasPrefix("rivulet: "), sourceLocation: sourceLocation)
    #expect(result.error.split(separator: "\n").count == 1, "\(result.error)", sourceLocation: sourceLocation)
}

@Test func aDirectoryIsNotADatabase() throws {
    let folder = try TemporaryFolder()
    try expectOneLineDatabaseError(folder.path)
}

@Test func aDatabaseTheEnvironmentNamesIsSaidToComeFromIt() throws {
    let folder = try TemporaryFolder()
    let result = try RivuletProcess.run(["add", "x"], environment: ["RIVULET_DB": folder.path])
    #expect(result.status == 1)
    #expect(result.error.hasSuffix("; the path came from RIVULET_DB\n"), "\(result.error)")
    #expect(result.error.split(separator: "\n").count == 1)
}

@Test func aFileThatIsNotADatabaseIsRefused() throws {
    let folder = try TemporaryFolder()
    let path = folder.file("notes.txt")
    try String(repeating: "not a database\n", count: 200).write(toFile: path, atomically: true, encoding: .utf8)
    try expectOneLineDatabaseError(path)
}

@Test(.enabled(if: getuid() != 0, "root writes through file modes"))
func aReadOnlyDatabaseIsReportedOnWrite() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    _ = try rivulet("add", "first", db: db)
    try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: db)
    let result = try rivulet("add", "second", db: db)
    #expect(result.status == 1)
    #expect(result.error.split(separator: "\n").count == 1)
}

@Test func aMissingFolderIsReported() throws {
    let folder = try TemporaryFolder()
    try expectOneLineDatabaseError(folder.file("no/such/folder/todos.sqlite"))
}

@Test func aDatabaseFromANewerVersionIsRefused() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    _ = try rivulet("add", "first", db: db)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", db, "PRAGMA user_version = 9999;"]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0)
    try expectOneLineDatabaseError(db)
}

@Test func theDefaultDatabaseIsCreatedPrivatelyWithAWelcomeList() throws {
    let folder = try TemporaryFolder()
    let result = try RivuletProcess.run(["list", "--json"], environment: ["XDG_DATA_HOME": folder.path])
    #expect(result.status == 0)
    #expect(!(try jsonArray(result.output)).isEmpty)
    let path = folder.file("rivulet/rivulet.sqlite")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int).map { $0 & 0o077 } == 0)
}

/// The sample feed as the program writes it beside a new database, in a folder of its own
/// inside `folder`: a feed file for the tests that need one.
private func sampleFeed(in folder: TemporaryFolder) throws -> String {
    let own = folder.file("sample")
    try FileManager.default.createDirectory(atPath: own, withIntermediateDirectories: true)
    let seeded = try rivulet("feeds", "list", db: own + "/seed.sqlite")
    #expect(seeded.status == 0, "\(seeded.error)")
    return own + "/sample-feed.xml"
}

/// Copies the executable at `source` to `destination` through a descriptor that no process
/// spawned meanwhile by another test inherits: one that did would hold the copy open for writing,
/// and running it would fail with "Text file busy".
private func copyExecutable(_ source: String, to destination: String) throws {
    let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
    let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
    try #require(descriptor >= 0, "cannot create \(destination): errno \(errno)")
    defer { close(descriptor) }
    let written = bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let count = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            offset += count
        }
        return true
    }
    try #require(written, "cannot write \(destination): errno \(errno)")
}

/// Starts the copy at `path` with `arguments`, trying again for up to a second while it is busy:
/// a process that another test spawned between the copy's open and close keeps it open for
/// writing until that process runs its own program, which closes it.
private func startRetryingWhileBusy(_ path: String, _ arguments: [String]) throws -> ChildProcess {
    var attempt = 0
    while true {
        attempt += 1
        do {
            return try ChildProcess(path, arguments, environment: ["RIVULET_DB": "", "SWIFT_BACKTRACE": "enable=no"])
        } catch let error as ChildProcess.SpawnError where error.code == ETXTBSY && attempt < 20 {
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}

@Test func aCopiedBinaryStillHasTheSampleFeed() throws {
    let folder = try TemporaryFolder()
    let copy = folder.file("rivulet")
    try copyExecutable(RivuletProcess.binary, to: copy)
    let outcome = try startRetryingWhileBusy(copy, ["--db", folder.file("new.sqlite"), "feeds", "list", "--json"])
        .wait()
    #expect(outcome.termination == .exited(0), "\(outcome.error)")
    let feeds = try jsonArray(outcome.output)
    #expect(feeds.count == 1)
    #expect((feeds.first?["itemCount"] as? Int ?? 0) > 0)
    #expect(FileManager.default.fileExists(atPath: folder.file("sample-feed.xml")))
}

@Test func feedsAddFetchesAtOnceAndListsTheDocumentedShape() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let sample = try sampleFeed(in: folder)
    let added = try rivulet("feeds", "add", sample, db: db)
    #expect(added.status == 0, "\(added.error)")
    let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let feeds = try jsonArray(try rivulet("feeds", "list", "--json", db: db).output)
    let feed = try #require(feeds.first { ($0["id"] as? Int) == id })
    #expect(feed["title"] is String && feed["url"] as? String == sample)
    #expect((feed["itemCount"] as? Int ?? 0) > 0 && feed["unreadCount"] as? Int == feed["itemCount"] as? Int)
    #expect(feed["lastError"] is NSNull)
    let items = try jsonArray(try rivulet("feeds", "items", String(id), "--json", db: db).output)
    #expect(!items.isEmpty)
    #expect(
        items.allSatisfy {
            $0["id"] is Int && $0["title"] is String && $0["read"] != nil && $0["published"] != nil
                && $0["summary"] is String && $0["content"] is String && $0["links"] is [Any]
        })
    // The reader's text: the item laid out, its links numbered and listed.
    #expect(items.contains { ($0["content"] as? String)?.isEmpty == false })
}

@Test func aFeedThatCannotBeFetchedIsARuntimeError() throws {
    let folder = try TemporaryFolder()
    let result = try rivulet("feeds", "add", folder.file("missing.xml"), db: folder.file("feeds.sqlite"))
    #expect(result.status == 1)
    #expect(result.error.split(separator: "\n").count == 1)
}

@Test func theSampleFeedOfANewDatabaseLivesBesideItNotInTheBuildFolder() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("new.sqlite")
    let feeds = try jsonArray(try rivulet("feeds", "list", "--json", db: db).output)
    let sample = try #require(feeds.first)
    #expect(feeds.count == 1)
    let stored = try #require(sample["url"] as? String)
    #expect(URL(fileURLWithPath: stored).deletingLastPathComponent().path == URL(fileURLWithPath: folder.path).path)
    #expect((sample["itemCount"] as? Int ?? 0) > 0)
    #expect(try rivulet("feeds", "refresh", db: db).status == 0)
}

@Test func aReadOfAPathWithNoDatabaseSaysItMadeOneAndOnlyThatOnce() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("typo.sqlite")
    let first = try rivulet("list", db: db)
    #expect(first.status == 0 && first.output.contains("Welcome to Rivulet"))
    #expect(
        first.error == "rivulet: note: there was no database at \(db), so a new one was made there, with the "
            + "welcome todos and a sample feed; check the path if you meant another\n")
    let again = try rivulet("list", db: db)
    #expect(again.status == 0 && again.error.isEmpty && again.output == first.output)
    // From the environment, the note names it; a command that writes makes the database quietly.
    let named = try RivuletProcess.run(["feeds", "list"], environment: ["RIVULET_DB": folder.file("env.sqlite")])
    #expect(named.status == 0 && named.error.hasSuffix("; the path came from RIVULET_DB\n"), "\(named.error)")
    let added = try rivulet("add", "First", db: folder.file("written.sqlite"))
    #expect(added.status == 0 && added.error.isEmpty, "\(added.error)")
}

@Test func aFailedFeedsAddStoresNothingAndSaysWhy() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let before = try jsonArray(try rivulet("feeds", "list", "--json", db: db).output).count
    let missing = try rivulet("feeds", "add", folder.file("missing.xml"), db: db)
    #expect(missing.status == 1 && missing.output.isEmpty)
    #expect(missing.error == "rivulet: \(folder.file("missing.xml")): no such file\n")
    let invalid = try rivulet("feeds", "add", "gopher://example.com/feed", db: db)
    #expect(invalid.status == 1 && invalid.output.isEmpty)
    #expect(invalid.error.contains("this one starts with “gopher:”") && invalid.error.split(separator: "\n").count == 1)
    #expect(try jsonArray(try rivulet("feeds", "list", "--json", db: db).output).count == before)
}

@Test func undoBringsBackARemovedFeedWithEveryItemAndRedoRemovesItAgain() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let id = try rivulet("feeds", "add", try sampleFeed(in: folder), db: db).output
        .trimmingCharacters(in: .whitespacesAndNewlines)
    let title = try #require(
        try jsonArray(try rivulet("feeds", "list", "--json", db: db).output).first { "\($0["id"] ?? "")" == id }?[
            "title"] as? String)
    let items = try rivulet("feeds", "items", id, "--json", db: db).output
    let listed = try rivulet("feeds", "list", db: db).output
    #expect(try rivulet("feeds", "rm", id, db: db).output == "removed \(id) \"\(title)\"\n")
    #expect(try rivulet("feeds", "items", id, db: db).status == 1)
    let undone = try rivulet("undo", db: db)
    #expect(undone.status == 0 && undone.output == "undid: remove feed \"\(title)\"\n", "\(undone)")
    #expect(try rivulet("feeds", "items", id, "--json", db: db).output == items)
    #expect(try rivulet("feeds", "list", db: db).output == listed)
    #expect(try rivulet("redo", db: db).output == "redid: remove feed \"\(title)\"\n")
    #expect(try rivulet("feeds", "items", id, db: db).status == 1)
    // One history: a todo added afterwards is undone first, then the removal again.
    _ = try rivulet("add", "Read the news", db: db)
    _ = try rivulet("undo", db: db)
    #expect(try rivulet("undo", db: db).output == "undid: remove feed \"\(title)\"\n")
    #expect(try rivulet("feeds", "list", db: db).output == listed)
}

@Test func aFeedThatFailedToBeAddedLeavesNothingToUndo() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    #expect(try rivulet("feeds", "add", folder.file("missing.xml"), db: db).status == 1)
    let nothing = try rivulet("undo", db: db)
    #expect(nothing.status == 1 && nothing.error == "rivulet: there is nothing to undo\n", "\(nothing)")
}

@Test func aFeedAddAnsweredWith404SaysSoWithoutThePageAndStoresNothing() throws {
    let page = Data("<html><body>NOT-FOUND-PAGE-BODY</body></html>".utf8)
    let server = try LocalHTTPServer { _ in LocalHTTPServer.Reply(status: 404, contentType: "text/html", prefix: page) }
    defer { server.stop() }
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let result = try rivulet("feeds", "add", server.url("/missing.xml"), db: db)
    #expect(result.status == 1 && result.output.isEmpty)
    #expect(result.error.contains("404 Not Found"), "\(result.error)")
    #expect(!result.error.contains("NOT-FOUND-PAGE-BODY") && result.error.split(separator: "\n").count == 1)
    let feeds = try jsonArray(try rivulet("feeds", "list", "--json", db: db).output)
    #expect(!feeds.contains { ($0["url"] as? String) == server.url("/missing.xml") })
}

@Test func aRelativeFeedPathIsStoredAbsoluteAndNormalised() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: true)
    try Data(contentsOf: URL(fileURLWithPath: try sampleFeed(in: folder)))
        .write(to: URL(fileURLWithPath: folder.file("feed.xml")))
    let added = try RivuletProcess.run(
        ["--db", db, "feeds", "add", "sub/../feed.xml"], environment: [:], currentDirectory: folder.path)
    #expect(added.status == 0, "\(added.error)")
    let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let feeds = try jsonArray(try rivulet("feeds", "list", "--json", db: db).output)
    let url = try #require(feeds.first { ($0["id"] as? Int) == id }?["url"] as? String)
    #expect(url.hasPrefix("/") && url.hasSuffix("/feed.xml") && !url.contains(".."))
}

@Test func aFailedRefreshIsListedAsTheFeedsLastErrorUntilARefreshSucceeds() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let source = folder.file("feed.xml")
    let sample = try Data(contentsOf: URL(fileURLWithPath: try sampleFeed(in: folder)))
    try sample.write(to: URL(fileURLWithPath: source))
    let added = try rivulet("feeds", "add", source, db: db)
    let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let listed = { () throws -> [String: Any] in
        let feeds = try jsonArray(try rivulet("feeds", "list", "--json", db: db).output)
        return try #require(feeds.first { ($0["id"] as? Int) == id })
    }
    let subscribed = try #require(try listed()["refreshedAt"] as? String)
    try Data("<html>not a feed".utf8).write(to: URL(fileURLWithPath: source))
    let failed = try rivulet("feeds", "refresh", String(id), db: db)
    #expect(failed.status == 1)
    // A failure keeps the moment of the last refresh that succeeded.
    #expect(try listed()["refreshedAt"] as? String == subscribed)
    let message = try #require(try listed()["lastError"] as? String)
    #expect(!message.isEmpty && failed.error.contains(message))
    try sample.write(to: URL(fileURLWithPath: source))
    let refreshed = try rivulet("feeds", "refresh", String(id), db: db)
    #expect(refreshed.status == 0 && refreshed.output.hasPrefix("refreshed \(id) \""), "\(refreshed)")
    #expect(refreshed.output.hasSuffix("\": no new items\n"), "\(refreshed)")
    #expect(try listed()["lastError"] is NSNull)
}

@Test func refreshingEveryFeedNamesEachFailureOnALineOfItsOwn() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let sample = try Data(contentsOf: URL(fileURLWithPath: try sampleFeed(in: folder)))
    let sources = [folder.file("one.xml"), folder.file("two.xml"), folder.file("three.xml")]
    for source in sources {
        try sample.write(to: URL(fileURLWithPath: source))
        #expect(try rivulet("feeds", "add", source, db: db).status == 0)
    }
    let broken = [sources[0], sources[2]]
    for source in broken { try Data("<html>not a feed".utf8).write(to: URL(fileURLWithPath: source)) }
    let refreshed = try rivulet("feeds", "refresh", db: db)
    #expect(refreshed.status == 1)
    let lines = refreshed.error.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(refreshed.error)")
    for (line, source) in zip(lines, broken) { #expect(line.hasPrefix("rivulet: \(source): "), "\(line)") }
    // The three, and the welcome feed a new database starts with.
    #expect(lines.last == "rivulet: 2 of 4 feeds could not be refreshed")
}

@Test func aFileThatIsNotAFeedIsNamedAndNotSubscribed() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let source = folder.file("page.xml")
    try Data("<html>not a feed".utf8).write(to: URL(fileURLWithPath: source))
    let added = try rivulet("feeds", "add", source, db: db)
    #expect(added.status == 1)
    #expect(added.error.hasPrefix("rivulet: \(source): "), "\(added.error)")
    let feeds = try jsonArray(try rivulet("feeds", "list", "--json", db: db).output)
    #expect(feeds.allSatisfy { $0["url"] as? String != source })
}

@Test func aDatabaseThatMayOnlyBeReadIsListedAndExportedButNotChanged() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    #expect(try rivulet("add", "Read me", db: db).status == 0)
    #expect(chmod(db, 0o444) == 0)
    defer { _ = chmod(db, 0o644) }
    let listed = try rivulet("list", db: db)
    #expect(listed.status == 0 && listed.output.contains("Read me"), "\(listed)")
    #expect(try rivulet("feeds", "export", db: db).output.contains("<opml"))
    let added = try rivulet("add", "Write me", db: db)
    #expect(added.status == 1 && added.error.contains("read-only"), "\(added)")
}

@Test func anErrorQuotesAControlCharacterAsItWasTyped() throws {
    let folder = try TemporaryFolder()
    let result = try rivulet("done", "\u{1B}[31m5", db: folder.file("todos.sqlite"))
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("rivulet: an ID is a positive whole number, not '\\e[31m5'\n"), "\(result.error)")
}

/// A feed file of three items: two dated, one not.
private func writeThreeItemFeed(to path: String) throws {
    let document = """
        <rss version="2.0"><channel><title>Three</title><link>https://example.com/</link>
        <item><guid>a</guid><title>Dated one</title><pubDate>Fri, 20 Nov 2026 10:00:00 GMT</pubDate></item>
        <item><guid>b</guid><title>Dated two</title><pubDate>Sat, 21 Nov 2026 23:30:00 GMT</pubDate></item>
        <item><guid>c</guid><title>Undated</title></item>
        </channel></rss>
        """
    try Data(document.utf8).write(to: URL(fileURLWithPath: path))
}

/// Subscribes `db` to the three-item feed; the feed's ID and its items' IDs by title.
private func subscribeToThreeItems(
    in folder: TemporaryFolder, db: String
) throws -> (feed: String, items: [String: Int]) {
    let source = folder.file("three.xml")
    try writeThreeItemFeed(to: source)
    let added = try rivulet("feeds", "add", source, db: db)
    let feed = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(added.status == 0, "\(added.error)")
    var items: [String: Int] = [:]
    for item in try jsonArray(try rivulet("feeds", "items", feed, "--json", db: db).output) {
        if let title = item["title"] as? String, let id = item["id"] as? Int { items[title] = id }
    }
    return (feed, items)
}

/// The read flag of each item of `feed`, by title.
private func readFlags(of feed: String, db: String) throws -> [String: Bool] {
    var flags: [String: Bool] = [:]
    for item in try jsonArray(try rivulet("feeds", "items", feed, "--json", db: db).output) {
        if let title = item["title"] as? String, let isRead = item["read"] as? Bool { flags[title] = isRead }
    }
    return flags
}

@Test func feedsReadAndUnreadMarkItemsAndWholeFeeds() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let (feed, items) = try subscribeToThreeItems(in: folder, db: db)
    let one = String(try #require(items["Dated one"]))
    let two = String(try #require(items["Dated two"]))
    let read = try rivulet("feeds", "read", one, two, db: db)
    #expect(read.status == 0 && read.output == "marked 2 items read\n" && read.error.isEmpty, "\(read.error)")
    #expect(try readFlags(of: feed, db: db) == ["Dated one": true, "Dated two": true, "Undated": false])
    #expect(try rivulet("feeds", "unread", one, db: db).output == "marked 1 item unread\n")
    #expect(try readFlags(of: feed, db: db) == ["Dated one": false, "Dated two": true, "Undated": false])
    #expect(try rivulet("feeds", "read", "--feed", feed, db: db).output == "marked 2 items of feed \(feed) read\n")
    #expect(try readFlags(of: feed, db: db).values.allSatisfy { $0 })
    #expect(try rivulet("feeds", "unread", "--feed", feed, db: db).status == 0)
    #expect(try readFlags(of: feed, db: db).values.allSatisfy { !$0 })
}

@Test func markingAMissingItemOrFeedChangesNothingAndSaysWhich() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let (feed, items) = try subscribeToThreeItems(in: folder, db: db)
    let one = String(try #require(items["Dated one"]))
    let missing = try rivulet("feeds", "read", one, "999999", db: db)
    #expect(missing.status == 1)
    #expect(missing.error == "rivulet: there is no feed item 999999\n")
    #expect(try readFlags(of: feed, db: db).values.allSatisfy { !$0 }, "all or none")
    let noFeed = try rivulet("feeds", "unread", "--feed", "999999", db: db)
    #expect(noFeed.status == 1)
    #expect(noFeed.error == "rivulet: there is no feed 999999\n")
    let usage = try rivulet("feeds", "read", db: db)
    #expect(usage.status == 2)
    #expect(usage.error.hasPrefix("rivulet: missing ITEM or --feed\n"), "\(usage.error)")
}

@Test func feedsItemsPrintsTheDayEachItemWasPublished() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let (feed, items) = try subscribeToThreeItems(in: folder, db: db)
    let listed = try rivulet("feeds", "items", feed, db: db)
    #expect(listed.status == 0)
    let lines = listed.output.split(separator: "\n").map(String.init)
    #expect(
        lines == [
            "\(items["Dated two"] ?? 0)\t* Dated two\t2026-11-21",
            "\(items["Dated one"] ?? 0)\t* Dated one\t2026-11-20",
            "\(items["Undated"] ?? 0)\t* Undated",
        ])
    // --json keeps its fields, the date among them.
    let json = try jsonArray(try rivulet("feeds", "items", feed, "--json", db: db).output)
    #expect(json.first?["published"] as? String == "2026-11-21T23:30:00Z")
    #expect(
        json.allSatisfy {
            Set($0.keys).isSuperset(of: ["id", "title", "link", "published", "read", "summary", "content", "links"])
        })
}

@Test func feedsListShowsAFeedsLastErrorWhole() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let (feed, _) = try subscribeToThreeItems(in: folder, db: db)
    try Data(("<html>" + String(repeating: "not a feed ", count: 40)).utf8)
        .write(to: URL(fileURLWithPath: folder.file("three.xml")))
    #expect(try rivulet("feeds", "refresh", feed, db: db).status == 1)
    let json = try jsonArray(try rivulet("feeds", "list", "--json", db: db).output)
    let message = try #require(json.first { String($0["id"] as? Int ?? 0) == feed }?["lastError"] as? String)
    let line = try #require(
        try rivulet("feeds", "list", db: db).output.split(separator: "\n").first { $0.hasPrefix("\(feed)\t") })
    // The whole reason, not the start the app's row has room for.
    #expect(line.hasSuffix("\terror: \(message)"), "\(line)")
}
