package import Domain

/// How the services start: which world, which database, and what the data and the network
/// look like at launch. The composition root builds one (from a launch configuration and its
/// scenario) and hands it to ``ServicesBootstrap/start(_:)``.
package struct ServicesConfiguration: Sendable, Hashable {
    /// Where the database lives.
    package enum Database: Sendable, Hashable {
        /// The per-user default location.
        case standard
        /// The file at this path.
        case file(String)
        /// A private database in memory, gone when the process ends.
        case inMemory
    }

    /// What the stored data looks like at launch.
    package enum Content: Sendable, Hashable {
        /// As stored (a new database file gets the welcome list and the sample feed).
        case asStored
        /// No todos and no feeds.
        case empty
        /// This many todos, inserted in one transaction, and no feeds.
        case manyTodos(Int)
        /// As stored, plus a feed whose every refresh fails because it is not a feed.
        case brokenFeed
    }

    /// How the network behaves.
    package enum Network: Sendable, Hashable {
        /// The real network (or, in the fake environment, the fake one without delay).
        case normal
        /// Every request fails as if offline; stored items stay readable.
        case offline
        /// The fake network, answering after this many milliseconds.
        case slow(milliseconds: Int)
    }

    /// Which world.
    package var environment: AppEnvironment
    /// Where the database lives.
    package var database: Database
    /// The data at launch.
    package var content: Content
    /// How the network behaves.
    package var network: Network
    /// Whether a database file that exists but cannot be written (it, or its folder, is
    /// read-only) is opened for reading only instead of being refused: every write then fails.
    /// For a program that only reads (a listing, an export); `false` by default, so that a
    /// program that writes learns at once.
    package var readsOnlyWhenReadOnly: Bool
    /// The command that opens web addresses, from the settings file; `nil` for `$BROWSER` or
    /// the system's opener.
    package var browser: String?
    /// The folder downloads go to, from the settings file; `nil` for the user download directory.
    package var downloadFolder: String?

    /// Creates a configuration; by default the data as stored, the normal network, and a
    /// database that must be writable.
    package init(
        environment: AppEnvironment, database: Database, content: Content = .asStored, network: Network = .normal,
        readsOnlyWhenReadOnly: Bool = false
    ) {
        self.environment = environment
        self.database = database
        self.content = content
        self.network = network
        self.readsOnlyWhenReadOnly = readsOnlyWhenReadOnly
    }
}
