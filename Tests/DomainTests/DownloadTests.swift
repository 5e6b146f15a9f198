import Domain
import Testing

@Test func aDownloadSaysWhereItsFileIsOnceItHasEndedOrWhyItFailed() throws {
    let download = Download(id: 1, title: "Ep 2", address: "https://example.com/2.mp3")
    #expect(download.ending == nil)
    var running = download
    running.status = .running(received: 10, total: 100)
    #expect(running.ending == nil)
    var finished = download
    finished.status = .finished(path: "/tmp/2.mp3")
    let done = try #require(finished.ending)
    #expect(done.text == "Downloaded “Ep 2”: /tmp/2.mp3" && !done.isFailure)
    var before = download
    before.status = .alreadyThere(path: "/tmp/2.mp3")
    let there = try #require(before.ending)
    #expect(there.text == "“Ep 2” was downloaded before: /tmp/2.mp3" && !there.isFailure)
    #expect(before.statusText == "done" && !before.isPending)
    var failed = download
    failed.status = .failed("the server said 404")
    let failure = try #require(failed.ending)
    #expect(failure.text == "Could not download “Ep 2”: the server said 404" && failure.isFailure)
}
