import Foundation
import Testing

// End-to-end: nothing of a feed item is lost on the way from the document to the command line:
// a title with a lone C1 character, the links of Atom xhtml content, and enclosures of every
// kind, through `feeds add` and `feeds items`.

private func rivulet(_ arguments: String..., db: String) throws -> RivuletProcess.Result {
    try RivuletProcess.run(["--db", db] + arguments)
}

private let podcast = """
    <?xml version="1.0" encoding="utf-8"?>
    <rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"
      xml:base="https://pod.example/feeds/">
    <channel><title>Pod</title><link>https://pod.example/</link>
    <item><guid>2</guid><title>Rain&#x9D; stops play at the final</title>
    <enclosure url="/pod/ep2.mp3" type="audio/mpeg" length="24986239"/>
    <atom:link rel="enclosure" href="ep2.ogg" type="audio/ogg"/>
    <media:group><media:content url="https://cdn.example/ep2.mp4" type="video/mp4" fileSize="1024" medium="video"/>
    <media:thumbnail url="https://cdn.example/ep2.jpg"/></media:group>
    </item></channel></rss>
    """

private let atom = """
    <?xml version="1.0" encoding="utf-8"?>
    <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://pod.example/feeds/"><title>Notes</title><id>urn:n</id>
    <entry><id>urn:n:2</id><title>Episode notes</title>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>See the <a href="/pod/ep2-notes.html">link</a>.</p></div></content>
    </entry></feed>
    """

/// The items `feeds items ID --json` prints for the feed `feeds add` made of `document`.
private func addedItems(_ document: String, in folder: TemporaryFolder, db: String) throws -> (Int, [[String: Any]]) {
    let path = folder.file("feed.xml")
    try document.write(toFile: path, atomically: true, encoding: .utf8)
    let added = try rivulet("feeds", "add", path, db: db)
    #expect(added.status == 0, "\(added.error)")
    let id = try #require(Int(added.output.trimmingCharacters(in: .whitespacesAndNewlines)))
    let listed = try rivulet("feeds", "items", String(id), "--json", db: db)
    let items = try JSONSerialization.jsonObject(with: Data(listed.output.utf8))
    return (id, try #require(items as? [[String: Any]]))
}

@Test func feedsItemsListsEveryEnclosureWithItsTypeAndLength() throws {
    let folder = try TemporaryFolder()
    let (_, items) = try addedItems(podcast, in: folder, db: folder.file("feeds.sqlite"))
    let enclosures = try #require(items.first?["enclosures"] as? [[String: Any]])
    #expect(
        enclosures.map { $0["url"] as? String } == [
            "https://pod.example/pod/ep2.mp3", "https://pod.example/feeds/ep2.ogg", "https://cdn.example/ep2.mp4",
            "https://cdn.example/ep2.jpg",
        ])
    #expect(enclosures.map { $0["kind"] as? String } == ["enclosure", "enclosure", "media", "thumbnail"])
    #expect(enclosures.first?["type"] as? String == "audio/mpeg")
    #expect(enclosures.first?["length"] as? Int == 24_986_239)
    #expect(enclosures[1]["length"] is NSNull)
    #expect(enclosures[2]["medium"] as? String == "video")
}

@Test func aLoneC1CharacterInATitleKeepsTheWordsAfterItOnTheCommandLine() throws {
    let folder = try TemporaryFolder()
    let db = folder.file("feeds.sqlite")
    let (id, items) = try addedItems(podcast, in: folder, db: db)
    #expect(items.first?["title"] as? String == "Rain\u{9D} stops play at the final")
    let listed = try rivulet("feeds", "items", String(id), db: db)
    #expect(listed.output.contains("Rain\u{FFFD} stops play at the final"))
}

@Test func atomXHTMLContentKeepsItsLinksInTheJSON() throws {
    let folder = try TemporaryFolder()
    let (_, items) = try addedItems(atom, in: folder, db: folder.file("feeds.sqlite"))
    #expect(items.first?["links"] as? [String] == ["https://pod.example/pod/ep2-notes.html"])
    #expect((items.first?["content"] as? String)?.contains("href=\"https://pod.example/pod/ep2-notes.html\"") == true)
}
