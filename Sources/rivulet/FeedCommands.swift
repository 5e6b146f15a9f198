import BaseServices
import Foundation
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
                Output.line(JSONValue.array(all.map(jsonValue(of:))).text)
            } else {
                for feed in all {
                    Output.line(
                        "\(feed.id)\t\(TextSanitizer.sanitize(feed.title))\t\(feed.unreadCount)/\(feed.itemCount) unread"
                            + "\t\(TextSanitizer.sanitize(feed.url))")
                }
            }
        case .feedsItems(let id, let json):
            let items = try items(of: id, feeds: feeds)
            if json {
                Output.line(JSONValue.array(items.map(jsonValue(of:))).text)
            } else {
                for item in items {
                    Output.line("\(item.id)\t\(item.isRead ? " " : "*") \(TextSanitizer.sanitize(item.title))")
                }
            }
        case .feedsRemove(let id):
            _ = try ScriptCommands.value(of: feeds.removeFeed(id: id))
        default:
            throw CommandFailure("fetching feeds is not available in this build")
        }
    }

    private static func items(
        of feedID: Int64, feeds: any FeedsBaseServiceType
    ) throws(CommandFailure)
        -> [FeedItemObject]
    {
        let all = try ScriptCommands.value(of: feeds.fetchFeeds())
        guard all.contains(where: { $0.id == feedID }) else { throw CommandFailure("there is no feed \(feedID)") }
        return try ScriptCommands.value(
            of: feeds.observeItems(
                feedID: feedID, unreadOnly: false, offset: 0, limit: 100_000, on: ImmediateScheduler()))
    }

    private static func jsonValue(of feed: FeedObject) -> JSONValue {
        .object([
            ("id", .int(feed.id)),
            ("title", .string(feed.title)),
            ("url", .string(feed.url)),
            ("itemCount", .int(Int64(feed.itemCount))),
            ("unreadCount", .int(Int64(feed.unreadCount))),
            ("lastError", .null),
        ])
    }

    private static func jsonValue(of item: FeedItemObject) -> JSONValue {
        .object([
            ("id", .int(item.id)),
            ("title", .string(item.title)),
            ("link", .optional(item.link)),
            ("published", .optional(item.publishedAt.map(iso8601))),
            ("read", .bool(item.isRead)),
        ])
    }

    private static func iso8601(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
