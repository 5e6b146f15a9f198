import Testing

@testable import BaseServices

@Suite struct FeedErrorTests {
    @Test func descriptionsNameThePathAndTheProblem() {
        #expect(FeedError.fileNotFound("/a.xml").description == "/a.xml: no such file")
        #expect(FeedError.fileTooLarge("/a.xml", limit: 10).description == "/a.xml: larger than the limit of 10 bytes")
        #expect(FeedError.parsing(.empty).description == "the document is empty")
        #expect(FeedError.unsupportedScheme("ftp").description.contains("“ftp:”"))
    }

    @Test func aMissingFileUnderAFolderNamedLikeAHostSaysHowAWebAddressStarts() {
        let hint = " (a web address starts with https://)"
        for typed in ["/home/me/127.0.0.1:8765/feed.xml", "/home/me/example.com/feed", "/srv/news.example.org/rss"] {
            #expect(FeedError.fileNotFound(typed).description == "\(typed): no such file\(hint)")
        }
        for plain in ["/home/me/feeds/a.xml", "/home/me/v1.2/a.xml", "/home/me/.config/a.xml", "/tmp/feed.xml"] {
            #expect(FeedError.fileNotFound(plain).description == "\(plain): no such file")
        }
    }
}
