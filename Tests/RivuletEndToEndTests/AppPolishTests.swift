import Foundation
import TestMeasures
import Testing

// End-to-end: these tests run the built `rivulet` binary in a real terminal (a private tmux
// server per test) and read the screen. They need the wall clock: each step polls the screen
// every 20 ms up to a deadline, never a fixed sleep.

/// The app over a fresh database in a tmux pane.
private struct PolishedApp {
    let folder: TemporaryFolder
    let session: TmuxSession

    init() throws {
        folder = try TemporaryFolder()
        let db = folder.file("polish.sqlite")
        let command = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(db))"
        session = try TmuxSession.withDefaultSignals(command: command)
    }

    func expectScreen(_ text: String, timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (screen, matched) = try session.waitFor(text, timeout: timeout)
        #expect(matched, "'\(text)' not on screen:\n\(screen)", sourceLocation: sourceLocation)
    }

    func expectGone(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (screen, matched) = try session.waitFor { !$0.contains(text) }
        #expect(matched, "'\(text)' still on screen:\n\(screen)", sourceLocation: sourceLocation)
    }
}

@Suite(.enabled(if: tmuxIsInstalled()), .serialized, .terminalLane)
struct AppPolishTests {
    @Test func aKeyTypedWithTheKeyThatOpensAListActsInThatList() throws {
        let app = try PolishedApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        // One send-keys: both keys reach the app in one write, before the todos are on screen.
        try app.session.send("t", "a")
        try app.expectScreen("New todo:")
        try app.session.type("Milk")
        try app.session.send("Enter")
        try app.expectScreen("[ ] Milk")
    }

    @Test func keysTypedWithTheKeyThatOpensTheListMoveInTheListOnceItIsLoaded() throws {
        let app = try PolishedApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        // One write: `j j Space` arrive before the list's first rows; they wait for them.
        try app.session.send("t", "j", "j", "Space")
        try app.expectScreen("[x] Mark a todo done, then clear the done ones")
        try app.expectScreen("[ ] Add a todo of your own")
    }

    @Test func keysTypedWithTheKeyThatOpensTheEditorEditTheLoadedTodo() throws {
        let app = try PolishedApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        // One write: the letters arrive before the todo is loaded; they go to its title.
        try app.session.send("Enter", "x", "y", "z")
        try app.expectScreen("Welcome to Rivuletxyz")
    }

    @Test func controlCOverAnEditedTodoAsksBeforeTheTextIsLost() throws {
        let app = try PolishedApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("Enter")
        try app.expectScreen("Edit todo")
        try app.session.type(" today")
        try app.expectScreen("Welcome to Rivulet today")
        try app.session.send("C-c")
        try app.expectScreen("Quit? What you typed is not saved.")
        // n goes back to the editor with the text as typed.
        try app.session.send("n")
        try app.expectGone("Quit?")
        try app.expectScreen("Welcome to Rivulet today")
        try app.session.send("C-c")
        try app.expectScreen("Quit? What you typed is not saved.")
        try app.session.send("y")
        try app.expectScreen("__EXIT=0")
    }

    @Test func controlCTypedInTheSameBurstAsTheTextStillAsks() throws {
        let app = try PolishedApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("a")
        try app.expectScreen("New todo:")
        // One write: the letters, then Ctrl-C, then n, which answers the question.
        try app.session.send("h", "i", "C-c", "n")
        try app.expectScreen("New todo: hi")
        try app.expectGone("Quit?")
        #expect(!(try app.session.screen().contains("__EXIT")))
    }

    @Test func helpOpenedAndClosedInOneBurstLeavesTheSceneAsItWas() throws {
        let app = try PolishedApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("?", "q")
        // The next key shows where the burst left the app: in the todo list, the help closed.
        try app.session.send("a")
        try app.expectScreen("New todo:")
        try app.expectGone("Keys · ")
        try app.expectScreen("Rivulet · Todos")
    }

    @Test func aFeedAddedInTheAppIsSubscribedOnlyOnceItIsDownloaded() throws {
        let feed = """
            <?xml version="1.0"?><rss version="2.0"><channel><title>Harbour news</title>
            <link>https://example.com</link><item><title>One</title><guid>one</guid></item></channel></rss>
            """
        let server = try LocalHTTPServer { _ in LocalHTTPServer.Reply(prefix: Data(feed.utf8)) }
        defer { server.stop() }
        let app = try PolishedApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("f")
        try app.expectScreen("Rivulet · Feeds")
        try app.session.send("a")
        try app.expectScreen("Feed URL or file:")
        try app.session.type(server.url("/feed.xml"))
        try app.session.send("Enter")
        // It arrives with its own title and its items, not as an address to refresh later.
        try app.expectScreen("Harbour news", timeout: 10)
        try app.expectScreen("1 of 1 unread")
        // Nothing listens on port 9 here: the address is refused, and no row is added for it.
        try app.session.send("a")
        try app.expectScreen("Feed URL or file:")
        try app.session.type("http://127.0.0.1:9/feed.xml")
        try app.session.send("Enter")
        try app.expectScreen("refused the connection", timeout: 10)
        let screen = try app.session.screen()
        #expect(!screen.contains("never refreshed") && !screen.contains("no items"), "\(screen)")
    }

    @Test func aLongLineTypedIntoTheAddLineShowsItsEnd() throws {
        let app = try PolishedApp()
        defer { app.session.close() }
        try app.expectScreen("Rivulet · Home")
        try app.session.send("t")
        try app.expectScreen("Welcome to Rivulet")
        try app.session.send("a")
        try app.expectScreen("New todo:")
        // Typed, not pasted, so every key goes through the line editor and the drawing.
        try app.session.type(String(repeating: "x", count: 2_000) + "END")
        try app.expectScreen("xxxxEND", timeout: 30)
    }
}
