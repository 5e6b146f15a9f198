import Foundation
import Testing

// End-to-end: `feeds import` and `feeds export` run as the built binary, each over its own
// temporary database. The addresses imported are never fetched, so no packet leaves the machine.

private func rivulet(_ arguments: String..., db: String) throws -> RivuletProcess.Result {
    try RivuletProcess.run(["--db", db] + arguments)
}

private func feeds(in db: String) throws -> [String] {
    let listed = try rivulet("feeds", "list", "--json", db: db)
    let value = try JSONSerialization.jsonObject(with: Data(listed.output.utf8))
    let array = try #require(value as? [[String: Any]])
    return array.map { "\($0["title"] as? String ?? "")|\($0["url"] as? String ?? "")" }.sorted()
}

private let list = """
    <?xml version="1.0" encoding="UTF-8"?>
    <opml version="1.0"><head><title>Mine</title></head><body>
      <outline text="News"><outline text="Local &amp; more" type="rss" xmlUrl="http://127.0.0.1:9/news.xml"/></outline>
      <outline TEXT="Blog" XMLURL="http://127.0.0.1:9/blog.xml" htmlUrl="http://127.0.0.1:9/"/>
      <outline text="Blog again" xmlUrl="HTTP://127.0.0.1:9/blog.xml#x"/>
    </body></opml>
    """

@Test func importPrintsASummaryAndExportGivesTheSameFeedsBack() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("list.opml")
    try Data(list.utf8).write(to: URL(fileURLWithPath: file))
    let first = folder.file("first.sqlite")
    let imported = try rivulet("feeds", "import", file, db: first)
    #expect(imported.status == 0, "stderr: \(imported.error)")
    #expect(imported.output == "added 2, skipped 1, failed 0\n")
    #expect(imported.error.isEmpty)

    let exported = try rivulet("feeds", "export", db: first)
    #expect(
        exported.status == 0
            && exported.output.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<opml version=\"2.0\">"))
    let exportFile = folder.file("export.opml")
    try Data(exported.output.utf8).write(to: URL(fileURLWithPath: exportFile))
    let second = folder.file("second.sqlite")
    let reimported = try rivulet("feeds", "import", exportFile, db: second)
    // The new database's sample feed is in the export too, and so is skipped.
    #expect(reimported.status == 0 && reimported.output == "added 2, skipped 1, failed 0\n", "\(reimported.error)")
    #expect(try feeds(in: second) == feeds(in: first))
    #expect(try feeds(in: first).contains("Local & more|http://127.0.0.1:9/news.xml"))
}

@Test func importWithFailedEntriesNamesThemAndExitsOne() throws {
    let folder = try TemporaryFolder()
    let file = folder.file("list.opml")
    let text =
        #"<opml><body><outline text="Bad" xmlUrl="gopher://x/"/><outline xmlUrl="http://127.0.0.1:9/a"/></body></opml>"#
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    let result = try rivulet("feeds", "import", file, db: folder.file("db.sqlite"))
    #expect(result.status == 1)
    #expect(result.output == "added 1, skipped 0, failed 1\n")
    let lines = result.error.split(separator: "\n")
    #expect(lines.count == 2, "stderr: \(result.error)")
    #expect(lines.first?.contains("\"Bad\" \"gopher://x/\"") == true && lines.first?.contains("gopher") == true)
}

@Test(arguments: ["missing.opml", ".", "feed.xml", "empty.opml", "words.txt"])
func aFileThatIsNoListFailsInOneLineAndImportsNothing(name: String) throws {
    let folder = try TemporaryFolder()
    try Data(#"<rss version="2.0"><channel><title>T</title></channel></rss>"#.utf8)
        .write(to: URL(fileURLWithPath: folder.file("feed.xml")))
    try Data().write(to: URL(fileURLWithPath: folder.file("empty.opml")))
    try Data("just words\n".utf8).write(to: URL(fileURLWithPath: folder.file("words.txt")))
    let db = folder.file("db.sqlite")
    let before = try feeds(in: db)
    let result = try rivulet("feeds", "import", folder.file(name), db: db)
    #expect(result.status == 1)
    #expect(result.output.isEmpty)
    let lines = result.error.split(separator: "\n")
    #expect(lines.count == 1 && lines.first?.hasPrefix("rivulet: ") == true, "stderr: \(result.error)")
    #expect(try feeds(in: db) == before)
}

@Test func importAndExportDescribeThemselvesInTheirHelp() throws {
    let folder = try TemporaryFolder()
    let help = try rivulet("feeds", "import", "--help", db: folder.file("db.sqlite"))
    #expect(help.status == 0 && help.output.contains("Exit status 0 when no entry failed, 1 otherwise."))
    let exportHelp = try rivulet("feeds", "export", "--help", db: folder.file("db.sqlite"))
    #expect(exportHelp.status == 0 && exportHelp.output.contains("OPML 2.0"))
}
