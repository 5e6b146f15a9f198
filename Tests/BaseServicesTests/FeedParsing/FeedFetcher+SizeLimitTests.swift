import Foundation
import Testing

@testable import BaseServices

/// An RSS document of exactly `size` bytes: identical items, the last one padded.
private func rssDocument(ofSize size: Int) -> (data: Data, items: Int) {
    let head = Data("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Large</title>\n".utf8)
    let tail = Data("</channel></rss>\n".utf8)
    func item(_ index: Int, padding: Int = 0) -> Data {
        let text = String(repeating: "Some words of a summary. ", count: 20) + String(repeating: "x", count: padding)
        return Data(
            "<item><title>Item \(index)</title><guid>item-\(index)</guid><description>\(text)</description></item>\n"
                .utf8)
    }
    var data = head
    var count = 0
    let itemSize = item(999_999).count
    while data.count + 2 * itemSize + tail.count < size {
        count += 1
        data += item(count)
    }
    count += 1
    data += item(count, padding: size - data.count - tail.count - item(count).count)
    data += tail
    return (data, count)
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
