import Foundation
import Testing

// End-to-end, on the wall clock: the built binary against inputs far larger than usual, with
// the peak resident memory of the process doing the work (its VmHWM in /proc/PID/status)
// stated and bounded.

/// Runs `rivulet` with `arguments` on a thread of its own; returns how it ended and the peak
/// resident memory of a command that does nothing much (`list` on `baseline`), the figure the
/// bounds are measured from.
private func measure(
    _ arguments: [String], baseline: String
) async throws -> (
    outcome: ChildProcess.Outcome, baselineKiB: Int
) {
    try await onOwnThread {
        let plain = try ChildProcess.startRivulet(["--db", baseline, "list"]).waitMeasuringMemory()
        guard plain.termination == .exited(0) else { throw ListedTodo.ParseError(text: plain.error) }
        return (try ChildProcess.startRivulet(arguments).waitMeasuringMemory(), plain.peakResidentKiB)
    }
}

/// The documented limit of a feed download (FeedFetcher.defaultMaximumSize, 10 MB).
private let feedSizeLimit = 10_000_000

private func rssItem(_ index: Int) -> String {
    "<item><title>Item \(index)</title><guid>item-\(index)</guid><link>https://example.com/\(index)</link>"
        + "<description>\(String(repeating: "Lorem ipsum dolor sit amet. ", count: 20))</description></item>\n"
}

private let rssHead = Data(
    "<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel><title>Big</title><link>https://example.com</link>\n".utf8)
private let rssTail = Data("</channel></rss>\n".utf8)

extension LongEndToEndSuites {
    @Suite(.serialized)
    struct ResourceBoundsTests {
        @Test(arguments: [true, false])
        func aFiftyMegabyteFeedIsRefusedClearlyInBoundedMemory(announcesItsLength: Bool) async throws {
            let folder = try TemporaryFolder()
            let item = Data(rssItem(0).utf8)
            let server = try LocalHTTPServer { _ in
                LocalHTTPServer.Reply(
                    sendsLength: announcesItsLength, prefix: rssHead, repeating: item, length: 50 * 1024 * 1024,
                    suffix: rssTail)
            }
            defer { server.stop() }
            let (outcome, baseline) = try await measure(
                ["--db", folder.file("feeds.sqlite"), "feeds", "add", server.url("/big")],
                baseline: folder.file("baseline.sqlite"))
            let growth = outcome.peakResidentKiB - baseline
            print(
                "50 MB feed (\(announcesItsLength ? "Content-Length" : "no length")): peak RSS "
                    + "\(ProcessMemory.megabytes(outcome.peakResidentKiB)), \(ProcessMemory.megabytes(growth)) over a "
                    + "plain command; \(ProcessMemory.megabytes(server.bytesSent.load(ordering: .relaxed) / 1024)) sent; "
                    + String(format: "%.2f s", outcome.seconds) + "; it said: "
                    + outcome.error.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(outcome.termination == .exited(1))
            #expect(outcome.error.contains("larger than the limit"), "stderr: \(outcome.error)")
            #expect(outcome.error.split(separator: "\n").count == 1, "stderr: \(outcome.error)")
            if announcesItsLength {
                // Refused from the header: nothing of the body is read.
                #expect(
                    growth < 16 * 1024 * SanitizerBuild.memoryScale, "peak RSS grew \(ProcessMemory.megabytes(growth))")
            } else {
                // Cut off at the limit. On an idle machine the process holds about twice the limit;
                // when its delegate queue is starved of CPU (a loaded machine, the thread
                // sanitizer), what the local server sends meanwhile waits in that queue, up to the
                // whole response, but never a multiple of it.
                #expect(
                    growth < 96 * 1024 * SanitizerBuild.memoryScale, "peak RSS grew \(ProcessMemory.megabytes(growth))")
            }
        }

        @Test func aFeedJustUnderTheSizeLimitIsStoredInBoundedMemory() async throws {
            let folder = try TemporaryFolder()
            var body = rssHead
            var count = 0
            // Just under the limit; smaller under the thread sanitizer, where parsing 10 MB takes a
            // core for most of a minute that the other tests need.
            let size = SanitizerBuild.isThreadSanitized ? feedSizeLimit / 5 : feedSizeLimit
            while body.count + 2_000 < size - rssTail.count {
                count += 1
                body += Data(rssItem(count).utf8)
            }
            body += rssTail
            let document = body
            let server = try LocalHTTPServer { _ in LocalHTTPServer.Reply(prefix: document) }
            defer { server.stop() }
            let database = folder.file("feeds.sqlite")
            let (outcome, baseline) = try await measure(
                ["--db", database, "feeds", "add", server.url("/large")], baseline: folder.file("baseline.sqlite"))
            let growth = outcome.peakResidentKiB - baseline
            print(
                "\(ProcessMemory.megabytes(document.count / 1024)) feed of \(count) items: peak RSS "
                    + "\(ProcessMemory.megabytes(outcome.peakResidentKiB)), \(ProcessMemory.megabytes(growth)) over a "
                    + "plain command; " + String(format: "%.2f s", outcome.seconds))
            #expect(outcome.termination == .exited(0), "stderr: \(outcome.error)")
            let listed = try await onOwnThread {
                try ChildProcess.rivulet(["--db", database, "feeds", "list", "--json"])
            }
            let feeds = try JSONSerialization.jsonObject(with: Data(listed.output.utf8)) as? [[String: Any]] ?? []
            let stored = feeds.first { ($0["url"] as? String) == server.url("/large") }
            #expect((stored?["itemCount"] as? NSNumber)?.intValue == count)
            #expect(
                growth < 256 * 1024 * SanitizerBuild.memoryScale, "peak RSS grew \(ProcessMemory.megabytes(growth))")
        }
    }
}
