import Domain
import Foundation
import RequestsTesting
import Streams
import StreamsTesting
import Synchronization
import TestMeasures
import Testing

@testable import BaseServices

@Suite struct DownloadQueueTests {
    @Test func downloadsRunOneAfterAnotherAndEachEndIsShown() throws {
        try withSubscriptionTracking {
            let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
            let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(100))
            network.stubs.stub(url: "https://x.example/one.mp3", with: .ok(Data("one".utf8)))
            network.stubs.stub(url: "https://x.example/two.mp3", with: .status(500))
            let queue = DownloadQueue(downloader: EnclosureDownloader(network: network), folder: folder.path)
            _ = scheduler.scheduleAt(300) {
                queue.enqueue("https://x.example/one.mp3", title: "One")
                queue.enqueue("https://x.example/two.mp3", title: "Two")
            }
            let seen = scheduler.start(disposed: 10_000) { queue.observeEntries() }
            let statuses = seen.events.compactMap { event -> [Download.Status]? in
                if case .next(let entries) = event.value { return entries.map(\.status) }
                return nil
            }
            #expect(statuses.contains([.running(received: 0, total: nil), .queued]))
            let last = try #require(statuses.last)
            #expect(last.first == .finished(path: folder.file("one.mp3")))
            guard case .failed(let reason) = last.last else {
                Issue.record("the second download did not fail: \(last)")
                return
            }
            #expect(reason.contains("500"))
            #expect(network.stubs.recordedRequests.count == 2)
        }
    }

    @Test func askingAgainForADownloadedFileSaysItWasDownloadedBefore() throws {
        try withSubscriptionTracking {
            let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
            let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(100))
            network.stubs.stub(url: "https://x.example/one.mp3", with: .ok(Data("one".utf8)))
            let queue = DownloadQueue(downloader: EnclosureDownloader(network: network), folder: folder.path)
            _ = scheduler.scheduleAt(300) { queue.enqueue("https://x.example/one.mp3", title: "One") }
            _ = scheduler.scheduleAt(1_000) { queue.enqueue("https://x.example/one.mp3", title: "One") }
            let seen = scheduler.start(disposed: 10_000) { queue.observeEntries() }
            let last = try #require(seen.events.compactMap { $0.value.element }.last)
            #expect(
                last.map(\.status) == [
                    .finished(path: folder.file("one.mp3")), .alreadyThere(path: folder.file("one.mp3")),
                ])
            #expect(network.stubs.recordedRequests.count == 1)
        }
    }

    @Test func cancellingEndsTheRunningDownloadAndTheQueuedOnesAndTheNextRunsAgain() {
        withSubscriptionTracking {
            let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
            let network = FakeNetworkService(scheduler: scheduler, delay: .milliseconds(100))
            network.stubs.stub(url: "https://x.example/one.mp3", with: .ok(Data("one".utf8)))
            let queue = DownloadQueue(downloader: EnclosureDownloader(network: network), folder: folder.path)
            let cancelled = Mutex<[Int]>([])
            _ = scheduler.scheduleAt(300) {
                queue.enqueue("https://x.example/one.mp3", title: "One")
                queue.enqueue("https://x.example/two.mp3", title: "Two")
            }
            // Before the first answers (at 400): the running one and the queued one end.
            _ = scheduler.scheduleAt(350) { cancelled.withLock { $0.append(queue.cancelAll()) } }
            _ = scheduler.scheduleAt(360) { cancelled.withLock { $0.append(queue.cancelAll()) } }
            _ = scheduler.scheduleAt(500) { queue.enqueue("https://x.example/one.mp3", title: "One") }
            let seen = scheduler.start(disposed: 10_000) { queue.observeEntries() }
            let statuses = seen.events.compactMap { event -> [Download.Status]? in
                if case .next(let entries) = event.value { return entries.map(\.status) }
                return nil
            }
            #expect(cancelled.withLock { $0 } == [2, 0])
            #expect(statuses.contains([.cancelled, .cancelled]))
            // Asked again, it runs: nothing of the cancelled one is left running.
            #expect(statuses.last == [.cancelled, .cancelled, .finished(path: folder.file("one.mp3"))])
        }
    }
}
