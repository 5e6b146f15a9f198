import Domain
import Testing
import ViewModels

@testable import RivuletApp

private func detail(_ text: String, _ type: FeedContentType, links: [String] = []) -> FeedItemDetail {
    FeedItemDetail(id: 1, title: "Post", text: text, textType: type, link: nil, dateText: nil, links: links)
}

@Test func htmlIsLaidOutWhenShownWithItsLinksNumberedAndListed() {
    let html =
        "<p>First paragraph with <a href=\"https://notes.example/about\">a link</a>.</p><p>Second.</p>"
        + "<ul><li>apples</li><li>pears</li></ul><blockquote>quoted words</blockquote>"
        + "<p>See <a href=\"https://other.example/page\">the other page</a>.</p>"
    let shown = detail(html, .html, links: ["https://notes.example/about", "https://other.example/page"]).readerText(
        accent: .cyan
    ).string
    #expect(
        shown == """
            First paragraph with a link[1].

            Second.

              • apples
              • pears

            > quoted words

            See the other page[2].

            Links:
            [1]: https://notes.example/about
            [2]: https://other.example/page
            """)
}

@Test func textIsShownAsItIsWrittenAsAnItemStoredBeforeSchema13Was() {
    // What schema 12 stored: text laid out at ingest, its link list at the end.
    let laidOut = "Intro[1].\n\n  • one\n    more of one\n\n> quoted\n\nLinks:\n[1]: https://example.com/a"
    #expect(detail(laidOut, .text, links: ["https://example.com/a"]).readerText(accent: .cyan).string == laidOut)
    #expect(detail("a  b\n\tc", .text).readerText(accent: .cyan).string == "a  b\n\tc")
}

@Test func enclosuresAreListedAfterTheTextWithTheirNumbersTypesAndSizes() {
    let html = "<p>See the <a href=\"https://pod.example/notes\">notes</a>.</p>"
    let enclosures = [
        FeedEnclosure(url: "https://pod.example/2.mp3", type: "audio/mpeg", length: 24_986_239),
        FeedEnclosure(url: "https://pod.example/2.jpg", kind: .thumbnail),
    ]
    let shown = FeedItemDetail(
        id: 1, title: "Episode", text: html, textType: .html, link: nil, dateText: nil,
        links: ["https://pod.example/notes", "https://pod.example/2.mp3", "https://pod.example/2.jpg"],
        enclosures: enclosures
    ).readerText(accent: .cyan).string
    #expect(
        shown == """
            See the notes[1].

            Links:
            [1]: https://pod.example/notes

            Enclosures:
            [2]: https://pod.example/2.mp3 (audio/mpeg, 23.8 MB)
            [3]: https://pod.example/2.jpg (image, thumbnail)
            """)
    let bare = FeedItemDetail(
        id: 1, title: "Episode", text: "", link: nil, dateText: nil, links: ["https://pod.example/2.mp3"],
        enclosures: [enclosures[0]])
    #expect(
        bare.readerText(accent: .cyan).string == "Enclosures:\n[1]: https://pod.example/2.mp3 (audio/mpeg, 23.8 MB)")
    let unnumbered = FeedItemDetail(
        id: 1, title: "Episode", text: "", link: nil, dateText: nil, enclosures: [enclosures[1]])
    #expect(unnumbered.readerText(accent: .cyan).string == "Enclosures:\nhttps://pod.example/2.jpg (image, thumbnail)")
}
