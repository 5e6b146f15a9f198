public import FeedParsing
public import Foundation

/// The small feed about Rivulet that ships with the app, so a new database has a feed to show
/// offline.
///
/// Its document is built into the program, not read from a resource bundle beside it: a
/// binary copied on its own still has the sample feed.
public enum SampleFeed {
    /// The name a copy of the feed is written under, beside the database.
    public static let fileName = "sample-feed.xml"

    /// The feed's bytes.
    public static func data() -> Data {
        Data(document.utf8)
    }

    /// The feed, parsed.
    ///
    /// - Throws: ``FeedError/parsing(_:)`` when the built-in document cannot be parsed.
    public static func load() throws(FeedError) -> ParsedFeed {
        do {
            return try FeedDocument.parse(data())
        } catch {
            throw .parsing(error)
        }
    }
}
