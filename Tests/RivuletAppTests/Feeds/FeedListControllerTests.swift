import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

private func controller(feeds: [Feed]) -> FeedListController {
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in Observable.never().startWith(.success(feeds)) }
    }
    let viewModel = FeedListViewModel(service: service, scheduler: ImmediateScheduler())
    return FeedListController(viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { _ in })
}

@Test func feedListControllerRowsShowCountsAndTheLastRefresh() {
    let feeds = [
        Feed(id: 1, url: "https://example.com/news.xml", title: "Rivulet news", itemCount: 12, unreadCount: 3),
        Feed(
            id: 2, url: "https://broken.example/feed", title: "https://broken.example/feed",
            lastRefresh: .failed(message: "not a feed")),
    ]
    let scene = controller(feeds: feeds)
    defer { scene.stop() }
    let size = TerminalSize(width: 72, height: 6)
    let lines = scene.screen(size: size, under: nil).render(size: size).textLines()
    #expect(lines[1] == "> Rivulet news                         3 of 12 unread · never refreshed ")
    #expect(lines[2] == "  https://broken.example/feed             no items · failed: not a feed ")
}

@Test func feedsOfOneTitleNameTheirAddressesAndOtherRowsDoNot() {
    let feeds = [
        Feed(id: 1, url: "https://example.com/posts.xml", title: "Blog", itemCount: 2),
        Feed(id: 2, url: "HTTP://example.com/comments.xml", title: "Blog", itemCount: 2),
        Feed(id: 3, url: "/home/me/feeds/blog.xml", title: "Blog", itemCount: 2),
        Feed(id: 4, url: "https://example.org/news.xml", title: "News", itemCount: 2),
    ]
    let scene = controller(feeds: feeds)
    defer { scene.stop() }
    let size = TerminalSize(width: 72, height: 8)
    let lines = scene.screen(size: size, under: nil).render(size: size).textLines()
    #expect(lines[1].hasPrefix("> Blog · example.com/posts.xml "), "\(lines)")
    #expect(lines[2].hasPrefix("  Blog · example.com/comments.xml "), "\(lines)")
    #expect(lines[3].hasPrefix("  Blog · /home/me/feeds/blog.xml "), "\(lines)")
    #expect(lines[4].hasPrefix("  News "), "\(lines)")
}

@Test func everySceneKeepsTheKeyToHelpOnANarrowStatusLine() {
    let scene = controller(feeds: [Feed(id: 1, url: "https://example.com/a.xml", title: "A")])
    defer { scene.stop() }
    for width in [40, 60, 80] {
        let size = TerminalSize(width: width, height: 6)
        let status = scene.screen(size: size, under: nil).render(size: size).textLines()[5]
        #expect(status.contains("? help"), "\(width) columns: \(status)")
        // Hints that do not fit are left out whole: the line ends with a whole hint, not a cut one.
        #expect(!status.contains("…"), "\(width) columns: \(status)")
    }
    for hints in [
        FeedListController.hints, FeedListController.searchHints, FeedItemsController.hints,
        FeedItemsController.readerHints, TodoListController.hints, HomeController.hints,
    ] {
        #expect(hints.contains { $0.key == "?" && $0.isEssential })
    }
}

@Test func feedListControllerImportsWithIAndAsksForTheFile() {
    let scene = controller(feeds: [])
    defer { scene.stop() }
    #expect(FeedListController.action(for: InputEvent.key(.character("i")), in: .browsing) == .startImporting)
    #expect(scene.handle(InputEvent.key(.character("i"))))
    let size = TerminalSize(width: 60, height: 6)
    let lines = scene.screen(size: size, under: nil).render(size: size).textLines()
    #expect(lines.contains { $0.contains("OPML file to import:") }, "\(lines)")
    #expect(FeedListController.hints.contains { $0.key == "i" })
}

@Test func feedListControllerUndoesWithUAndRedoesWithCtrlR() {
    #expect(FeedListController.action(for: InputEvent.key(.character("u")), in: .browsing) == .undo)
    #expect(
        FeedListController.action(for: InputEvent.key(Key(.character("r"), modifiers: .control)), in: .browsing)
            == .redo)
    #expect(FeedListController.action(for: InputEvent.key(.character("r")), in: .browsing) == .refresh)
    #expect(
        FeedListController.action(for: InputEvent.key(.character("u")), in: .confirmingRemove(id: 1, title: "A")) == nil
    )
    #expect(FeedListController.hints.contains(KeyHint("u", "undo")))
}

@Test func feedListControllerHintsSayWhatTheKeysDoWhileAskingOrTyping() {
    let scene = controller(feeds: [Feed(id: 1, url: "https://example.com/a.xml", title: "A")])
    defer { scene.stop() }
    let size = TerminalSize(width: 60, height: 6)
    func hintKeys() -> [String] { scene.screen(size: size, under: nil).chrome.hints.map { "\($0.key) \($0.action)" } }
    #expect(hintKeys().first == "a add")
    _ = scene.handle(InputEvent.key(.character("a")))
    #expect(hintKeys() == ["Enter add", "Esc cancel", "Ctrl-U clear"])
    _ = scene.handle(.key(Key(.escape)))
    _ = scene.handle(InputEvent.key(.character("d")))
    #expect(hintKeys() == ["y remove", "n Esc keep"])
}

@Test func escWhileAnErrorShowsOnlyDismissesItAndThenGoesBack() {
    final class Routes { var taken: [Route] = [] }
    let routes = Routes()
    let service = MockFeedListService {
        $0.observeQueryFeedsHandler = { _ in .just(.success([])) }
        $0.observeFeedsHandler = { _ in
            Observable.never().startWith(
                .success([Feed(id: 2, url: "https://b.example/f", title: "B", lastRefresh: .failed(message: "gone"))]))
        }
    }
    // Virtual time: the message stays until its time is up, which never comes here.
    let scheduler = TestScheduler()
    let viewModel = FeedListViewModel(service: service, scheduler: scheduler)
    let scene = FeedListController(
        viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { routes.taken.append($0) })
    defer { scene.stop() }
    func press(_ key: Key) {
        _ = scene.handle(.key(key))
        scheduler.advance()
    }
    scheduler.advance()
    _ = scene.screen(size: TerminalSize(width: 60, height: 6), under: nil)
    scheduler.advance()
    press(Key(.character("e")))
    #expect(scene.scene.state.errorMessage == "“B”: gone")
    press(Key(.escape))
    #expect(scene.scene.state.errorMessage == nil)
    #expect(routes.taken.isEmpty)
    press(Key(.escape))
    #expect(routes.taken == [.back])
}
