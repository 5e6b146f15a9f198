import BaseServices
import Domain
import Foundation
import SceneServices
import Streams
import TerminalUI

/// The `feeds` subcommands.
enum FeedCommands {
    static func perform(_ command: RivuletCommand) throws(CommandFailure) {
        let feeds: any FeedsBaseServiceType = FeedsBaseService.shared
        switch command {
        case .feedsList(let json):
            let all = try ScriptCommands.value(of: feeds.fetchFeeds())
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
                    if let error = feed.lastError {
                        line += "\terror: \(FeedURLRule.hidingPasswords(in: TextSanitizer.sanitize(error)))"
                    }
                    Output.line(line)
                }
            }
        case .feedsItems(let id, let json):
            try printItems(of: id, json: json, feeds: feeds)
        case .feedsRemove(let id):
            _ = try ScriptCommands.value(of: feeds.removeFeed(id: id))
        case .feedsSetRead(.items(let ids), let isRead):
            _ = try ScriptCommands.value(of: feeds.setRead(itemIDs: ids, isRead))
        case .feedsSetRead(.feed(let id), let isRead):
            _ = try ScriptCommands.value(of: feeds.setRead(feedID: id, isRead))
        case .feedsAdd(let source):
            // A feed that cannot be read is not subscribed to: the reason is all that remains.
            let summary = try outcome(of: feeds.subscribe(url: source), what: source)
            Output.line(String(summary.feedID))
        case .feedsRefresh(let id):
            let all = try ScriptCommands.value(of: feeds.fetchFeeds())
            let chosen = id.map { wanted in all.filter { $0.id == wanted } } ?? all
            if let id, chosen.isEmpty { throw CommandFailure("there is no feed \(id)") }
            let failures = refreshAll(chosen)
            if id != nil, let failure = failures.first { throw CommandFailure(failure) }
            // Each failure on a line of its own, then how many.
            for failure in failures { Output.error("rivulet: \(failure)") }
            if !failures.isEmpty {
                throw CommandFailure("\(failures.count) of \(chosen.count) feeds could not be refreshed")
            }
        case .feedsImport(let path):
            try importSubscriptions(from: path, feeds: feeds)
        case .feedsExport:
            Output.write(try ScriptCommands.value(of: feeds.exportSubscriptions()))
        default:
            break
        }
    }

    /// Imports an OPML file: each entry that failed on standard error, then the summary.
    private static func importSubscriptions(
        from path: String, feeds: any FeedsBaseServiceType
    ) throws(CommandFailure) {
        switch ScriptCommands.firstValue(of: feeds.importSubscriptions(fromFile: path)) {
        case .success(let report)?:
            for entry in report.failed {
                let name = [entry.title, entry.address].compactMap { $0 }.map { "\"\($0)\"" }.joined(separator: " ")
                let failure = "\(name.isEmpty ? "an outline" : name): \(entry.reason)"
                Output.error("rivulet: \(path): \(FeedURLRule.hidingPasswords(in: failure))")
            }
            Output.line(importSummary(report))
            if !report.failed.isEmpty {
                throw CommandFailure("\(report.failed.count) of the file's entries could not be imported")
            }
        case .failure(let error)?:
            throw CommandFailure(error.description)
        case nil:
            throw CommandFailure("the import ended without a result")
        }
    }

    /// `added 3, skipped 1, failed 0`.
    static func importSummary(_ report: FeedImportReport) -> String {
        "added \(report.added.count), skipped \(report.skipped.count), failed \(report.failed.count)"
    }

    /// Refreshes `chosen` as the app's feeds scene does (several at a time, each failure stored
    /// as the feed's last error), and returns why each that failed did, in the order of `chosen`.
    private static func refreshAll(_ chosen: [FeedObject]) -> [String] {
        let events = ScriptCommands.firstValue(of: FeedListService().refresh(feedIDs: chosen.map(\.id)).toArray())
        var failures: [Int64: String] = [:]
        for case .finished(let feedID, .failure(let error)) in events ?? [] { failures[feedID] = error.message }
        return chosen.compactMap { feed in failures[feed.id].map { named($0, what: feed.url) } }
    }

    /// Why a refresh or subscription failed, named by its address or path (`what`) unless the
    /// reason already names it.
    private static func named(_ message: String, what: String) -> String {
        let (message, what) = (FeedURLRule.hidingPasswords(in: message), FeedURLRule.hidingPasswords(in: what))
        return message.contains(what) ? message : "\(what): \(message)"
    }

    /// Waits for the end of a refresh or subscription (`what` names it) and sends its summary,
    /// or throws its failure.
    private static func outcome(
        of updates: Observable<FeedRefreshUpdate>, what: String
    ) throws(CommandFailure) -> FeedRefreshSummary {
        let finished = updates.compactMap { update -> Result<FeedRefreshSummary, FeedRefreshError>? in
            guard case .finished(let outcome) = update else { return nil }
            return outcome
        }
        switch ScriptCommands.firstValue(of: finished) {
        case .success(let summary)?:
            return summary
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
        of feedID: Int64, json: Bool, feeds: any FeedsBaseServiceType
    ) throws(CommandFailure) {
        let all = try ScriptCommands.value(of: feeds.fetchFeeds())
        guard all.contains(where: { $0.id == feedID }) else { throw CommandFailure("there is no feed \(feedID)") }
        var offset = 0
        var isFirst = true
        if json { Output.write("[") }
        while true {
            let page = try ScriptCommands.value(
                of: feeds.observeItems(
                    feedID: feedID, unreadOnly: false, offset: offset, limit: itemPageSize, on: ImmediateScheduler()))
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
    static let feedJSON = JSONShape<FeedObject>([
        ("id", { .int($0.id) }),
        ("title", { .string($0.title) }),
        ("url", { .string($0.url) }),
        ("itemCount", { .int(Int64($0.itemCount)) }),
        ("unreadCount", { .int(Int64($0.unreadCount)) }),
        ("lastError", { .optional($0.lastError) }),
    ])

    /// What `feeds items --json` prints for each item.
    static let itemJSON = JSONShape<FeedItemObject>([
        ("id", { .int($0.id) }),
        ("title", { .string($0.title) }),
        ("link", { .optional($0.link) }),
        ("published", { .optional($0.publishedAt.map(iso8601)) }),
        ("read", { .bool($0.isRead) }),
        ("summary", { .string($0.summary) }),
        ("content", { .string($0.content) }),
        ("links", { .array($0.links.map(JSONValue.string)) }),
    ])

    private static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

extension FeedCommands {
    /// Subscribes a new database to the sample feed built into the app, so the first run has
    /// something to read offline. The feed is written next to the database and subscribed
    /// there, as a file feed that refreshes like any other (a file of that name already there
    /// is kept). A failure leaves the feeds empty.
    static func addSampleFeed(besideDatabaseAt databasePath: String) {
        guard let parsed = try? SampleFeed.load() else { return }
        let path = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
            .appendingPathComponent(SampleFeed.fileName).path
        if !FileManager.default.fileExists(atPath: path) {
            try? SampleFeed.data().write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
        }
        guard FileManager.default.fileExists(atPath: path) else { return }
        let feeds: any FeedsBaseServiceType = FeedsBaseService.shared
        guard
            let feed = try? ScriptCommands.value(
                of: feeds.addFeed(url: path, title: parsed.title, siteURL: parsed.siteLink))
        else { return }
        let drafts = parsed.items.map { FeedItemDraft($0, feedURL: path) }
        _ = try? ScriptCommands.value(of: feeds.storeItems(drafts, feedID: feed.id, fetchedAt: Date()))
    }
}
