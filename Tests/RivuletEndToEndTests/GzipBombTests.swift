import Foundation
import HTTPTestServer
import Synchronization
import Testing

// End-to-end, on the wall clock: the built binary against feeds served with
// `Content-Encoding: gzip` that inflate to gigabytes (GzipBomb), with the peak resident memory
// of the process (its VmHWM) bounded. The bound is the one the issue set: under 100 MB.

/// The peak resident memory allowed to `rivulet` while it refuses a gzip bomb.
private let peakBoundKiB = 100 * 1024 * SanitizerBuild.memoryScale

/// A small, valid feed.
private let smallFeed = Data(
    """
    <?xml version="1.0"?><rss version="2.0"><channel><title>Small</title><link>https://example.com</link>
    <item><title>One</title><guid>one</guid></item></channel></rss>
    """.utf8)

/// Whether a ``bombServer(gigabytes:arming:)`` serves bombs yet.
private final class Arming: Sendable {
    let isArmed = Atomic<Bool>(false)
}

/// A server whose every answer is a gzip bomb of about `gigabytes` inflated (without end when
/// `nil`); or, while `arming` is not armed, the small feed.
private func bombServer(gigabytes: Int?, arming: Arming? = nil) throws -> LocalHTTPServer {
    let blocks = gigabytes.map { $0 * 1_000_000_000 / GzipBomb.inflatedPerBlock } ?? Int.max / 4 / GzipBomb.block.count
    return try LocalHTTPServer { _ in
        if let arming, !arming.isArmed.load(ordering: .relaxed) { return LocalHTTPServer.Reply(prefix: smallFeed) }
        return LocalHTTPServer.Reply(
            headers: ["Content-Encoding": "gzip"], sendsLength: false, prefix: GzipBomb.head,
            repeating: GzipBomb.block, length: blocks * GzipBomb.block.count)
    }
}

extension LongEndToEndSuites {
    @Suite(.serialized)
    struct GzipBombTests {
        @Test func addingAGzipBombIsRefusedAtTheLimitUnderAHundredMegabytes() async throws {
            let folder = try TemporaryFolder()
            let server = try bombServer(gigabytes: 4)
            defer { server.stop() }
            let database = folder.file("feeds.sqlite")
            let outcome = try await onOwnThread {
                try ChildProcess.startRivulet(["--db", database, "feeds", "add", server.url("/bomb")])
                    .waitMeasuringMemory()
            }
            let sent = server.bytesSent.load(ordering: .relaxed)
            print(
                "gzip bomb, feeds add: peak RSS \(ProcessMemory.megabytes(outcome.peakResidentKiB)); "
                    + "\(ProcessMemory.megabytes(sent / 1024)) compressed sent (about "
                    + "\(sent / GzipBomb.block.count * GzipBomb.inflatedPerBlock / 1_000_000) MB inflated); "
                    + String(format: "%.2f s", outcome.seconds) + "; it said: "
                    + outcome.error.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(outcome.termination == .exited(1))
            #expect(outcome.error.contains("larger than the limit"), "stderr: \(outcome.error)")
            #expect(
                outcome.peakResidentKiB < peakBoundKiB, "peak RSS \(ProcessMemory.megabytes(outcome.peakResidentKiB))")
        }

        /// Two bombs, one after the other in one process: the second transfer neither waits for
        /// the first nor finds it still inflating, whether the bombs end (4 GB) or never do.
        @Test(.timeLimit(.minutes(10)), arguments: [4, nil] as [Int?])
        func refreshingTwoGzipBombsInOneProcessEndsAtOnceUnderAHundredMegabytes(gigabytes: Int?) async throws {
            let folder = try TemporaryFolder()
            let arming = Arming()
            let server = try bombServer(gigabytes: gigabytes, arming: arming)
            defer { server.stop() }
            let database = folder.file("feeds.sqlite")
            for path in ["/first", "/second"] {
                let added = try await onOwnThread {
                    try ChildProcess.rivulet(["--db", database, "feeds", "add", server.url(path)])
                }
                try #require(added.termination == .exited(0), "stderr: \(added.error); \(server.listenerState)")
            }
            arming.isArmed.store(true, ordering: .relaxed)
            let outcome = try await onOwnThread {
                try ChildProcess.startRivulet(["--db", database, "feeds", "refresh"]).waitMeasuringMemory()
            }
            print(
                "two gzip bombs (\(gigabytes.map { "\($0) GB" } ?? "endless")), feeds refresh: peak RSS "
                    + "\(ProcessMemory.megabytes(outcome.peakResidentKiB)); "
                    + "\(ProcessMemory.megabytes(server.bytesSent.load(ordering: .relaxed) / 1024)) sent in all; "
                    + String(format: "%.2f s", outcome.seconds) + "; it said: "
                    + outcome.error.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(outcome.termination == .exited(1))
            #expect(
                outcome.error.components(separatedBy: "larger than the limit").count == 3, "stderr: \(outcome.error)")
            #expect(
                outcome.peakResidentKiB < peakBoundKiB, "peak RSS \(ProcessMemory.megabytes(outcome.peakResidentKiB))")
            // Inflating 2 × 10 MB takes about a second in a debug build; an endless bomb that
            // could not be stopped would run until the test's own limit.
            #expect(outcome.seconds < 60 * Double(SanitizerBuild.memoryScale))
        }
    }
}
