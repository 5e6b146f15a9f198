import Foundation
import HTTPTestServer
import TestMeasures
import Testing

// End-to-end, on the wall clock: `feeds download` of the built binary against a server on
// loopback, as a script runs it (standard output not a terminal).

/// The episode the server sends: 5,000 bytes.
private let episode = Data((0..<5_000).map { UInt8(truncatingIfNeeded: $0 * 13) })

/// A podcast feed whose item carries `enclosure`.
private func podcast(enclosure: String) -> Data {
    Data(
        """
        <?xml version="1.0"?><rss version="2.0"><channel><title>Pod</title><link>https://example.com</link>
        <item><title>Episode 1</title><guid>ep1</guid>
        <enclosure url="\(enclosure)" type="audio/mpeg" length="5000"/></item></channel></rss>
        """.utf8)
}

@Suite(.serialized, .terminalLane)
struct FeedDownloadCommandTests {
    private static let noProxy = ["http_proxy": "", "all_proxy": "", "ALL_PROXY": ""]

    /// A database subscribed to the server's podcast feed, and the item's ID.
    private func subscribed(_ server: TestHTTPServer, folder: TemporaryFolder) throws -> (String, String) {
        let database = folder.file("feeds.sqlite")
        let added = try ChildProcess.rivulet(
            ["--db", database, "feeds", "add", server.url("/feed.xml").absoluteString], environment: Self.noProxy)
        try #require(added.termination == .exited(0), "stderr: \(added.error)")
        let feedID = added.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let items = try ChildProcess.rivulet(["--db", database, "feeds", "items", feedID])
        let itemID = try #require(items.output.split(separator: "\t").first.map(String.init))
        return (database, itemID)
    }

    @Test func downloadPrintsThePathFetchesAFileOnceAndNeverReplacesAnother() throws {
        let server = try TestHTTPServer { request in
            // The enclosure is on this server, whose port the request's Host field names.
            let host = request.header("host") ?? ""
            return request.target == "/feed.xml"
                ? .respond(status: 200, body: podcast(enclosure: "http://\(host)/media/Episode%201.mp3"))
                : .respond(status: 200, headers: ["Content-Type": "audio/mpeg"], body: episode)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let (database, item) = try subscribed(server, folder: folder)
        let target = folder.file("downloads")
        // The second run names the file the first made, fetching nothing; once a file of
        // that name no download made is there instead, the next is another file beside it.
        let mine = Data("mine".utf8)
        for (run, expected) in ["Episode 1.mp3", "Episode 1.mp3", "Episode 1 (2).mp3"].enumerated() {
            if run == 2 {
                try? FileManager.default.removeItem(atPath: target + "/Episode 1.mp3")
                _ = FileManager.default.createFile(atPath: target + "/Episode 1.mp3", contents: mine)
            }
            let outcome = try ChildProcess.rivulet(
                ["--db", database, "feeds", "download", item, "--to", target], environment: Self.noProxy)
            #expect(outcome.termination == .exited(0), "stderr: \(outcome.error)")
            #expect(outcome.output == target + "/" + expected + "\n")
            // Not a terminal: no progress line.
            #expect(outcome.error.isEmpty)
            #expect(FileManager.default.contents(atPath: target + "/" + expected) == episode)
            #expect(server.requests.count { $0.target.hasPrefix("/media/") } == (run == 2 ? 2 : 1))
        }
        #expect(FileManager.default.contents(atPath: target + "/Episode 1.mp3") == mine)
    }

    @Test func settingsFileNamesTheDownloadFolderAndFailuresAreOneLine() throws {
        let server = try TestHTTPServer { request in
            request.target == "/feed.xml"
                ? .respond(status: 200, body: podcast(enclosure: "http://127.0.0.1:9/nothing-listens.mp3"))
                : .respond(status: 404)
        }
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let (database, item) = try subscribed(server, folder: folder)
        let settings = folder.file("config/rivulet")
        try FileManager.default.createDirectory(atPath: settings, withIntermediateDirectories: true)
        try Data("download-folder = \(folder.file("pods"))\n".utf8).write(
            to: URL(fileURLWithPath: settings + "/config"))
        var environment = Self.noProxy
        environment["XDG_CONFIG_HOME"] = folder.file("config")
        let refused = try ChildProcess.rivulet(["--db", database, "feeds", "download", item], environment: environment)
        #expect(refused.termination == .exited(1))
        #expect(refused.output.isEmpty)
        #expect(
            refused.error.hasPrefix(
                "rivulet: GET http://127.0.0.1:9/nothing-listens.mp3: the server refused the connection"),
            "\(refused.error)")
        #expect(refused.error.split(separator: "\n").count == 1, "\(refused.error)")
        // The folder was made where the settings file says.
        #expect(FileManager.default.fileExists(atPath: folder.file("pods")))
        let missing = try ChildProcess.rivulet(
            ["--db", database, "feeds", "download", item, "2"], environment: environment)
        #expect(missing.termination == .exited(1))
        #expect(missing.error == "rivulet: item \(item) has no enclosure 2; it has one, 1\n")
    }
}
