import Foundation
import Streams
import Testing

@testable import BaseServices
@testable import SceneServices

/// A new folder under the temporary directory, with the path of a database in it; removed by
/// the caller.
private func makeFolder() throws -> (folder: URL, database: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("rivulet-sample-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return (folder, folder.appendingPathComponent("rivulet.sqlite").path)
}

@Test func sampleFeedIsWrittenBesideTheDatabaseAndSubscribedThereWithItsItems() throws {
    let fixture = try ServicesFixture()
    let (folder, database) = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    ServicesBootstrap.addSampleFeed(besideDatabaseAt: database, feeds: fixture.feeds)
    let path = folder.appendingPathComponent(SampleFeed.fileName).path
    #expect(FileManager.default.contents(atPath: path) == SampleFeed.data())
    let feeds = try first(fixture.feeds.fetchFeeds()).get()
    #expect(feeds.map(\.url) == [path])
    #expect(feeds.first?.title == (try SampleFeed.load()).title)
    #expect(feeds.first?.itemCount == (try SampleFeed.load()).items.count)
}

@Test func sampleFeedKeepsAFileOfItsNameThatIsAlreadyThere() throws {
    let fixture = try ServicesFixture()
    let (folder, database) = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent(SampleFeed.fileName).path
    try Data("mine".utf8).write(to: URL(fileURLWithPath: path))
    ServicesBootstrap.addSampleFeed(besideDatabaseAt: database, feeds: fixture.feeds)
    #expect(FileManager.default.contents(atPath: path) == Data("mine".utf8))
    #expect(try first(fixture.feeds.fetchFeeds()).get().map(\.url) == [path])
}

@Test func sampleFeedIsLeftOutWhenItsFileCannotBeWritten() throws {
    let fixture = try ServicesFixture()
    let missing = FileManager.default.temporaryDirectory.appendingPathComponent("rivulet-none-\(UUID().uuidString)")
    ServicesBootstrap.addSampleFeed(
        besideDatabaseAt: missing.appendingPathComponent("rivulet.sqlite").path, feeds: fixture.feeds)
    #expect(try first(fixture.feeds.fetchFeeds()).get().isEmpty)
}
