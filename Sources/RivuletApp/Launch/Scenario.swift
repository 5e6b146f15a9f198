package import SceneServices
import TerminalUI

/// A pre-configured state to launch in (`rivulet --scenario NAME`). Every scenario runs in the
/// fake environment, on a private in-memory database, so it never touches real data.
package enum Scenario: String, Sendable, Hashable, CaseIterable {
    /// No todos, no feeds.
    case empty
    /// 100,000 todos.
    case many
    /// The network fails; feed items already stored stay readable.
    case offline
    /// The fake network answers after a delay.
    case slowNetwork = "slow-network"
    /// A feed whose refresh fails with a parse error.
    case brokenFeed = "broken-feed"

    /// How many todos ``many`` starts with.
    package static let manyTodoCount = 100_000

    /// How long the slow network takes to answer, in milliseconds.
    package static let slowNetworkDelay = 1500

    /// The scenario named `name` (as on the command line), or `nil` when there is none.
    package init?(named name: String) {
        self.init(rawValue: name)
    }

    /// The services configuration this scenario launches with.
    package var servicesConfiguration: ServicesConfiguration {
        switch self {
        case .empty:
            ServicesConfiguration(environment: .fake, database: .inMemory, content: .empty)
        case .many:
            ServicesConfiguration(environment: .fake, database: .inMemory, content: .manyTodos(Self.manyTodoCount))
        case .offline:
            ServicesConfiguration(environment: .fake, database: .inMemory, network: .offline)
        case .slowNetwork:
            ServicesConfiguration(
                environment: .fake, database: .inMemory, network: .slow(milliseconds: Self.slowNetworkDelay))
        case .brokenFeed:
            ServicesConfiguration(environment: .fake, database: .inMemory, content: .brokenFeed)
        }
    }
}
