import Domain
import SceneServices
import TerminalUI

/// The `feeds tag`, `feeds query` and `feeds filter` subcommands.
enum FeedRuleCommands {
    static func perform(_ command: RivuletCommand, feeds: any CommandLineServiceType) throws(CommandFailure) {
        switch command {
        case .feedsTag(let id, let change):
            let feed: Feed
            if change.isEmpty {
                guard let found = try ScriptCommands.value(of: feeds.fetchFeeds()).first(where: { $0.id == id }) else {
                    throw CommandFailure("there is no feed \(id)")
                }
                feed = found
            } else {
                feed = try ScriptCommands.value(of: feeds.setTags(feedID: id, change))
            }
            for tag in feed.tags { Output.line(TextSanitizer.sanitize(tag)) }
        case .feedsRuleAdd(let name, let expression):
            let rule = try ScriptCommands.value(of: feeds.addRule(name: name, expression: expression))
            Output.line(rule.name.map { TextSanitizer.sanitize($0) } ?? String(rule.id))
        case .feedsQueryRemove(let name):
            let query = try query(named: name, feeds: feeds)
            _ = try ScriptCommands.value(of: feeds.removeRule(id: query.id))
            Output.line("removed query feed '\(TextSanitizer.sanitize(query.name ?? name))' (undo puts it back)")
        case .feedsFilterRemove(let id):
            let filters = try ScriptCommands.value(of: feeds.fetchRules()).filter { !$0.isQuery }
            guard let filter = filters.first(where: { $0.id == id }) else {
                throw CommandFailure("there is no filter \(id)")
            }
            _ = try ScriptCommands.value(of: feeds.removeRule(id: id))
            Output.line("removed filter \(id) \(TextSanitizer.sanitize(filter.expression)) (undo puts it back)")
        case .feedsRuleList(let filters, let json):
            let rules = try ScriptCommands.value(of: feeds.fetchRules()).filter { $0.isQuery != filters }
            if json {
                Output.line(JSONValue.array(rules.map(FeedCommands.ruleJSON.value(of:))).text)
            } else {
                for rule in rules {
                    let label = rule.name.map { TextSanitizer.sanitize($0) } ?? String(rule.id)
                    Output.line("\(label)\t\(TextSanitizer.sanitize(rule.expression))")
                }
            }
        case .feedsQueryShow(let name, let json):
            let query = try query(named: name, feeds: feeds)
            let found = try ScriptCommands.value(
                of: feeds.fetchMatches(of: query.expression, limit: FeedCommands.queryItemLimit))
            if json {
                Output.line(JSONValue.array(found.map(FeedCommands.queryItemJSON.value(of:))).text)
            } else {
                for result in found {
                    let item = result.item
                    var line =
                        "\(item.id)\t\(item.feedID)\t\(item.isRead ? " " : "*") \(TextSanitizer.sanitize(item.title))"
                    if let published = item.publishedAt { line += "\t\(DueDate.format(published))" }
                    Output.line(line)
                }
            }
        default:
            break
        }
    }

    /// The query feed named `name`, or a failure saying there is none.
    private static func query(named name: String, feeds: any CommandLineServiceType) throws(CommandFailure) -> FeedRule
    {
        let wanted = FeedTag.normalized(name) ?? name
        guard let rule = try ScriptCommands.value(of: feeds.fetchRules()).first(where: { $0.name == wanted }) else {
            throw CommandFailure("there is no query feed named '\(TextSanitizer.sanitize(name))'")
        }
        return rule
    }
}
