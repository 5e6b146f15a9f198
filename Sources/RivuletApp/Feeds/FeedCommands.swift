import Domain
import Foundation
import SceneServices
import Streams
import TerminalUI
import ViewModels

/// The `feeds` subcommands: adding and refreshing through the feeds scene's service, which
/// fetches as the app does; the rest through the command line's service.
enum FeedCommands {
    static func perform(_ command: RivuletCommand, services: Services) throws(CommandFailure) {
        let feeds = services.makeCommandLineService()
        switch command {
        case .feedsList(let json), .feedsListTagged(_, let json):
            var all = try ScriptCommands.value(of: feeds.fetchFeeds())
            if case .feedsListTagged(let tag, _) = command {
                all = all.filter { $0.tags.contains { FeedTag.tag($0, isWithin: tag) } }
            }
            if json {
                Output.line(JSONValue.array(all.map(feedJSON.value(of:))).text)
            } else {
                // The table is for people: a password in an address is hidden (`--json` and
                // `feeds export` keep it, as they are for programs and backups).
                for feed in all {
                    let title = FeedURLRule.hidingPasswords(in: TextSanitizer.sanitize(feed.title))
                    let url = FeedURLRule.hidingPasswords(in: TextSanitizer.sanitize(feed.url))
                    var line = "\(feed.id)\t\(title)\t\(feed.unreadCount)/\(feed.itemCount) unread\t\(url)"
                    // The whole reason, on the feed's own line: the app's row has room for its start only.
                    if let error = feed.lastRefresh.failure {
                        line += "\terror: \(FeedURLRule.hidingPasswords(in: TextSanitizer.sanitize(error)))"
                    }
                    if !feed.tags.isEmpty {
                        line += "\ttags: \(TextSanitizer.sanitize(feed.tags.joined(separator: ",")))"
                    }
                    Output.line(line)
                }
            }
        case .feedsItems(let id, let json):
            try printItems(of: id, json: json, feeds: feeds)
        case .feedsRemove(let id):
            let feed = try ScriptCommands.value(of: feeds.removeFeed(id: id))
            Output.line("removed \(feed.id) \"\(TextSanitizer.sanitize(feed.title))\"")
        case .feedsSetRead(.items(let ids), let isRead):
            let changed = try ScriptCommands.value(of: feeds.setRead(itemIDs: ids, isRead))
            Output.line(markedLine(changed, isRead: isRead))
        case .feedsSetRead(.feed(let id), let isRead):
            let changed = try ScriptCommands.value(of: feeds.setRead(feedID: id, isRead))
            Output.line(markedLine(changed, isRead: isRead, feed: id))
        case .feedsAdd(let source):
            // A feed that cannot be read is not subscribed to: the reason is all that remains.
            let feed = try added(services.makeFeedListService().addFeed(url: source), what: source)
            Output.line(String(feed.id))
            // The ID alone goes to standard output, for scripts; a feed cut to the newest items
            // says so on standard error.
            if feed.omittedItemCount > 0 {
                Output.error("rivulet: kept \(CountText.kept(feed.itemCount, omitted: feed.omittedItemCount))")
            }
        case .feedsRefresh(let id):
            let all = try ScriptCommands.value(of: feeds.fetchFeeds())
            let chosen = id.map { wanted in all.filter { $0.id == wanted } } ?? all
            if let id, chosen.isEmpty { throw CommandFailure("there is no feed \(id)") }
            let (failures, refreshed) = refreshAll(chosen, service: services.makeFeedListService())
            for line in refreshed { Output.line(line) }
            if id != nil, let failure = failures.first { throw CommandFailure(failure) }
            // Each failure on a line of its own, then how many.
            for failure in failures { Output.error("rivulet: \(failure)") }
            if !failures.isEmpty {
                throw CommandFailure("\(failures.count) of \(chosen.count) feeds could not be refreshed")
            }
        case .feedsImport(let path):
            try importSubscriptions(from: path, feeds: feeds)
        case .feedsExport:
            Output.write(try ScriptCommands.value(of: feeds.exportFeeds()))
        case .feedsDownload(let itemID, let number, let folder):
            try download(itemID: itemID, number: number, folder: folder, feeds: feeds)
        case .feedsTag, .feedsRuleAdd, .feedsQueryRemove, .feedsFilterRemove, .feedsRuleList, .feedsQueryShow:
            try FeedRuleCommands.perform(command, feeds: feeds)
        default:
            break
        }
    }

    /// Imports an OPML file: each entry that failed on standard error, then the summary.
    private static func importSubscriptions(
        from path: String, feeds: any CommandLineServiceType
    ) throws(CommandFailure) {
        switch ScriptCommands.firstValue(of: feeds.importFeeds(fromFile: path)) {
        case .success(let summary)?:
            for failure in summary.failures { Output.error("rivulet: \(path): \(failure)") }
            Output.line(importSummary(summary))
            if !summary.failures.isEmpty {
                throw CommandFailure("\(summary.failures.count) of the file's entries could not be imported")
            }
        case .failure(let error)?:
            throw CommandFailure(error.message)
        case nil:
            throw CommandFailure("the import ended without a result")
        }
    }

    /// `added 3, skipped 1, failed 0`.
    static func importSummary(_ summary: FeedImportSummary) -> String {
        "added \(summary.addedFeedIDs.count), skipped \(summary.skippedCount), failed \(summary.failures.count)"
    }

    /// `marked 3 items read`, `marked 2 items of feed 4 unread`: how many changed.
    private static func markedLine(_ count: Int, isRead: Bool, feed: Int64? = nil) -> String {
        let items = CountText.counted(count, "item", "items") + (feed.map { " of feed \($0)" } ?? "")
        return "marked \(items) \(isRead ? "read" : "unread")"
    }

    /// Refreshes `chosen` as the app's feeds scene does (several at a time, each failure stored
    /// as the feed's last error), and returns why each that failed did and a line for each that
    /// did not (`refreshed 3 "Title": 2 new items`), in the order of `chosen`. A feed that listed
    /// more items than a feed keeps says so on standard error, as the app does.
    private static func refreshAll(
        _ chosen: [Feed], service: any FeedListServiceType
    ) -> (failures: [String], refreshed: [String]) {
        let events = ScriptCommands.firstValue(of: service.refresh(feedIDs: chosen.map(\.id)).toArray())
        var outcomes: [Int64: Result<FeedRefreshCount, SceneError>] = [:]
        for case .finished(let feedID, let result) in events ?? [] { outcomes[feedID] = result }
        var failures: [String] = []
        var refreshed: [String] = []
        for feed in chosen {
            switch outcomes[feed.id] {
            case .failure(let error)?: failures.append(named(error.message, what: feed.url))
            case .success(let count)?:
                let new =
                    count.newItemCount == 0
                    ? "no new items" : CountText.counted(count.newItemCount, "new item", "new items")
                let removal = count.removal.map { "; " + $0 } ?? ""
                refreshed.append("refreshed \(feed.id) \"\(TextSanitizer.sanitize(feed.title))\": \(new)\(removal)")
                if count.omittedItemCount > 0 {
                    let kept = "kept " + CountText.kept(count.keptItemCount, omitted: count.omittedItemCount)
                    Output.error("rivulet: " + named(kept, what: feed.url))
                }
            case nil: break
            }
        }
        return (failures, refreshed)
    }

    /// Why a refresh or subscription failed, named by its address or path (`what`) unless the
    /// reason already names it.
    static func named(_ message: String, what: String) -> String {
        let (message, what) = (FeedURLRule.hidingPasswords(in: message), FeedURLRule.hidingPasswords(in: what))
        return message.contains(what) ? message : "\(what): \(message)"
    }

    /// Waits for the end of a subscription (`what` names its address or path) and sends the new
    /// feed, or throws its failure.
    private static func added(
        _ subscription: Observable<Result<Feed, SceneError>>, what: String
    ) throws(CommandFailure) -> Feed {
        switch ScriptCommands.firstValue(of: subscription) {
        case .success(let feed)?:
            return feed
        case .failure(let error)?:
            throw CommandFailure(named(error.message, what: what))
        case nil:
            throw CommandFailure("\(what): the download ended without a result")
        }
    }

    /// How many items `feeds items` reads and prints at a time.
    static let itemPageSize = 2_000

    /// Prints every item of a feed, newest first, a page at a time: a feed of any size is
    /// printed whole (the JSON as one array) while only one page is held in memory.
    private static func printItems(
        of feedID: Int64, json: Bool, feeds: any CommandLineServiceType
    ) throws(CommandFailure) {
        let all = try ScriptCommands.value(of: feeds.fetchFeeds())
        guard all.contains(where: { $0.id == feedID }) else { throw CommandFailure("there is no feed \(feedID)") }
        var offset = 0
        var isFirst = true
        if json { Output.write("[") }
        while true {
            let page = try ScriptCommands.value(
                of: feeds.fetchItems(feedID: feedID, offset: offset, limit: itemPageSize))
            var text = ""
            for item in page {
                if json {
                    if !isFirst { text += "," }
                    text += itemJSON.value(of: item).text
                } else {
                    text += "\(item.id)\t\(item.isRead ? " " : "*") \(TextSanitizer.sanitize(item.title))"
                    // The day it was published, as the reader shows it; after the title, so the
                    // columns before it stay where scripts read them.
                    if let published = item.publishedAt { text += "\t\(DueDate.format(published))" }
                    text += "\n"
                }
                isFirst = false
            }
            Output.write(text)
            guard page.count == itemPageSize else { break }
            offset += page.count
        }
        if json { Output.line("]") }
    }

    /// What `feeds list --json` prints for each feed.
    static let feedJSON = JSONShape<Feed>([
        ("id", { .int($0.id) }),
        ("title", { .string($0.title) }),
        ("url", { .string($0.url) }),
        ("itemCount", { .int(Int64($0.itemCount)) }),
        ("unreadCount", { .int(Int64($0.unreadCount)) }),
        ("lastError", { .optional($0.lastRefresh.failure) }),
        ("tags", { .array($0.tags.map(JSONValue.string)) }),
        // When the last refresh succeeded, kept through failures since (`null`: never).
        ("refreshedAt", { .optional($0.refreshedAt.map(ScriptCommands.moment)) }),
    ])

    /// What `feeds items --json` prints for each item.
    static let itemJSON = JSONShape<FeedItem>([
        ("id", { .int($0.id) }),
        ("title", { .string($0.title) }),
        ("link", { .optional($0.link) }),
        ("published", { .optional($0.publishedAt.map(iso8601)) }),
        ("read", { .bool($0.isRead) }),
        ("summary", { .string($0.text) }),
        ("content", { .string($0.content) }),
        ("contentType", { .string($0.contentType.rawValue) }),
        ("links", { .array($0.links.map(JSONValue.string)) }),
        ("enclosures", { .array($0.enclosures.map(enclosureJSON.value(of:))) }),
    ])

    /// The most items `feeds query show` lists: the newest that match.
    static let queryItemLimit = 500

    /// What `feeds query show --json` prints for each item: what `feeds items --json` prints,
    /// then its feed's ID and title.
    static let queryItemJSON = JSONShape<FeedSearchResult>(
        itemJSON.fields.map { field in
            let value = field.value
            return (name: field.name, value: { @Sendable (result: FeedSearchResult) in value(result.item) })
        } + [
            (name: "feedID", value: { @Sendable (result: FeedSearchResult) in .int(result.item.feedID) }),
            (name: "feedTitle", value: { @Sendable (result: FeedSearchResult) in .string(result.feedTitle) }),
        ])

    /// What `feeds query list --json` and `feeds filter list --json` print for each rule.
    static let ruleJSON = JSONShape<FeedRule>([
        ("id", { .int($0.id) }),
        ("name", { .optional($0.name) }),
        ("expression", { .string($0.expression) }),
    ])

    /// What `feeds items --json` prints for each of an item's enclosures.
    static let enclosureJSON = JSONShape<FeedEnclosure>([
        ("url", { .string($0.url) }),
        ("type", { .optional($0.type) }),
        ("length", { $0.length.map(JSONValue.int) ?? .null }),
        ("medium", { .optional($0.medium) }),
        ("kind", { .string($0.kind.rawValue) }),
    ])

    private static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
