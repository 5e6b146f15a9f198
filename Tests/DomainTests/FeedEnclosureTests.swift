import Domain
import Testing

@Test func anEnclosureDescribesItsTypeAndSize() {
    #expect(FeedEnclosure(url: "u", type: "audio/mpeg", length: 24_986_239).description == "audio/mpeg, 23.8 MB")
    #expect(FeedEnclosure(url: "u", medium: "video", kind: .media).description == "video")
    #expect(FeedEnclosure(url: "u", kind: .thumbnail).description == "image, thumbnail")
    #expect(FeedEnclosure(url: "u").description == "file")
    #expect(FeedEnclosure(url: "u", kind: .media).description == "media")
}

@Test(
    arguments: [
        (0, "0 bytes"), (1, "1 byte"), (1023, "1023 bytes"), (1024, "1 KB"), (1536, "1.5 KB"),
        (1_048_575, "1 MB"), (24_986_239, "23.8 MB"), (1_288_490_189, "1.2 GB"), (Int64.max, "8589934592 GB"),
        (-5, "0 bytes"),
    ] as [(Int64, String)])
func sizesReadInUnitsOf1024(bytes: Int64, text: String) {
    #expect(FeedEnclosure.sizeText(bytes) == text)
}
