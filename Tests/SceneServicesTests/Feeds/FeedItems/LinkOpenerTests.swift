import Foundation
import Testing

@testable import SceneServices

@Test func linkOpenerUsesBrowserWithItsArgumentsAndTheFirstOfAList() {
    #expect(LinkOpener.command(environment: ["BROWSER": "firefox --new-tab:lynx"]) == ["firefox", "--new-tab"])
    #expect(LinkOpener.command(environment: ["BROWSER": "/opt/b -x %s"]) == ["/opt/b", "-x", "%s"])
}

@Test func linkOpenerFallsBackToThePlatformsOpener() {
    #if os(macOS)
        let expected = ["open"]
    #else
        let expected = ["xdg-open"]
    #endif
    #expect(LinkOpener.command(environment: [:]) == expected)
    #expect(LinkOpener.command(environment: ["BROWSER": "  "]) == expected)
}

@Test func linkOpenerFindsAProgramOnThePathOrByItsPath() {
    #expect(LinkOpener.locate("sh", path: "/nonexistent:/bin:/usr/bin") != nil)
    #expect(LinkOpener.locate("/bin/sh", path: "") == URL(fileURLWithPath: "/bin/sh"))
    #expect(LinkOpener.locate("no-such-program-here", path: "/bin:/usr/bin") == nil)
    #expect(LinkOpener.locate("/nonexistent/browser", path: "/bin") == nil)
}

@Test func linkOpenerRefusesWhatIsNotAWebAddressWithoutStartingAnything() {
    let opener = LinkOpener.system(environment: ["BROWSER": "/nonexistent/browser"])
    for url in ["file:///etc/passwd", "javascript:alert(1)", "relative/path", ""] {
        guard case .failure(let error) = opener.open(url) else {
            Issue.record("\(url) was opened")
            continue
        }
        #expect(error.message.contains("not a web address"))
    }
}

@Test func linkOpenerSaysWhenTheBrowserIsMissing() {
    let opener = LinkOpener.system(environment: ["BROWSER": "no-such-browser-here", "PATH": "/nonexistent"])
    guard case .failure(let error) = opener.open("https://example.com") else {
        Issue.record("a missing browser opened the link")
        return
    }
    #expect(
        error.message == "Could not open the link: no-such-browser-here was not found; set BROWSER to your browser.")
}

@Test func feedItemsServiceOpensLinksWithItsOpener() throws {
    let fixture = try ServicesFixture()
    let opened = LockedList()
    let service = FeedItemsService(
        feeds: fixture.feeds, history: fixture.history,
        opener: LinkOpener { url in
            opened.append(url)
            return .success(())
        })
    let result = try first(service.openLink("https://example.com/a"))
    #expect((try? result.get()) != nil)
    #expect(opened.values == ["https://example.com/a"])
}

/// Strings appended from any thread.
private final class LockedList: @unchecked Sendable {
    // Sendable because every access holds `lock`.
    private let lock = NSLock()
    private var items: [String] = []

    func append(_ item: String) { lock.withLock { items.append(item) } }
    var values: [String] { lock.withLock { items } }
}
