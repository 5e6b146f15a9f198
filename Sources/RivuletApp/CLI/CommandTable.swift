import Coordination
import Domain
import SceneServices
import TerminalUI

/// The one declaration of `rivulet`'s command line: every command with its arguments, options
/// and help, and the options every command takes. ``CommandLineParser`` parses by it and
/// ``CommandUsage`` writes the usage and each command's help from it.
enum CommandTable {
    /// Every command, in the order the usage lists them.
    static let commands: [CommandSpec] = [
        CommandSpec(
            "add", summary: "add a todo and print its ID",
            discussion: "Adds a todo at the end of the list and prints its ID.",
            arguments: [
                .words(
                    "TITLE",
                    "the todo's title; several words are joined by spaces\n(after '--', a title may start with '-');"
                        + " +tag, project:NAME, pri:H|M|L,\ndue:WHEN and recur:daily|weekly|monthly|yearly|'every N days'"
                        + " among the words\nset those (see 'rivulet help')")
            ],
            options: [.value("notes", "TEXT", "notes for the todo"), due],
            changesData: true
        ) { input throws(UsageError) in
            let line = try input.line(input.argument("TITLE") ?? "")
            let title = try input.title(line.title)
            var due = line.due.value
            if due == nil { due = try input.dueDay() }
            let attributes = TodoAttributes(line)
            if attributes.recurrence != nil, due == nil {
                throw input.error("a recurring todo needs a due day (due:WHEN), the day its next one counts from")
            }
            return .add(title: title, notes: input.value("notes") ?? "", due: due, attributes: attributes)
        },
        CommandSpec(
            "list", summary: "list todos",
            discussion: """
                Lists todos, one a line: ID, [x] when done, title, its tags, project, priority and
                recurrence as they are written, due day. 'list +work project:home pri:H' lists
                the todos tagged work, in the project home or one under it (home.garden), of
                high priority; -errand leaves out the todos tagged errand; other words search
                titles and notes as the app's search does.
                --sort orders them as the app's 's' key does; in every order but the manual one,
                done todos come after the others.
                """,
            arguments: [.list("FILTER", "+tag, -tag, project:NAME, pri:H|M|L, or words to search for")],
            options: [
                .oneOf(TodoFilter.allCases.map(\.rawValue), "which todos (all by default)"),
                .value("sort", "ORDER", "\(sortKeywords) (manual by default)"),
            ],
            jsonFields: ScriptCommands.todoJSON.names, changesData: false, takesDashWords: true
        ) { input throws(UsageError) in
            let search = input.list("FILTER").joined(separator: " ")
            if let problem = TodoMatch(search: search).problems.first { throw input.error(problem) }
            var sort = TodoSort.manual
            if let word = input.value("sort") {
                guard let named = TodoSort(keyword: word) else {
                    throw input.error("--sort takes \(sortKeywords), not '\(word)'")
                }
                sort = named
            }
            return .list(
                filter: TodoFilter.allCases.first { input.has($0.rawValue) } ?? .all, json: input.has("json"),
                search: search, sort: sort)
        },
        CommandSpec(
            "completed", summary: "list the todos completed in a period",
            discussion: """
                Lists the todos completed in a period, the most recently completed first: ID,
                the moment it was completed (local time), title with its attributes. Without a
                period, every done todo. 'week' is this week from Monday, 'month' this month,
                '7d' the last 7 days with today, 'since fri' from that day on.
                """,
            arguments: [.list("PERIOD", "today, yesterday, week, month, Nd, or since WHEN")],
            jsonFields: ScriptCommands.todoJSON.names, changesData: false
        ) { input throws(UsageError) in
            let words = input.list("PERIOD")
            guard !words.isEmpty else { return .completed(period: nil, json: input.has("json")) }
            switch DayPeriod.parse(words.joined(separator: " "), dueDays: input.dueDays) {
            case .success(let period): return .completed(period: period, json: input.has("json"))
            case .failure(let problem): throw input.error(problem.message)
            }
        },
        CommandSpec(
            "next", summary: "list the most urgent todos",
            discussion: """
                Lists the todos not done, most urgent first: ID, urgency, title with its attributes,
                due day. Urgency adds up the due date (12 at a week overdue, falling to 2.4 two
                weeks or more ahead), the priority (H 6, M 3.9, L 1.8), the age (up to 2 at a
                year), the tags (0.8 for one, 0.9 for two, 1 for more) and a project (1), as
                taskwarrior scores tasks. The app's 's' key has the same order.
                """,
            arguments: [.optional("COUNT", "how many todos (10 by default)")],
            jsonFields: ScriptCommands.todoJSON.names, changesData: false
        ) { input throws(UsageError) in
            var count = 10
            if let text = input.argument("COUNT") {
                // A number too large for Int asks for as many as there are, as any number past
                // the cap does.
                let digits = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
                guard let number = Int(text) ?? (digits ? Int.max : nil), number > 0 else {
                    throw input.error("COUNT is a positive whole number, not '\(text)'")
                }
                count = min(number, 10_000)
            }
            return .next(count: count, json: input.has("json"))
        },
        CommandSpec(
            "show", summary: "show one todo in full",
            discussion: """
                Shows every field of a todo, a line each: title, state, due day, tags, project,
                priority, recurrence, urgency, the moments it was created, changed and done, then
                its notes whole. Fields it does not have are left out.
                """,
            arguments: [.one("ID", "the todo's ID, as add and list print it")],
            jsonFields: ScriptCommands.todoJSON.names, changesData: false
        ) { input throws(UsageError) in
            .show(id: try input.id(), json: input.has("json"))
        },
        CommandSpec(
            "done", summary: "mark todos done",
            discussion: """
                Marks the todos with these IDs done and prints each ('done 3 "Buy milk"'). When
                an ID names no todo, nothing is changed.
                """,
            arguments: [todoIDs], changesData: true
        ) { input throws(UsageError) in .done(ids: try input.ids("ID")) },
        CommandSpec(
            "reopen", summary: "mark todos not done",
            discussion: """
                Marks the todos with these IDs not done and prints each ('reopened 3 "Buy
                milk"'). When an ID names no todo, nothing is changed.
                """,
            arguments: [todoIDs], changesData: true
        ) { input throws(UsageError) in .reopen(ids: try input.ids("ID")) },
        CommandSpec(
            "undo", summary: "undo the last change (todos, feed removals)",
            discussion: """
                Undoes the last change made by any process (the app's included), to todos or
                a feed's removal (one history), and says what it was ('undid: remove feed
                "Example"'); exits 1 when there is nothing to undo. The last 200 changes
                can be undone, also after a restart. Given an ID, it marks that todo not
                done, as 'reopen ID' does.
                """,
            arguments: [.optional("ID", "(older use) the todo to mark not done")], changesData: true
        ) { input throws(UsageError) in .undo(id: try input.optionalID()) },
        CommandSpec(
            "redo", summary: "redo the last change undone",
            discussion: """
                Redoes the last change that undo took back and says what it was; exits 1 when
                there is nothing to redo (a new change after an undo leaves nothing to redo).
                """,
            changesData: true
        ) { _ throws(UsageError) in .redo },
        CommandSpec(
            "rm", summary: "delete todos",
            discussion: """
                Deletes the todos with these IDs and prints each ('deleted 3 "Buy milk"'); undo
                brings them back. When an ID names no todo, nothing is deleted.
                """,
            arguments: [todoIDs], changesData: true
        ) { input throws(UsageError) in .remove(ids: try input.ids("ID")) },
        CommandSpec(
            "edit", summary: "change a todo",
            discussion: """
                Changes a todo's title, notes or due day; what is not given stays as it is. The
                title may name attributes as add's does: those named are set (tags replace the
                todo's tags), 'project:' and 'pri:' with no value take them away, and a title of
                attributes alone ('--title pri:H') changes only them.
                """,
            arguments: [.one("ID", "the todo's ID, as add and list print it")],
            options: [
                .value("title", "TITLE", "the new title, with attributes as add takes them"),
                .value("notes", "TEXT", "the new notes"), due, .flag("no-due", "take the due day away"),
            ],
            changesData: true
        ) { input throws(UsageError) in
            let id = try input.id()
            guard ["title", "notes", "due", "no-due"].contains(where: input.has) else {
                throw input.error("edit needs --title, --notes, --due or --no-due")
            }
            if input.has("due"), input.has("no-due") { throw input.error("give only one of --due and --no-due") }
            var title: String?
            var due: DueChange = input.has("no-due") ? .remove : (try input.dueDay()).map(DueChange.set) ?? .unchanged
            var attributes = TodoAttributeChange.keep
            if let text = input.value("title") {
                let line = try input.line(text)
                if !line.title.isEmpty || !line.namesAttributes { title = try input.title(line.title) }
                attributes = TodoAttributeChange(line)
                switch line.due {
                case .keep: break
                case .set(let day): due = .set(day)
                case .remove: due = .remove
                }
            }
            return .edit(id: id, title: title, notes: input.value("notes"), due: due, attributes: attributes)
        },
        CommandSpec(
            "feeds add", summary: "subscribe to a feed, fetch it, print its ID",
            discussion: """
                Subscribes to a feed, fetches it at once and prints the new feed's ID. A feed that
                cannot be fetched or read is not subscribed to: the reason is printed, exit status 1.
                A file path is stored absolute and normalised. A feed already subscribed under
                another spelling of its address (the scheme's or host's case, a default port, a
                fragment) is refused.
                """,
            arguments: [.one("URL|PATH", "the feed's address, or a feed file")], changesData: true
        ) { input throws(UsageError) in
            let source = input.argument("URL|PATH") ?? ""
            guard !source.isEmpty else { throw input.error("the feed address is empty") }
            return .feedsAdd(source: source)
        },
        CommandSpec(
            "feeds list", summary: "list feeds",
            discussion: """
                Lists feeds, one a line: ID, title, unread and all items, address, when the
                last refresh failed 'error:' and its whole reason, and its tags as 'tags:' and
                their names separated by commas. With --tag, only the feeds carrying that tag or
                a folder inside it (--tag Tech lists those tagged Tech/Rust too).
                """,
            options: [.value("tag", "NAME", "only the feeds tagged NAME or a folder in it (NAME/…)")],
            jsonFields: FeedCommands.feedJSON.names, changesData: false
        ) { input throws(UsageError) in
            guard let text = input.value("tag") else { return .feedsList(json: input.has("json")) }
            guard let tag = FeedTag.normalized(text) else { throw input.error("--tag needs a tag name") }
            return .feedsListTagged(tag: tag, json: input.has("json"))
        },
        CommandSpec(
            "feeds tag", summary: "add or take away a feed's tags",
            discussion: """
                Adds each +NAME (or NAME) to the feed's tags and takes each -NAME away, then
                prints the feed's tags, one a line; with no NAME, only prints them. 'rivulet
                undo' takes the change back. A tag may name a folder inside another as
                'Tech/Rust': OPML import makes nested folders such tags, and export writes them
                back as folders. The app's 't' lists the feeds of one tag after another.
                """,
            arguments: [
                .one("ID", "the feed's ID, as feeds add and feeds list print it"),
                .list("TAG", "+NAME to add, -NAME to take away; quote a name with spaces"),
            ],
            changesData: true, takesDashWords: true
        ) { input throws(UsageError) in
            let id = try input.id()
            do throws(FeedTagError) {
                return .feedsTag(id: id, try FeedTagChange(words: input.list("TAG")))
            } catch {
                throw input.error(error.message)
            }
        },
        ruleAdd(query: true),
        CommandSpec(
            "feeds query rm", summary: "remove a query feed",
            discussion: "Removes the query feed with this name; 'rivulet undo' brings it back.",
            arguments: [.one("NAME", "the query feed's name, as feeds query list prints it")], changesData: true
        ) { input throws(UsageError) in .feedsQueryRemove(name: input.argument("NAME") ?? "") },
        ruleList(filters: false),
        CommandSpec(
            "feeds query show", summary: "list a query feed's items",
            discussion: """
                Lists the newest items (up to \(FeedCommands.queryItemLimit)) of every feed that the
                query feed's expression matches, newest first, as feeds items lists them, with
                the feed's ID after the item's.
                """,
            arguments: [.one("NAME", "the query feed's name, as feeds query list prints it")],
            jsonFields: FeedCommands.queryItemJSON.names, changesData: false
        ) { input throws(UsageError) in .feedsQueryShow(name: input.argument("NAME") ?? "", json: input.has("json")) },
        ruleAdd(query: false),
        CommandSpec(
            "feeds filter rm", summary: "remove a filter",
            discussion: """
                Removes the filter with this ID: the items it hid are shown again. 'rivulet
                undo' puts the filter back.
                """,
            arguments: [.one("ID", "the filter's ID, as feeds filter list prints it")], changesData: true
        ) { input throws(UsageError) in .feedsFilterRemove(id: try input.id()) },
        ruleList(filters: true),
        CommandSpec(
            "feeds items", summary: "list a feed's items",
            discussion: """
                Lists every item of a feed, newest first: ID, * when unread, title, and the day
                it was published (YYYY-MM-DD, UTC) when the feed gives one.
                """,
            arguments: [.one("ID", "the feed's ID, as feeds add and feeds list print it")],
            jsonFields: FeedCommands.itemJSON.names, changesData: false
        ) { input throws(UsageError) in .feedsItems(id: try input.id(), json: input.has("json")) },
        CommandSpec(
            "feeds refresh", summary: "fetch one feed, or all",
            discussion: "Fetches the feed with this ID now, or every feed.",
            arguments: [.optional("ID", "the feed's ID; without it, every feed")], changesData: true
        ) { input throws(UsageError) in .feedsRefresh(id: try input.optionalID()) },
        CommandSpec(
            "feeds import", summary: "subscribe to every feed of an OPML file",
            discussion: """
                Subscribes to every feed an OPML file (1.0 or 2.0, as feed readers export it) lists,
                nested outlines included, without fetching them: run 'rivulet feeds refresh' next.
                A feed already subscribed, or listed twice, is skipped (addresses are compared
                normalised); an entry without a web address or absolute file path fails. Each
                entry that failed is named on standard error, then a summary is printed:
                'added N, skipped N, failed N'. A file that cannot be read or is not OPML adds
                nothing. Exit status 0 when no entry failed, 1 otherwise.
                """,
            arguments: [.one("FILE", "the OPML file")], changesData: true
        ) { input throws(UsageError) in
            let path = input.argument("FILE") ?? ""
            guard !path.isEmpty else { throw input.error("the file name is empty") }
            return .feedsImport(path: path)
        },
        CommandSpec(
            "feeds export", summary: "print every feed as OPML",
            discussion: """
                Prints every subscription as an OPML 2.0 document on standard output, by title:
                an outline with text, title, xmlUrl and htmlUrl for each feed (a file feed as a
                file:// URL), for another feed reader or 'rivulet feeds import'.
                """,
            changesData: false
        ) { _ throws(UsageError) in .feedsExport },
        markRead(isRead: true),
        markRead(isRead: false),
        CommandSpec(
            "feeds download", summary: "download an item's enclosure (a podcast episode)",
            discussion: """
                Downloads the item's enclosure (its first file, else the Nth as 'feeds items
                --json' lists them) into the download folder: the settings file's
                download-folder, else $XDG_DOWNLOAD_DIR or xdg-user-dirs' download folder, else
                ~/Downloads. The file is named after the address and never replaces one
                already there ('episode (2).mp3'). It is written as NAME.part and renamed when
                complete; an interrupted download continues where it stopped when run again. A
                file this address made before and still there is not fetched again: its path is
                printed. Files over 2 GiB are refused. Prints the file's path; on a terminal, a
                progress line on standard error meanwhile.
                """,
            arguments: [
                .one("ITEM", "the item's ID, as feeds items prints it"),
                .optional("N", "which of the item's enclosures, from 1"),
            ],
            options: [.value("to", "DIR", "the folder to download into, instead of the download folder")],
            changesData: false
        ) { input throws(UsageError) in
            var number: Int?
            if let text = input.argument("N") {
                guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(text), value > 0 else {
                    throw input.error("N is a positive whole number, not '\(text)'")
                }
                number = value
            }
            if let folder = input.value("to"), folder.isEmpty { throw input.error("--to needs a folder") }
            return .feedsDownload(itemID: try input.id("ITEM"), number: number, folder: input.value("to"))
        },
        CommandSpec(
            "feeds rm", summary: "unsubscribe from a feed",
            discussion: """
                Unsubscribes from the feed with this ID and deletes its items; 'rivulet undo'
                brings the feed back with every item as it was, read or unread.
                """,
            arguments: [.one("ID", "the feed's ID, as feeds add and feeds list print it")], changesData: true
        ) { input throws(UsageError) in .feedsRemove(id: try input.id()) },
    ]

    /// `feeds read` or, when not `isRead`, `feeds unread`: the same arguments, the other mark.
    static func markRead(isRead: Bool) -> CommandSpec {
        let mark = isRead ? "read" : "unread"
        return CommandSpec(
            "feeds \(mark)", summary: "mark feed items \(mark)",
            discussion: """
                Marks the items with these IDs \(mark), or with --feed every item of one feed. The
                items are marked all or none: an ID that names no item changes nothing.
                """,
            arguments: [.list("ITEM", "an item's ID, as feeds items prints it; several may be given")],
            options: [.value("feed", "ID", "every item of the feed with this ID, as feeds list prints it")],
            changesData: true
        ) { input throws(UsageError) in
            let items = try input.ids("ITEM")
            switch (items.isEmpty, try input.optionID("feed")) {
            case (false, nil): return .feedsSetRead(.items(items), isRead: isRead)
            case (true, let feed?): return .feedsSetRead(.feed(feed), isRead: isRead)
            case (true, nil): throw input.error("missing ITEM or --feed")
            case (false, .some): throw input.error("give item IDs or --feed, not both")
            }
        }
    }

    /// How an expression of a query feed or a filter is written, for their help.
    static let expressionHelp = """
        An expression is terms separated by spaces, all of which must hold: unread, read,
        title~WORD (the title contains WORD, case ignored), text~WORD (the title, summary or
        text does), feed:ID, tag:NAME; -TERM holds when TERM does not. Quote a value with
        spaces for the shell and for the expression: 'title~"world cup"'.
        """

    /// `feeds query add NAME EXPR...`, or `feeds filter add EXPR...`.
    static func ruleAdd(query: Bool) -> CommandSpec {
        CommandSpec(
            query ? "feeds query add" : "feeds filter add",
            summary: query ? "save a query feed: a search across feeds" : "hide the items an expression matches",
            discussion: (query
                ? """
                Saves a query feed: the app lists it above the feeds, and its items are the items
                of every feed the expression matches, as newsboat's query feeds. Prints its name.
                """
                : """
                Adds a filter, as newsboat's ignore-article: the items it matches are hidden from
                every list, count and search, now and when they arrive, until 'feeds filter rm'
                shows them again. A filter cannot test read or unread. Prints its ID.
                """) + "\n" + expressionHelp,
            arguments: (query ? [.one("NAME", "the query feed's name")] : [])
                + [.words("EXPR", "the expression; several words are joined by spaces")],
            changesData: true, takesDashWords: true
        ) { input throws(UsageError) in
            let expression = input.argument("EXPR") ?? ""
            // Read here too, so a bad expression is a usage error naming its bad part.
            let parsed: FeedItemExpression
            do throws(FeedItemExpressionError) {
                parsed = try FeedItemExpression.parse(expression)
            } catch {
                throw input.error(error.message)
            }
            guard query else {
                if parsed.testsReadState {
                    throw input.error("a filter cannot test 'read' or 'unread': reading an item would hide it")
                }
                return .feedsRuleAdd(name: nil, expression: expression)
            }
            guard let name = FeedTag.normalized(input.argument("NAME") ?? "") else {
                throw input.error("a query feed needs a name of 1 to \(FeedTag.maximumLength) characters")
            }
            return .feedsRuleAdd(name: name, expression: expression)
        }
    }

    /// `feeds query list`, or `feeds filter list`.
    static func ruleList(filters: Bool) -> CommandSpec {
        CommandSpec(
            filters ? "feeds filter list" : "feeds query list",
            summary: filters ? "list the filters" : "list the query feeds",
            discussion: filters
                ? "Lists the filters, one a line: ID, then the expression."
                : "Lists the query feeds, one a line: name, then the expression.",
            jsonFields: FeedCommands.ruleJSON.names, changesData: false
        ) { input throws(UsageError) in .feedsRuleList(filters: filters, json: input.has("json")) }
    }
    /// The orders `list --sort` takes: "manual, created, due, title or urgency".
    static let sortKeywords = listed(TodoSort.allCases.map(\.keyword), conjunction: "or")

    /// `ID...`, the todos `done`, `reopen` and `rm` act on.
    static let todoIDs = ArgumentSpec.several("ID", "the todos' IDs, as add and list print them")

    /// `--due WHEN`, for `add` and `edit`.
    static let due = OptionSpec.value(
        "due", "WHEN",
        "the day it is due: 2026-12-24, today, tomorrow, fri, next week, next month,\n"
            + "+3d, +2w, +1m, in 2 weeks, eow, eom, dec 24, 24 december, or 24/12\n"
            + "(12/24 in US locales); quote several words")

    /// `--db PATH`.
    static let database = OptionSpec.value(
        "db", "PATH",
        "the database file (default: $RIVULET_DB, else\n"
            + "$XDG_DATA_HOME/rivulet/rivulet.sqlite or ~/.local/share/rivulet/rivulet.sqlite)")
    /// `--environment NAME`.
    static let environment = OptionSpec.value(
        "environment", "NAME", "production (default), development or fake (in memory, with fixtures)")
    /// `--scenario NAME`.
    static let scenario = OptionSpec.value(
        "scenario", "NAME",
        "start in a prepared state, in memory: \(Scenario.allCases.map(\.rawValue).joined(separator: ", "))\n"
            + "(fake and scenarios: \(listed(inMemoryCommandNames, conjunction: "and")) only)")
    /// `--reload MINUTES`.
    static let reload = OptionSpec.value(
        "reload", "MINUTES",
        "the app fetches every feed at start, then every MINUTES (default: $RIVULET_RELOAD_MINUTES,\n"
            + "else \(FeedReload.defaultMinutes); 0 never; fake and scenarios: never unless given)")
    /// `-h`, `--help`.
    static let help = OptionSpec.flag("help", "show this help", short: "h")
    /// `--version`.
    static let version = OptionSpec.flag("version", "show the version")

    /// The options every command takes, before or after the command.
    static let globalOptions = [database, environment, scenario, reload, help, version]

    /// The command named by the first words of `words`, if any.
    static func command(startingWith words: some Collection<String>) -> CommandSpec? {
        commands.first { words.starts(with: $0.words) }
    }

    /// The commands under `group` (as `feeds` or `feeds query`), in table order.
    static func subcommands(of group: String) -> [CommandSpec] {
        subcommands(of: group.split(separator: " ").map(String.init))
    }

    /// The commands under the group named by `words` (`["feeds", "query"]`), in table order.
    static func subcommands(of words: [String]) -> [CommandSpec] {
        guard !words.isEmpty else { return [] }
        return commands.filter { $0.words.count > words.count && $0.words.starts(with: words) }
    }

    /// The longest group of commands the first words name (`["feeds", "query"]`), if any.
    static func group(startingWith words: [String]) -> [String]? {
        for count in stride(from: min(words.count, 2), through: 1, by: -1) {
            let prefix = Array(words.prefix(count))
            if !subcommands(of: prefix).isEmpty { return prefix }
        }
        return nil
    }

    /// What runs in an in-memory world (a scenario, the fake environment): the app and the
    /// commands that only read.
    static let inMemoryCommandNames = ["the app"] + commands.filter { !$0.changesData }.map(\.name)

    /// `a, b and c`.
    static func listed(_ names: [String], conjunction: String) -> String {
        guard let last = names.last, names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
