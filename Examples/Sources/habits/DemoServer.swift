import Foundation
import Habits
import Requests
import RequestsTesting
import Streams

/// A habits server in memory, for `--demo-server`: RequestsTesting's `StubTransport` answers
/// the app's two requests after a short delay on a real scheduler, so the app can be tried
/// without a network, the way a fake environment of your own would be.
enum DemoServer {
    /// The base URL the app is given; nothing is ever sent to it.
    static let baseURL = URL(string: "https://habits.example")

    /// A session whose requests the demo answers.
    static func makeSession() -> NetworkSession {
        let stubs = StubTransport(
            scheduler: DispatchQueueScheduler(label: "habits.demo-server"), delay: .milliseconds(600))
        stubs.stub(
            path: "/quotes/today", with: .json(QuoteObject(text: "Small steps, every day.", author: "A. Walker")))
        stubs.stub(
            path: "/ideas",
            with: .dynamic { request in
                let keyword =
                    URLComponents(url: request.url, resolvingAgainstBaseURL: false)?
                    .queryItems?.first { $0.name == "q" }?.value?.lowercased() ?? ""
                if keyword == "fail" { return .status(503) }
                return .json(ideas.filter { $0.name.lowercased().contains(keyword) || $0.category == keyword })
            })
        return NetworkSession(transport: stubs)
    }

    private static let ideas = [
        IdeaObject(name: "Read 20 pages", category: "mind"), IdeaObject(name: "Read the news, once", category: "mind"),
        IdeaObject(name: "Walk 30 minutes", category: "health"),
        IdeaObject(name: "Stretch after waking", category: "health"),
        IdeaObject(name: "Sleep before 23:00", category: "health"),
        IdeaObject(name: "Water the plants", category: "home"),
        IdeaObject(name: "Call a friend", category: "people"), IdeaObject(name: "Write three lines", category: "mind"),
    ]
}
