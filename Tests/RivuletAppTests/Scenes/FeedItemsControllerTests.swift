import SceneServices
import SceneServicesMocks
import Streams
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
        let service = MockFeedItemsService(
            observeFeed: { id, _ in .just(.success(Feed(id: id, url: "https://example.com/feed", title: "Long"))) },
            observePage: { [self] _, offset, limit, _ in
                windows.withLock { $0.append("\(offset)+\(limit)") }
                let items = (offset..<min(offset + limit, Self.length)).map { position in
                    FeedItem(id: Int64(Self.length - position), feedID: 1, title: "Item \(position)")
                }
                return .just(
                    .success(FeedItemPage(items: items, totalCount: Self.length, unreadCount: 7, offset: offset)))
            })
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
