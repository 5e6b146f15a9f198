import Domain
import Foundation
import HTTPTestServer
import RequestsTesting
import Streams
import StreamsTesting
import TestMeasures
import Testing

@testable import BaseServices

/// The episode every test downloads: 1,000 bytes that are not all alike.
private let episode = Data((0..<1_000).map { UInt8(truncatingIfNeeded: $0 * 7) })
private let address = "https://podcasts.example/show/ep%201.mp3"

/// The events and the failure of `download` on `scheduler`, run to its end in virtual time.
private func run(
    _ download: Observable<DownloadEvent>, on scheduler: TestScheduler
) -> (events: [DownloadEvent], error: DownloadError?) {
    let observer = scheduler.start(disposed: 100_000) { download }
    var events: [DownloadEvent] = []
    var failure: DownloadError?
    for recorded in observer.events {
        switch recorded.value {
        case .next(let event): events.append(event)
        case .error(let error): failure = error as? DownloadError
        case .completed: break
        }
    }
    return (events, failure)
}

private func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

@Suite struct EnclosureDownloaderTests {
    // MARK: - In virtual time

    @Test func completeDownloadIsRenamedFromItsPartFile() {
        withSubscriptionTracking {
            let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
            let network = FakeNetworkService(scheduler: scheduler)
            network.stubs.stub(url: address, with: .ok(episode, headers: ["Content-Length": "1000"]))
            let result = run(EnclosureDownloader(network: network).download(address, into: folder.path), on: scheduler)
            let path = folder.file("ep 1.mp3")
            #expect(result.error == nil)
            #expect(
                result.events == [
                    .started(path: path, resumedAt: 0), .progress(received: 0, total: 1_000),
                    .finished(path: path, size: 1_000),
                ])
            #expect(contents(path) == episode)
            #expect(!FileManager.default.fileExists(atPath: path + ".part"))
        }
    }

    @Test func interruptedDownloadResumesWithARangeRequest() throws {
        let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
        _ = FileManager.default.createFile(atPath: folder.file("ep 1.mp3.part"), contents: episode.prefix(400))
        let network = FakeNetworkService(scheduler: scheduler)
        network.stubs.stub(
            url: address,
            with: .dynamic { request in
                guard request.header("Range") == "bytes=400-" else { return .status(400) }
                return .respond(
                    status: 206, headers: ["Content-Range": "bytes 400-999/1000", "Content-Length": "600"],
                    body: episode.suffix(600))
            })
        let result = run(EnclosureDownloader(network: network).download(address, into: folder.path), on: scheduler)
        #expect(result.error == nil)
        #expect(result.events.first == .started(path: folder.file("ep 1.mp3"), resumedAt: 400))
        #expect(result.events.last == .finished(path: folder.file("ep 1.mp3"), size: 1_000))
        #expect(contents(folder.file("ep 1.mp3")) == episode)
    }

    @Test func serverIgnoringTheRangeStartsThePartFileOver() {
        let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
        _ = FileManager.default.createFile(
            atPath: folder.file("ep 1.mp3.part"), contents: Data(repeating: 0xFF, count: 400))
        let network = FakeNetworkService(scheduler: scheduler)
        network.stubs.stub(url: address, with: .ok(episode, headers: ["Content-Length": "1000"]))
        let result = run(EnclosureDownloader(network: network).download(address, into: folder.path), on: scheduler)
        #expect(network.stubs.recordedRequests.first?.header("Range") == "bytes=400-")
        #expect(result.error == nil)
        #expect(contents(folder.file("ep 1.mp3")) == episode)
    }

    @Test func rangeOtherThanTheOneAskedForFailsAndKeepsThePart() {
        let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
        _ = FileManager.default.createFile(atPath: folder.file("ep 1.mp3.part"), contents: episode.prefix(400))
        let network = FakeNetworkService(scheduler: scheduler)
        network.stubs.stub(
            url: address,
            with: .respond(status: 206, headers: ["Content-Range": "bytes 0-999/1000"], body: episode))
        let result = run(EnclosureDownloader(network: network).download(address, into: folder.path), on: scheduler)
        #expect(result.error?.message.contains("other than the one asked for") == true)
        #expect(contents(folder.file("ep 1.mp3.part")) == episode.prefix(400))
    }

    @Test func fileOverTheLimitIsRefusedWhetherAnnouncedOrNot() {
        for headers in [["Content-Length": "1000"], [:]] {
            let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
            let network = FakeNetworkService(scheduler: scheduler)
            network.stubs.stub(url: address, with: .ok(episode, headers: headers))
            let downloader = EnclosureDownloader(network: network, maximumSize: 500)
            let result = run(downloader.download(address, into: folder.path), on: scheduler)
            #expect(
                result.error?.message
                    == "the file is larger than the download limit of 500 bytes, so it was not downloaded",
                "headers \(headers)")
            #expect(!FileManager.default.fileExists(atPath: folder.file("ep 1.mp3")))
        }
    }

    @Test func defaultLimitIsTwoGibibytes() {
        #expect(EnclosureDownloader.defaultMaximumSize == 2_147_483_648)
    }

    @Test func addressThatIsNotAWebAddressIsRefusedWithoutARequest() {
        for bad in ["ftp://podcasts.example/ep.mp3", "file:///etc/passwd", "ep.mp3", "https://"] {
            let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
            let network = FakeNetworkService(scheduler: scheduler)
            let result = run(EnclosureDownloader(network: network).download(bad, into: folder.path), on: scheduler)
            #expect(
                result.error?.message
                    == "“\(bad)” is not a web address: only http:// and https:// addresses are downloaded")
            #expect(network.stubs.recordedRequests.isEmpty)
        }
    }

    @Test func failedStatusIsOneSentenceAndKeepsThePart() {
        let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
        _ = FileManager.default.createFile(atPath: folder.file("ep 1.mp3.part"), contents: episode.prefix(400))
        let network = FakeNetworkService(scheduler: scheduler)
        network.stubs.stub(url: address, with: .status(404, body: Data("<html>gone</html>".utf8)))
        let result = run(EnclosureDownloader(network: network).download(address, into: folder.path), on: scheduler)
        #expect(result.error?.message.contains("the server answered 404 Not Found; check the address") == true)
        #expect(contents(folder.file("ep 1.mp3.part")) == episode.prefix(400))
    }

    @Test func completePartAnsweredWith416IsRenamed() {
        let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
        _ = FileManager.default.createFile(atPath: folder.file("ep 1.mp3.part"), contents: episode)
        let network = FakeNetworkService(scheduler: scheduler)
        network.stubs.stub(
            url: address, with: .respond(status: 416, headers: ["Content-Range": "bytes */1000"], body: Data()))
        let result = run(EnclosureDownloader(network: network).download(address, into: folder.path), on: scheduler)
        #expect(result.error == nil)
        #expect(contents(folder.file("ep 1.mp3")) == episode)
    }

    @Test func existingFileIsNeverReplaced() {
        let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
        _ = FileManager.default.createFile(atPath: folder.file("ep 1.mp3"), contents: Data("mine".utf8))
        _ = FileManager.default.createFile(atPath: folder.file("ep 1 (2).mp3"), contents: Data("mine too".utf8))
        let network = FakeNetworkService(scheduler: scheduler)
        network.stubs.stub(url: address, with: .ok(episode))
        let result = run(EnclosureDownloader(network: network).download(address, into: folder.path), on: scheduler)
        #expect(result.events.last == .finished(path: folder.file("ep 1 (3).mp3"), size: 1_000))
        #expect(contents(folder.file("ep 1.mp3")) == Data("mine".utf8))
        #expect(contents(folder.file("ep 1 (3).mp3")) == episode)
    }

    /// Downloads `from` into `folder` on a network of its own, answering `address` with the
    /// episode and `otherAddress` with other bytes: the outcome and the requests made.
    private func download(
        _ from: String, into folder: TemporaryFolder
    ) -> (
        events: [DownloadEvent], error: DownloadError?, ranges: [String?]
    ) {
        let scheduler = TestScheduler()
        let network = FakeNetworkService(scheduler: scheduler)
        network.stubs.stub(url: address, with: .ok(episode))
        network.stubs.stub(url: otherAddress, with: .ok(Data("another show".utf8)))
        let result = run(EnclosureDownloader(network: network).download(from, into: folder.path), on: scheduler)
        return (result.events, result.error, network.stubs.recordedRequests.map { $0.header("Range") })
    }

    private let otherAddress = "https://another.example/feed/ep%201.mp3"

    @Test func secondDownloadOfAnAddressWhoseFileIsThereFetchesNothing() {
        let folder = TemporaryFolder()
        let path = folder.file("ep 1.mp3")
        #expect(download(address, into: folder).events.last == .finished(path: path, size: 1_000))
        #expect(_DownloadOrigin.address(of: path) == "https://podcasts.example/show/ep%201.mp3")
        let again = download(" \(address)\n", into: folder)
        #expect(again.error == nil)
        #expect(again.events == [.alreadyThere(path: path, size: 1_000)])
        #expect(again.ranges.isEmpty)
        // Once the file is gone, the address is fetched again, into the same name.
        try? FileManager.default.removeItem(atPath: path)
        let third = download(address, into: folder)
        #expect(third.events.last == .finished(path: path, size: 1_000))
        #expect(third.ranges == [nil])
    }

    @Test func sameNameFromAnotherAddressIsAnotherFileAndItsPartIsNeverContinued() {
        let folder = TemporaryFolder()
        // Another show's unfinished episode of the same name waits in the folder.
        _ = FileManager.default.createFile(atPath: folder.file("ep 1.mp3.part"), contents: Data("another".utf8))
        _DownloadOrigin.record(otherAddress, on: folder.file("ep 1.mp3.part"))
        let first = download(address, into: folder)
        #expect(first.events.first == .started(path: folder.file("ep 1 (2).mp3"), resumedAt: 0))
        #expect(first.ranges == [nil])
        #expect(contents(folder.file("ep 1 (2).mp3")) == episode)
        // That show's download continues its own part, and a repeat of either names its file.
        let second = download(otherAddress, into: folder)
        #expect(second.events.first == .started(path: folder.file("ep 1.mp3"), resumedAt: 7))
        #expect(second.ranges == ["bytes=7-"])
        #expect(contents(folder.file("ep 1.mp3")) == Data("another show".utf8))
        #expect(
            download(address, into: folder).events == [.alreadyThere(path: folder.file("ep 1 (2).mp3"), size: 1_000)])
        #expect(download(otherAddress, into: folder).events == [.alreadyThere(path: folder.file("ep 1.mp3"), size: 12)])
    }

    @Test func folderThatIsAFileIsOneSentence() {
        let (scheduler, folder) = (TestScheduler(), TemporaryFolder())
        _ = FileManager.default.createFile(atPath: folder.file("taken"), contents: Data())
        let network = FakeNetworkService(scheduler: scheduler)
        let result = run(
            EnclosureDownloader(network: network).download(address, into: folder.file("taken")), on: scheduler)
        #expect(
            result.error?.message.hasSuffix("is a file, not a folder; choose a folder with --to or download-folder")
                == true)
    }

    @Test func fileNameComesFromTheLastPathComponentMadeSafe() throws {
        func name(_ text: String) throws -> String { _DownloadTarget.fileName(for: try #require(URL(string: text))) }
        #expect(try name("https://x.example/a/b/Episode%2012.mp3?token=1") == "Episode 12.mp3")
        #expect(try name("https://x.example/a/..%2F..%2F.secret") == "_.._.secret")
        #expect(try name("https://x.example/.hidden") == "hidden")
        #expect(try name("https://x.example/") == "download")
        #expect(try name("https://x.example/a%0Ab%1Bc") == "a_b_c")
        let long = try name("https://x.example/" + String(repeating: "é", count: 300) + ".mp3")
        #expect(long.utf8.count <= _DownloadTarget.longestName && long.hasSuffix(".mp3"))
    }

    // MARK: - Against a real server (wall clock, loopback only)

    @Test func connectionCutMidFileKeepsThePartAndTheNextTryResumes() async throws {
        try await withTestHTTPServer({ request in
            guard let range = request.header("range") else {
                // Announces the whole file, sends 400 bytes, and closes.
                let head = Data("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\nConnection: close\r\n\r\n".utf8)
                return .raw(head + episode.prefix(400))
            }
            guard range == "bytes=400-" else { return .respond(status: 400) }
            return .respond(
                status: 206, headers: ["Content-Range": "bytes 400-999/1000"], body: episode.suffix(600))
        }) { server in
            let folder = TemporaryFolder()
            let url = server.url("/ep.mp3").absoluteString
            let downloader = EnclosureDownloader()
            let first = downloader.download(url, into: folder.path).toBlocking(timeout: 20).materialize()
            guard case .failed(_, let error) = first else {
                Issue.record("the cut download did not fail: \(first)")
                return
            }
            #expect(error is DownloadError)
            #expect(contents(folder.file("ep.mp3.part")) == episode.prefix(400))
            let second = try downloader.download(url, into: folder.path).toBlocking(timeout: 20).toArray()
            #expect(second.last == .finished(path: folder.file("ep.mp3"), size: 1_000))
            #expect(contents(folder.file("ep.mp3")) == episode)
            #expect(server.requests.map { $0.header("range") } == [nil, "bytes=400-"])
        }
    }
}
