import Domain
import FeedParsing
import Foundation
public import SQLiteProvider
public import Streams

extension FeedsBaseService {
    /// The largest subscription list read, in bytes.
    public static let maximumSubscriptionListSize = OPMLDocument.maximumDocumentSize

    /// Subscribes to every feed an OPML file lists, without fetching any (`refresh` does that):
    /// importing hundreds of feeds takes a moment, not one download each.
    ///
    /// Addresses are compared in their normalised form (``FeedLocation/normalized``), against
    /// the feeds already subscribed and against the entries before them in the file; a match is
    /// skipped. An entry without an address, or with one that is not a web address or an
    /// absolute file path, fails and is reported; the others are still added, all in one
    /// transaction. A file that cannot be read or is not OPML adds nothing.
    public func importSubscriptions(fromFile path: String) -> Observable<Result<FeedImportReport, FeedImportError>> {
        Observable.create { [self] observer in
            observer.onNext(Result { () throws(FeedImportError) in try importSubscriptions(path) })
            observer.onCompleted()
            return Disposables.empty
        }
    }

    /// Every subscription as an OPML 2.0 document (title, feed address and site address of each,
    /// files as `file://` URLs), by title; the same subscriptions always give the same text.
    public func exportSubscriptions() -> Observable<Result<String, DatabaseError>> {
        fetchFeeds().map { result in
            result.map { feeds in
                // A feed with several tags is written once in the folder of each (as readers
                // with categories export); reading the list back gives it every tag again.
                let listed = feeds.flatMap { feed in
                    let folders = feed.tags.isEmpty ? [[]] : feed.tags.map(FeedTag.folders(of:))
                    return folders.map { folders in
                        OPMLFeed(
                            title: feed.title,
                            feedURL: (try? FeedLocation.parse(feed.url).urlString) ?? feed.url,
                            siteURL: feed.siteURL, categories: folders)
                    }
                }
                return OPMLDocument(title: "Rivulet subscriptions", feeds: listed).xml()
            }
        }
    }

    private func importSubscriptions(_ path: String) throws(FeedImportError) -> FeedImportReport {
        let data: Data
        do {
            data = try _LocalFeedFile.read(path, limit: Self.maximumSubscriptionListSize)
        } catch {
            throw .file(error)
        }
        let list: OPMLDocument
        do {
            list = try OPMLDocument.parse(data)
        } catch {
            throw .notOPML(path: path, error)
        }
        var failed = list.rejectedOutlines.map {
            FeedImportReport.Entry(title: $0.title, address: nil, reason: $0.reason)
        }
        var candidates: [(feed: OPMLFeed, location: String)] = []
        for feed in list.feeds {
            do {
                let location = try Self.importedLocation(feed.feedURL)
                candidates.append((feed, location))
            } catch {
                failed.append(
                    FeedImportReport.Entry(title: feed.title, address: feed.feedURL, reason: error.description))
            }
        }
        let addedAt = context.now().storedMilliseconds
        do {
            return try context.database.write { (db) throws(DatabaseError) in
                var known = Set(
                    try db.fetchAll("SELECT url FROM feeds", [], decode: { $0.string(at: 0) }).map(Self.comparable))
                var added: [Int64] = []
                var importedIDs: [String: Int64] = [:]
                var skipped: [FeedImportReport.Entry] = []
                for (feed, location) in candidates {
                    // A folder is a tag; a feed listed in several folders gets each of them.
                    let tag = FeedTag.ofFolders(feed.categories)
                    if let id = importedIDs[location], let tag {
                        try Self.addImportedTag(tag, toFeed: id, in: db)
                        continue
                    }
                    guard known.insert(location).inserted else {
                        skipped.append(
                            FeedImportReport.Entry(
                                title: feed.title, address: feed.feedURL, reason: "already subscribed or listed twice"))
                        continue
                    }
                    try db.execute(
                        "INSERT INTO feeds(url, title, site_url, added_at, tags) VALUES (?, ?, ?, ?, ?)",
                        [
                            .text(location), .text(feed.title ?? location), .text(feed.siteURL), .integer(addedAt),
                            .text(FeedRules.storedTags(tag.map { [$0] } ?? [])),
                        ])
                    added.append(db.lastInsertedRowID)
                    importedIDs[location] = db.lastInsertedRowID
                }
                var feeds: [FeedObject] = []
                for id in added { feeds.append(try Self.feed(id: id, in: db)) }
                return FeedImportReport(added: feeds, skipped: skipped, failed: failed)
            }
        } catch {
            throw .database(error)
        }
    }

    /// Adds `tag` to the tags of the feed `id`, just imported.
    private static func addImportedTag(_ tag: String, toFeed id: Int64, in db: Connection) throws(DatabaseError) {
        let tags = FeedTagChange(added: [tag]).applied(to: try feed(id: id, in: db).tags)
        try db.execute("UPDATE feeds SET tags = ? WHERE id = ?", [.text(FeedRules.storedTags(tags)), .integer(id)])
    }

    /// The normalised location a listed address is stored as; relative paths are refused, since
    /// a list read elsewhere gives them no meaning.
    static func importedLocation(_ address: String) throws(FeedError) -> String {
        try FeedLocation.parse(address, relativePaths: .none).normalized.description
    }

    /// `text` as ``addFeed(url:title:siteURL:)`` stores it: a file as its absolute, standardized
    /// path; a web address trimmed but otherwise as typed, byte for byte.
    static func storedLocation(_ text: String) throws(DatabaseError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw DatabaseError(kind: .invalidValue, message: "a feed needs an address") }
        do {
            switch try FeedLocation.parse(trimmed) {
            case .file(let path): return path
            case .remote: return trimmed
            }
        } catch {
            throw DatabaseError(kind: .invalidValue, message: error.description)
        }
    }

    /// A stored address in the form imports compare: normalised when it reads as a location.
    static func comparable(_ stored: String) -> String {
        (try? FeedLocation.parse(stored).normalized.description) ?? stored
    }
}
