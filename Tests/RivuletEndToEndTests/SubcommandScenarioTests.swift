import Foundation
import Testing

// End-to-end: the subcommands under `--scenario` and `--environment fake`, run as the built
// binary. These worlds live in memory, so no test needs a database file.

private func lines(_ text: String) -> [Substring] {
    text.split(separator: "\n")
}

@Test func aScenarioShapesWhatListPrints() throws {
    let many = try RivuletProcess.run(["--scenario", "many", "list", "--active"])
    #expect(many.status == 0, "\(many.error)")
    #expect(lines(many.output).count == 100_000)
    #expect(lines(many.output).first?.hasSuffix("[ ] Todo 1") == true)
    let empty = try RivuletProcess.run(["list", "--scenario", "empty"])
    #expect(empty.status == 0 && empty.output.isEmpty)
}

@Test func theFakeEnvironmentListsItsFixtures() throws {
    let todos = try RivuletProcess.run(["--environment", "fake", "list"])
    #expect(todos.status == 0)
    #expect(todos.output.contains("Welcome to Rivulet"))
    let feeds = try RivuletProcess.run(["--environment", "fake", "feeds", "list", "--json"])
    #expect(feeds.status == 0)
    #expect(feeds.output.contains("\"title\":\"Rivulet sample feed\""))
    let items = try RivuletProcess.run(["--environment", "fake", "feeds", "items", "1"])
    #expect(items.status == 0)
    #expect(lines(items.output).count == 2)
}

@Test func aScenarioNeverTouchesTheDatabaseItIsGivenThroughTheEnvironment() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("todos.sqlite")
    let result = try RivuletProcess.run(["--scenario", "empty", "list"], environment: ["RIVULET_DB": db])
    #expect(result.status == 0)
    #expect(!FileManager.default.fileExists(atPath: db))
}

@Test(arguments: [
    ["--scenario", "many", "add", "x"], ["--environment", "fake", "done", "1"],
    ["--scenario", "offline", "feeds", "refresh"], ["--scenario", "nope", "list"],
    ["--scenario", "many", "--db", "x.sqlite", "list"], ["--scenario", "many", "--environment", "development"],
])
func anInMemoryWorldThatCannotMakeSenseIsAUsageError(arguments: [String]) throws {
    let result = try RivuletProcess.run(arguments)
    #expect(result.status == 2)
    #expect(result.error.hasPrefix("rivulet: "))
    // One line says why; the next points at the tool's usage, where the options every command
    // takes are described.
    #expect(result.error.split(separator: "\n").dropFirst() == ["see 'rivulet --help'"], "stderr: \(result.error)")
    #expect(result.output.isEmpty)
}

@Test func anOfflineDownloadFailsSayingTheNetworkIsOfflineAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    // The sample feed's second item carries an episode.
    let result = try RivuletProcess.run(["--scenario", "offline", "feeds", "download", "2", "--to", folder.path])
    #expect(result.status == 1)
    #expect(
        result.error
            == "rivulet: GET https://example.com/rivulet/episode-1.mp3: the network is unavailable (offline)\n",
        "stderr: \(result.error)")
    #expect(result.output.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
}
