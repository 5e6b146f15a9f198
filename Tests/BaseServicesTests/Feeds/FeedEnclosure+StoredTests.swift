import Domain
import Testing

@testable import BaseServices

@Test func storedEnclosuresReadBackAsTheyWere() {
    let enclosures = [
        FeedEnclosure(url: "https://example.com/2.mp3", type: "audio/mpeg", length: 24_986_239),
        FeedEnclosure(url: "https://example.com/2.mp4", type: "video/mp4", medium: "video", kind: .media),
        FeedEnclosure(url: "https://example.com/2.jpg", kind: .thumbnail),
    ]
    #expect(FeedEnclosure.fromStored(FeedEnclosure.stored(enclosures)) == enclosures)
    #expect(FeedEnclosure.stored([]) == "")
    #expect(FeedEnclosure.fromStored("").isEmpty)
}

@Test func aTabOrLineBreakInAFieldIsStoredAsASpaceSoEveryEnclosureReadsBackWhole() {
    let odd = FeedEnclosure(url: "https://example.com/a\tb.mp3", type: "audio/\nmpeg", medium: "au\r\ndio")
    let read = FeedEnclosure.fromStored(FeedEnclosure.stored([odd, FeedEnclosure(url: "https://example.com/c")]))
    #expect(read.map(\.url) == ["https://example.com/a b.mp3", "https://example.com/c"])
    #expect(read.first?.type == "audio/ mpeg")
    #expect(read.first?.medium == "au dio")
}

@Test func aStoredLineWithoutAnAddressOrWithAnUnknownKindReadsSafely() {
    #expect(
        FeedEnclosure.fromStored("enclosure\t\taudio/mpeg\n\nlater\thttps://e.example/x\t\tbig") == [
            FeedEnclosure(url: "https://e.example/x")
        ])
}
