import Testing

@testable import BaseServices

@Suite struct FeedErrorTests {
    @Test func descriptionsNameThePathAndTheProblem() {
        #expect(FeedError.fileNotFound("/a.xml").description == "/a.xml: no such file")
        #expect(FeedError.fileTooLarge("/a.xml", limit: 10).description == "/a.xml: larger than the limit of 10 bytes")
        #expect(FeedError.parsing(.empty).description == "the document is empty")
        #expect(FeedError.unsupportedScheme("ftp").description.contains("ftp://"))
    }
}
