import Domain
import Foundation
import SceneServices
import SceneServicesMocks
import Streams
import StreamsTesting
import TerminalUI
import Testing
import ViewModels

@testable import RivuletApp

/// A feed of 100,000 items over a fake service that answers every window at once and records it.
private final class LongFeed: Sendable {
    static let length = 100_000
    private let windows = SanitizerVisibleMutex<[String]>([])

    var asked: [String] { windows.withLock { $0 } }

    func controller() -> FeedItemsController {
        let service = MockFeedItemsService {
            $0.observeFeedHandler = { id, _ in
                .just(.success(Feed(id: id, url: "https://example.com/feed", title: "Long")))
            }
            $0.observePageHandler = { [self] _, offset, limit, _ in
                windows.withLock { $0.append("\(offset)+\(limit)") }
                let items = (offset..<min(offset + limit, Self.length)).map { position in
                    FeedItem(id: Int64(Self.length - position), feedID: 1, title: "Item \(position)")
                }
                return .just(
                    .success(FeedItemPage(items: items, totalCount: Self.length, unreadCount: 7, offset: offset)))
            }
        }
        let viewModel = FeedItemsViewModel(service: service, feedID: 1, scheduler: ImmediateScheduler())
        return FeedItemsController(viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { _ in })
    }
}

private let size = TerminalSize(width: 60, height: 12)

/// The titles of the rows the list shows, and the selected position.
private func shown(_ controller: FeedItemsController) -> (titles: [String], selected: Int?) {
    guard case .list(_, let window) = controller.screen(size: size, under: nil).content else { return ([], nil) }
    return (window.lines.map(\.text), window.selected)
}

@Test func feedItemsControllerAsksForTheRowsThatFit() {
    let feed = LongFeed()
    let controller = feed.controller()
    defer { controller.stop() }
    #expect(shown(controller).titles.first == "Item 0")
    #expect(feed.asked == ["0+50", "0+10"])
}

@Test func feedItemsControllerPageDownAsksForTheNextWindow() {
    let feed = LongFeed()
    let controller = feed.controller()
    defer { controller.stop() }
    _ = shown(controller)
    _ = controller.handle(.key(Key(.pageDown)))
    _ = controller.handle(.key(Key(.pageDown)))
    let screen = shown(controller)
    #expect(feed.asked.last == "11+10")
    #expect(screen.selected == 20)
    #expect(screen.titles.last == "Item 20")
}

@Test func feedItemsControllerEndKeyShowsTheLastOfAHundredThousand() {
    let feed = LongFeed()
    let controller = feed.controller()
    defer { controller.stop() }
    _ = shown(controller)
    _ = controller.handle(.key(Key(.character("G"))))
    let screen = shown(controller)
    #expect(feed.asked.last == "99990+10")
    #expect(screen.selected == 99_999)
    #expect(screen.titles.last == "Item 99999")
    _ = controller.handle(.key(Key(.character("g"))))
    #expect(shown(controller).titles.first == "Item 0")
    #expect(feed.asked.last == "0+10")
}

/// A controller over one item whose content is `lines` numbered lines, opened in the reader.
private func readerController(lines: Int) -> FeedItemsController {
    readerController(content: (1...lines).map { "Line \($0)" }.joined(separator: "\n"), type: .text)
}

/// A controller over one item with `content` of `type`, opened in the reader.
private func readerController(
    content: String, type: FeedContentType, links: [String] = []
) -> FeedItemsController {
    let service = MockFeedItemsService {
        $0.observeFeedHandler = { id, _ in .just(.success(Feed(id: id, url: "https://example.com/feed", title: "One")))
        }
        $0.observePageHandler = { _, offset, _, _ in
            let item = FeedItem(id: 1, feedID: 1, title: "Article", content: content, contentType: type, links: links)
            return .just(.success(FeedItemPage(items: [item], totalCount: 1, unreadCount: 1, offset: offset)))
        }
        $0.setReadHandler = { id, isRead in
            .just(.success(FeedItem(id: id, feedID: 1, title: "Article", isRead: isRead)))
        }
    }
    let viewModel = FeedItemsViewModel(service: service, feedID: 1, scheduler: ImmediateScheduler())
    let controller = FeedItemsController(viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { _ in })
    _ = controller.screen(size: size, under: nil)
    _ = controller.handle(.key(Key(.enter)))
    return controller
}

/// The reader's body lines on screen (those that start with "Line").
private func readerLines(_ controller: FeedItemsController) -> [String] {
    // Twice: the first drawing tells the view model the reader's size, the second shows it.
    _ = controller.screen(size: size, under: nil)
    let buffer = controller.screen(size: size, under: nil).render(size: size)
    return buffer.textLines().map { $0.trimmingCharacters(in: .whitespaces) }.filter { $0.hasPrefix("Line") }
}

@Test func feedItemsReaderEndKeyShowsTheLastPageEndingAtTheLastLine() {
    let controller = readerController(lines: 40)
    defer { controller.stop() }
    let first = readerLines(controller)
    #expect(first.first == "Line 1")
    for key in [Key(.end), Key(.character("G"))] {
        _ = controller.handle(.key(key))
        let shown = readerLines(controller)
        #expect(shown.last == "Line 40")
        #expect(shown.count == first.count)
    }
    _ = controller.handle(.key(Key(.character(" "))))
    #expect(readerLines(controller).last == "Line 40")
    _ = controller.handle(.key(Key(.home)))
    #expect(readerLines(controller).first == "Line 1")
    _ = controller.handle(.key(Key(.pageDown)))
    #expect(readerLines(controller).first == "Line \(first.count + 1)")
    _ = controller.handle(.key(Key(.pageUp)))
    _ = controller.handle(.key(Key(.down)))
    #expect(readerLines(controller).first == "Line 2")
    _ = controller.handle(.key(Key(.character("g"))))
    #expect(readerLines(controller).first == "Line 1")
}

@Test func feedItemsReaderKeysMapToScrolling() {
    let cases: [(Key, FeedItemsViewModel.Action)] = [
        (Key(.character("g")), .scrollToTop), (Key(.home), .scrollToTop), (Key(.character("G")), .scrollToBottom),
        (Key(.end), .scrollToBottom), (Key(.pageDown), .scrollPages(by: 1)),
        (Key(.character(" ")), .scrollPages(by: 1)),
        (Key(.pageUp), .scrollPages(by: -1)), (Key(.character("b")), .scrollPages(by: -1)),
        (Key(.down), .scroll(by: 1)),
        (Key(.up), .scroll(by: -1)),
    ]
    for (key, action) in cases {
        #expect(FeedItemsController.action(for: .key(key), isReading: true) == action)
    }
}

@Test func feedItemsReaderShowsTheLinkNumberTypedForO() {
    let controller = readerController(lines: 3)
    defer { controller.stop() }
    _ = controller.handle(.key(Key(.character("1"))))
    _ = controller.handle(.key(Key(.character("2"))))
    #expect(controller.screen(size: size, under: nil).chrome.info == "link [12]: o opens it, D downloads it")
    _ = controller.handle(.key(Key(.down)))
    #expect(controller.screen(size: size, under: nil).chrome.info == "")
}

/// Every line the reader shows once it knows its size.
private func readerScreen(_ controller: FeedItemsController) -> [String] {
    _ = controller.screen(size: size, under: nil)
    return controller.screen(size: size, under: nil).render(size: size).textLines()
}

@Test func feedItemsReaderLaysOutStoredHTMLWhenItShowsIt() {
    let controller = readerController(
        content: "<p>Read <a href=\"https://example.com/more\">more</a>.</p><ul><li>one</li></ul>", type: .html,
        links: ["https://example.com/more"])
    defer { controller.stop() }
    let lines = readerScreen(controller).map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(lines.contains("Read more[1]."))
    #expect(lines.contains("• one"))
    #expect(lines.contains("[1]: https://example.com/more"))
    #expect(!lines.contains { $0.contains("<p>") })
}

@Test func feedItemsReaderDrawsFeedTextThroughTheTerminalSanitiser() {
    // The parser keeps control characters as data; the reader drops a sequence whole and shows
    // a lone C1 character as a placeholder, never taking the words after it.
    let controller = readerController(
        content: "<p>Body\u{1B}]0;pwned\u{07} text\u{1B}[2J\u{1B}[H here</p><p>Rain\u{9D} stops play</p>",
        type: .html)
    defer { controller.stop() }
    let lines = readerScreen(controller)
    #expect(lines.contains { $0.contains("Body text here") })
    #expect(lines.contains { $0.contains("Rain\u{FFFD} stops play") })
    #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
}

@Test func escWhileAnErrorShowsOverTheItemsOnlyDismissesItAndThenGoesBack() {
    final class Routes { var taken: [Route] = [] }
    let routes = Routes()
    let service = MockFeedItemsService {
        $0.observeFeedHandler = { id, _ in .just(.success(Feed(id: id, url: "https://example.com/feed", title: "One")))
        }
        $0.observePageHandler = { _, offset, _, _ in
            let item = FeedItem(id: 1, feedID: 1, title: "No file")
            return .just(.success(FeedItemPage(items: [item], totalCount: 1, unreadCount: 1, offset: offset)))
        }
    }
    // Virtual time: the message stays until its time is up, which never comes here.
    let scheduler = TestScheduler()
    let viewModel = FeedItemsViewModel(service: service, feedID: 1, scheduler: scheduler)
    let controller = FeedItemsController(
        viewModel: viewModel, context: SceneContext(redraw: {}), onRoute: { routes.taken.append($0) })
    defer { controller.stop() }
    func press(_ key: Key) {
        _ = controller.handle(.key(key))
        scheduler.advance()
    }
    scheduler.advance()
    _ = controller.screen(size: size, under: nil)
    scheduler.advance()
    press(Key(.character("D")))
    #expect(controller.scene.state.errorMessage != nil)
    press(Key(.escape))
    #expect(controller.scene.state.errorMessage == nil)
    #expect(routes.taken.isEmpty)
    press(Key(.escape))
    #expect(routes.taken == [.back])
}
