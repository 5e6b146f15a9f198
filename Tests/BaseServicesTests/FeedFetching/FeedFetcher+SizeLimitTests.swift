import Foundation
import TestMeasures
import Testing

@testable import BaseServices
@testable import FeedParsing

/// An RSS document of exactly `size` bytes: a few items, then comments of a kilobyte each up to
/// the size (cheap to parse, so the test stays quick under the thread sanitizer).
private func rssDocument(ofSize size: Int) -> (data: Data, items: Int) {
    let head = Data("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Large</title>\n".utf8)
    let items = (1...3).map { "<item><title>Item \($0)</title><guid>item-\($0)</guid></item>\n" }.joined()
    let tail = Data("</channel></rss>\n".utf8)
    let comment = Data(("<!-- " + String(repeating: "padding ", count: 126) + "-->\n").utf8)
    var data = head + Data(items.utf8)
    while data.count + comment.count + tail.count + 16 < size { data += comment }
    data += Data(("<!--" + String(repeating: "x", count: size - data.count - tail.count - 7) + "-->").utf8)
    data += tail
    return (data, 3)
}

@Suite struct FeedFetcherSizeLimitTests {
    // Regression: the limit was 10 MiB, and RSS documents between 10,000,000 and 10,485,760
    // bytes were fetched in full, then failed as "invalid XML (parser error 1)".
    @Test func anXMLDocumentAsLargeAsTheLimitParses() throws {
        let (data, items) = rssDocument(ofSize: FeedFetcher.defaultMaximumSize)
        #expect(data.count == FeedFetcher.defaultMaximumSize)
        let feed = try FeedDocument.parse(data, sourceURL: nil)
        #expect(feed.items.count == items)
    }

    @Test func aLocalFileOneByteOverTheLimitIsRefusedAsTooLarge() async throws {
        let folder = TemporaryFolder()
        let path = folder.file("large.xml")
        try rssDocument(ofSize: FeedFetcher.defaultMaximumSize + 1).data.write(to: URL(fileURLWithPath: path))
        do {
            _ = try await FeedFetcher().fetch(path)
            Issue.record("a file over the limit was fetched")
        } catch {
            guard case .fileTooLarge(path, limit: FeedFetcher.defaultMaximumSize) = error else {
                Issue.record("unexpected error: \(error)")
                return
            }
        }
    }
}
