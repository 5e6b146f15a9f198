public import SQLiteProvider

/// A step of a feed refresh in progress.
public enum FeedRefreshStep: Sendable, Equatable {
    /// Downloading or reading the feed; the fetch's own step.
    case fetching(FeedFetchProgress)
    /// Storing the `itemCount` items the feed holds.
    case storing(itemCount: Int)
}

/// What a successful refresh did.
public struct FeedRefreshSummary: Sendable, Equatable {
    /// The refreshed feed.
    public let feedID: Int64
    /// Whether the server said the feed had not changed (nothing was downloaded or stored).
    public let isNotModified: Bool
    /// How many items were new.
    public let newItemCount: Int
    /// How many items the downloaded feed held.
    public let receivedItemCount: Int
    /// How many older items the feed listed beyond ``FeedsBaseService/maximumItemsPerFeed``,
    /// left out when it was read: the feed listed `receivedItemCount + omittedItemCount`.
    public let omittedItemCount: Int
    /// How many of the oldest stored items were removed so that the feed keeps no more than
    /// ``FeedsBaseService/maximumItemsPerFeed``.
    public let removedItemCount: Int

    /// A summary with the given counts.
    public init(
        feedID: Int64, isNotModified: Bool, newItemCount: Int, receivedItemCount: Int, omittedItemCount: Int = 0,
        removedItemCount: Int = 0
    ) {
        self.feedID = feedID
        self.isNotModified = isNotModified
        self.newItemCount = newItemCount
        self.receivedItemCount = receivedItemCount
        self.omittedItemCount = omittedItemCount
        self.removedItemCount = removedItemCount
    }
}

/// Why a refresh failed. Stored items are left as they were.
public enum FeedRefreshError: Error, Sendable, CustomStringConvertible {
    /// The feed could not be downloaded, read or parsed.
    case fetch(FeedError)
    /// The database refused to read or store (for example, the feed was removed meanwhile).
    case database(DatabaseError)
    /// A fetch given by the caller failed with an error of its own (the offline network of a
    /// scenario, for one), passed on as it was.
    case source(any Error)

    /// The reason as the feed keeps it (``FeedObject/lastError``) and the feed list shows it: a
    /// database failure without the statement and code that ``description`` adds.
    public var message: String {
        if case .database(let error) = self { return error.message }
        return description
    }

    /// A one-line message for people.
    public var description: String {
        switch self {
        case .fetch(let error): error.description
        case .database(let error): error.description
        case .source(let error): String(describing: error)
        }
    }
}

/// What the refresh of one feed sends: progress steps, then one result. (The feed list's
/// refresh of several feeds, in the scene services, sends `FeedRefreshEvent`s.)
public enum FeedRefreshUpdate: Sendable {
    /// A step in progress.
    case progress(FeedRefreshStep)
    /// The outcome; the last event before completion.
    case finished(Result<FeedRefreshSummary, FeedRefreshError>)
}
