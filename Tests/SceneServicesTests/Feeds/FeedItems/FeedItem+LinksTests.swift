import Domain
import SceneServices
import Testing

private let episode = FeedItem(
    id: 1, feedID: 1, title: "Episode", link: "https://x/post", links: ["https://x/notes"],
    enclosures: [
        FeedEnclosure(url: "https://x/cover.jpg", type: "image/jpeg", kind: .thumbnail),
        FeedEnclosure(url: "https://x/ep.mp3", type: "audio/mpeg"),
    ])

@Test func anItemNumbersItsLinksThenItsFilesNotAmongThem() throws {
    #expect(episode.numberedLinks == ["https://x/notes", "https://x/cover.jpg", "https://x/ep.mp3"])
    #expect(try episode.linkAddress(number: nil).get() == "https://x/post")
    #expect(try episode.linkAddress(number: 3).get() == "https://x/ep.mp3")
    #expect(episode.linkAddress(number: 4) == .failure(.link(.noNumberedLink(number: 4, count: 3))))
    #expect(FeedItem(id: 2, feedID: 1, title: "Bare").linkAddress(number: nil) == .failure(.link(.noLink)))
}

@Test func anItemDownloadsItsFirstFileThatIsNoThumbnailOrTheNumberedLink() throws {
    #expect(try episode.downloadAddress(number: nil).get() == "https://x/ep.mp3")
    #expect(try episode.downloadAddress(number: 1).get() == "https://x/notes")
    let thumbnailOnly = FeedItem(
        id: 3, feedID: 1, title: "Cover", enclosures: [FeedEnclosure(url: "https://x/c.jpg", kind: .thumbnail)])
    #expect(try thumbnailOnly.downloadAddress(number: nil).get() == "https://x/c.jpg")
    #expect(
        FeedItem(id: 4, feedID: 1, title: "Text").downloadAddress(number: nil)
            == .failure(.download("This item has no enclosure to download.")))
}
