public import FeedParsing

/// The validators of a fetched feed, sent back on the next fetch so an unchanged feed is not
/// downloaded again (`If-None-Match`, `If-Modified-Since`), and where the next fetch goes when
/// the feed has moved for good.
public struct FeedValidators: Sendable, Hashable {
    /// The `ETag` the server sent.
    public var etag: String?
    /// The `Last-Modified` the server sent.
    public var lastModified: String?
    /// The address the feed answered from when every redirect to it was permanent (301 or
    /// 308): the address to store and fetch from then on. `nil` when there was no redirect or a
    /// temporary one.
    public var movedTo: String?

    /// Validators with the given values.
    public init(etag: String? = nil, lastModified: String? = nil, movedTo: String? = nil) {
        self.etag = etag
        self.lastModified = lastModified
        self.movedTo = movedTo
    }

    /// Whether there is nothing to validate with.
    public var isEmpty: Bool { etag == nil && lastModified == nil }
}

/// A step of a fetch in progress.
public enum FeedFetchProgress: Sendable, Hashable {
    /// Asking the server (or opening the file) at the location.
    case requesting(FeedLocation)
    /// The document arrived; parsing `bytes` bytes.
    case parsing(bytes: Int)
}

/// How a fetch ended.
public enum FeedFetchResult: Sendable, Equatable {
    /// The server says the feed has not changed since the validators were issued; `movedTo` as
    /// in ``FeedValidators/movedTo``, when it answered from an address it moved to for good.
    case notModified(movedTo: String? = nil)
    /// The feed was downloaded and parsed; keep the validators for the next fetch.
    case fetched(ParsedFeed, FeedValidators)
}

/// What a fetch emits: progress, then one result.
public enum FeedFetchEvent: Sendable, Equatable {
    /// A step in progress.
    case progress(FeedFetchProgress)
    /// The outcome; the last event before completion.
    case finished(FeedFetchResult)
}
