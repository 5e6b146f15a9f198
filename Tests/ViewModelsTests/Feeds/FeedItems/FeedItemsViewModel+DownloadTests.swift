import Domain
import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import Testing
import ViewModels

private typealias Action = FeedItemsViewModel.Action
private typealias State = FeedItemsViewModel.State

/// An episode with a thumbnail, then its audio; an item with no file.
private let episode = FeedItem(
    id: 1, feedID: 9, title: "Episode 1", content: "notes[1]", links: ["https://example.com/notes"],
    enclosures: [
        FeedEnclosure(url: "https://example.com/1.jpg", kind: .thumbnail),
        FeedEnclosure(url: "https://example.com/1.mp3", type: "audio/mpeg", length: 2_000),
    ])
private let article = FeedItem(id: 2, feedID: 9, title: "Article", isRead: true)

/// The screens of the items scene given `actions`, the downloads asked for, and the queue's
/// lists sent at their ticks.
private func downloading(
    _ actions: [(Int, Action)], queue: [(Int, [Download])] = []
) -> (asked: [String], screens: TestableObserver<State>) {
    let scheduler = TestScheduler()
    let asked = CallLog<String>()
    let queued = scheduler.createHotObservable(queue.map { Recorded.next($0.0, $0.1) })
    let service = MockFeedItemsService {
        $0.observeFeedHandler = { id, _ in .just(.success(Fixtures.feed(id, "Pod"))) }
        $0.observePageHandler = { _, offset, _, _ in
            .just(.success(FeedItemPage(items: [episode, article], totalCount: 2, unreadCount: 1, offset: offset)))
        }
        $0.setReadHandler = { id, isRead in .just(.success(Fixtures.item(id, read: isRead))) }
        $0.downloadHandler = { url, title in
            asked.append("\(title): \(url)")
            return .just(.success("/home/ana/Downloads"))
        }
        $0.observeDownloadsHandler = { _ in queued.asObservable() }
        $0.cancelDownloadsHandler = {
            asked.append("cancel")
            return .just(.success(2))
        }
    }
    let input = scheduler.createColdObservable(
        [Recorded.next(0, Action.viewport(height: 5))] + actions.map { Recorded.next($0.0, $0.1) })
    let output = FeedItemsViewModel(service: service, feedID: 9, scheduler: scheduler)
        .transform(input: .init(actions: input.asObservable()))
    let screens = scheduler.createObserver(State.self)
    let subscription = output.state.subscribe(screens.asObserver())
    scheduler.advance(by: SchedulerDuration(ticks: 1_000))
    subscription.dispose()
    return (asked.all, screens)
}

private func at(_ tick: Int, _ screens: TestableObserver<State>) -> State {
    screens.events.last { $0.time <= tick }?.value.element ?? State()
}

@Test func feedItemsDownloadQueuesTheSelectedItemsFileNotItsThumbnail() {
    let (asked, screens) = downloading([(101, .download)])
    #expect(asked == ["Episode 1: https://example.com/1.mp3"])
    #expect(at(101, screens).message == "Downloading “Episode 1” into /home/ana/Downloads.")
}

@Test func feedItemsANumberTypedInTheReaderDownloadsThatLink() {
    let (asked, _) = downloading([(101, .open), (102, .typeDigit(3)), (103, .download)])
    #expect(asked == ["Episode 1: https://example.com/1.mp3"])
}

@Test func feedItemsDownloadOfAnItemWithoutAFileSaysSo() {
    let (asked, screens) = downloading([(101, .select(.down)), (102, .download)])
    #expect(asked.isEmpty)
    #expect(at(102, screens).errorMessage == "This item has no enclosure to download.")
}

@Test func feedItemsTheQueueShowsAboveTheItemsAndEachEndIsAnnounced() {
    let running = Download(
        id: 1, title: "Episode 1", address: "https://example.com/1.mp3", status: .running(received: 500, total: 2_000))
    var failed = running
    failed.status = .failed("the disk is full")
    let waiting = Download(id: 2, title: "Episode 2", address: "https://example.com/2.mp3")
    let (_, screens) = downloading([], queue: [(100, [running, waiting]), (200, [failed, waiting])])
    #expect(at(100, screens).listHeader == "Downloading “Episode 1” 25% of 2 KB · 1 queued")
    #expect(at(200, screens).listHeader == "1 queued · 1 failed")
    #expect(at(200, screens).errorMessage == "Could not download “Episode 1”: the disk is full")
}

@Test func feedItemsCancellingEndsTheDownloadsWithANoteAndSaysWhenThereAreNone() {
    let running = Download(
        id: 1, title: "Episode 1", address: "https://example.com/1.mp3", status: .running(received: 500, total: 2_000))
    let waiting = Download(id: 2, title: "Episode 2", address: "https://example.com/2.mp3")
    var cancelled = [running, waiting]
    for index in cancelled.indices { cancelled[index].status = .cancelled }
    let (asked, screens) = downloading(
        [(50, .cancelDownloads), (150, .open), (151, .cancelDownloads)],
        queue: [(100, [running, waiting]), (160, cancelled)])
    #expect(at(50, screens).message == "No download is running or queued.")
    #expect(asked == ["cancel"])
    #expect(at(151, screens).message == "Cancelled 2 downloads; \(.download) again continues from where it stopped.")
    #expect(at(160, screens).errorMessage == nil)
    // The queue's change to cancelled adds no note of its own: the cancel's note stays.
    #expect(at(160, screens).message == "Cancelled 2 downloads; \(.download) again continues from where it stopped.")
    #expect(at(160, screens).downloadsText == "2 cancelled")
}
