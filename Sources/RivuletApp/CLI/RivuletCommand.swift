public import Domain
import TerminalUI

/// What a `rivulet` command line asks for, once parsed: options that apply to every command,
/// and the command itself.
public struct RivuletInvocation: Hashable, Sendable {
    /// Options given before or after the command.
    public var options: GlobalOptions
    /// The command to run.
    public var command: RivuletCommand

    /// Creates an invocation.
    public init(options: GlobalOptions = GlobalOptions(), command: RivuletCommand) {
        self.options = options
        self.command = command
    }
}

/// Options every command accepts.
public struct GlobalOptions: Hashable, Sendable {
    /// The database file given with `--db`; `nil` for `RIVULET_DB` or the default location.
    public var databasePath: String?
    /// The environment given with `--environment`.
    public var environment: AppEnvironment?
    /// The scenario given with `--scenario`.
    public var scenario: String?
    /// The minutes between the app's automatic feed reloads given with `--reload` (`0`: never).
    public var reloadMinutes: Int?

    /// Creates options; by default none is given.
    public init(
        databasePath: String? = nil, environment: AppEnvironment? = nil, scenario: String? = nil,
        reloadMinutes: Int? = nil
    ) {
        self.databasePath = databasePath
        self.environment = environment
        self.scenario = scenario
        self.reloadMinutes = reloadMinutes
    }
}

/// What `edit` does to a todo's due day.
public enum DueChange: Hashable, Sendable {
    /// Leave it as it is.
    case unchanged
    /// Make it this day (`--due WHEN`).
    case set(DueDay)
    /// Take it away (`--no-due`).
    case remove
}

/// The feed items a command acts on: some items, or every item of one feed.
public enum FeedItemSelection: Hashable, Sendable {
    /// The items with these IDs (`feeds items` prints them).
    case items([Int64])
    /// Every item of the feed with this ID (`--feed ID`).
    case feed(Int64)
}

/// A `rivulet` command.
public enum RivuletCommand: Hashable, Sendable {
    /// No command: open the full-screen app.
    case app
    /// `--help`, for the tool or for one command.
    case help(CommandTopic)
    /// `--version`.
    case version
    /// `add TITLE... [--notes TEXT] [--due WHEN]`, the title with its attributes (``TodoLine``).
    case add(title: String, notes: String, due: DueDay?, attributes: TodoAttributes = .none)
    /// `list [FILTER...] [--all|--active|--completed] [--sort ORDER] [--json]`: `search` is the
    /// filter's words (``TodoMatch``).
    case list(filter: TodoFilter, json: Bool, search: String = "", sort: TodoSort = .manual)
    /// `completed [PERIOD...] [--json]`: the todos completed in `period` (`nil`: ever), the most
    /// recent first.
    case completed(period: DayPeriod?, json: Bool)
    /// `next [COUNT] [--json]`: the `count` most urgent todos not done.
    case next(count: Int, json: Bool)
    /// `show ID [--json]`: one todo in full, its notes included.
    case show(id: Int64, json: Bool)
    /// `done ID...`.
    case done(ids: [Int64])
    /// `reopen ID...`.
    case reopen(ids: [Int64])
    /// `undo`: undo the last change (to todos, or a feed's removal); `undo ID` reopens a todo.
    case undo(id: Int64?)
    /// `redo`.
    case redo
    /// `rm ID...`.
    case remove(ids: [Int64])
    /// `edit ID [--title T] [--notes N] [--due WHEN] [--no-due]`.
    case edit(
        id: Int64, title: String?, notes: String?, due: DueChange = .unchanged,
        attributes: TodoAttributeChange = .keep)
    /// `feeds add URL|PATH`.
    case feedsAdd(source: String)
    /// `feeds list [--json]`.
    case feedsList(json: Bool)
    /// `feeds items ID [--json]`.
    case feedsItems(id: Int64, json: Bool)
    /// `feeds refresh [ID]`.
    case feedsRefresh(id: Int64?)
    /// `feeds rm ID`.
    case feedsRemove(id: Int64)
    /// `feeds read ITEM...|--feed ID` when `isRead`, else `feeds unread ITEM...|--feed ID`.
    case feedsSetRead(FeedItemSelection, isRead: Bool)
    /// `feeds import FILE`.
    case feedsImport(path: String)
    /// `feeds export`.
    case feedsExport
    /// `feeds download ITEM [N] [--to DIR]`: the item's `number`th enclosure (its first file
    /// when `nil`) into `folder` (the download folder when `nil`).
    case feedsDownload(itemID: Int64, number: Int?, folder: String?)
    /// `feeds list [--tag NAME] [--json]`: the feeds, only those tagged `tag` or a folder in it when given.
    case feedsListTagged(tag: String, json: Bool)
    /// `feeds tag ID [+TAG|-TAG]...`: with no change, prints the feed's tags.
    case feedsTag(id: Int64, FeedTagChange)
    /// `feeds query add NAME EXPR...`, or `feeds filter add EXPR...` when `name` is `nil`.
    case feedsRuleAdd(name: String?, expression: String)
    /// `feeds query rm NAME`.
    case feedsQueryRemove(name: String)
    /// `feeds filter rm ID`.
    case feedsFilterRemove(id: Int64)
    /// `feeds query list` (`filters` false) or `feeds filter list` (true).
    case feedsRuleList(filters: Bool, json: Bool)
    /// `feeds query show NAME [--json]`: the items of a query feed.
    case feedsQueryShow(name: String, json: Bool)

    /// Whether the command only reads the database, so a file it may not write can still serve
    /// it. (`help` and `version` open no database at all.)
    public var onlyReads: Bool {
        switch self {
        case .list, .completed, .next, .show, .feedsList, .feedsItems, .feedsExport, .feedsDownload, .feedsListTagged,
            .feedsRuleList, .feedsQueryShow:
            true
        case .feedsTag(_, let change): change.isEmpty
        default: false
        }
    }
}

/// What a help text or a usage error is about: the tool, a command (`add`, `feeds items`) or a
/// group of commands (`feeds`), named as typed. A name that is none of these means the tool.
public struct CommandTopic: Hashable, Sendable, CaseIterable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    /// The command's words joined by spaces; empty for the tool.
    public let name: String

    /// The topic of the command or group named `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The topic named by a literal, as `"feeds add"`.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The tool as a whole.
    public static let tool = CommandTopic("")

    /// The tool, every group and every command, in the order the usage lists them.
    public static var allCases: [CommandTopic] {
        var topics: [CommandTopic] = [.tool]
        for command in CommandTable.commands {
            for count in 1..<command.words.count {
                let group = CommandTopic(command.words.prefix(count).joined(separator: " "))
                if !topics.contains(group) { topics.append(group) }
            }
            topics.append(command.topic)
        }
        return topics
    }

    /// `rivulet` followed by the name.
    public var description: String { name.isEmpty ? "rivulet" : "rivulet \(name)" }
}

/// A command line that cannot be run as written: what is wrong, and whose help to point at.
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// One line saying what is wrong.
    public let message: String
    /// The command (or group, or the tool) whose help the error points at.
    public let topic: CommandTopic

    /// Creates a usage error.
    public init(_ message: String, topic: CommandTopic) {
        self.message = message
        self.topic = topic
    }

    /// The message.
    public var description: String { message }
}
