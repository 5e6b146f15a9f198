import Domain
import RivuletApp
import TerminalUI
import Testing
import ViewModels

private func parse(_ arguments: String...) throws(UsageError) -> RivuletInvocation {
    try CommandLineParser.parse(arguments)
}

private func usageError(_ arguments: [String]) -> UsageError? {
    do {
        _ = try CommandLineParser.parse(arguments)
        return nil
    } catch {
        return error
    }
}

@Test func noArgumentsOpensTheApp() throws {
    #expect(try parse() == RivuletInvocation(command: .app))
}

@Test func globalOptionsAreReadBeforeAndAfterTheCommand() throws {
    let invocation = try parse("--db", "/tmp/a.sqlite", "list", "--environment=development")
    #expect(invocation.options == GlobalOptions(databasePath: "/tmp/a.sqlite", environment: .development))
    #expect(invocation.command == .list(filter: .all, json: false))
}

@Test func aScenarioGoesWithTheAppAndTheCommandsThatRead() throws {
    #expect(try parse("--scenario", "many").options == GlobalOptions(scenario: "many"))
    #expect(try parse("list", "--scenario=empty", "--environment", "fake").command == .list(filter: .all, json: false))
    #expect(try parse("--scenario", "offline", "feeds", "items", "1").command == .feedsItems(id: 1, json: false))
    #expect(try parse("--environment", "fake", "feeds", "list").options == GlobalOptions(environment: .fake))
}

@Test(arguments: [
    ["add", "x"], ["done", "1"], ["undo", "1"], ["rm", "1"], ["edit", "1", "--title", "x"], ["feeds", "add", "u"],
    ["feeds", "refresh"], ["feeds", "rm", "1"],
])
func aCommandThatWritesIsRefusedInAnInMemoryWorld(command: [String]) throws {
    let scenario = try #require(usageError(["--scenario", "many"] + command))
    #expect(scenario.message.hasPrefix("--scenario many uses a private in-memory database that is gone when"))
    let fake = try #require(usageError(command + ["--environment", "fake"]))
    #expect(fake.message.hasPrefix("--environment fake uses a private in-memory database"))
    #expect(fake.topic == .tool)
}

@Test func addTakesTitleNotesAndDueDay() throws {
    let invocation = try parse("add", "Buy milk", "--notes", "two litres", "--due", "2028-02-29")
    #expect(invocation.command == .add(title: "Buy milk", notes: "two litres", due: DueDay("2028-02-29")))
}

@Test func doubleDashLetsATitleStartWithADash() throws {
    #expect(try parse("add", "--", "-5 degrees").command == .add(title: "-5 degrees", notes: "", due: nil))
}

@Test func unquotedWordsJoinIntoTheTitle() throws {
    #expect(try parse("add", "Buy", "milk").command == .add(title: "Buy milk", notes: "", due: nil))
    #expect(
        try parse("add", "Buy", "--due", "2026-12-24", "oat", "milk").command
            == .add(title: "Buy oat milk", notes: "", due: DueDay("2026-12-24")))
    #expect(try parse("add", "Buy milk", "today").command == .add(title: "Buy milk today", notes: "", due: nil))
}

@Test func aNegativeNumberIsAWordNotAnOption() throws {
    #expect(try parse("add", "-5", "degrees").command == .add(title: "-5 degrees", notes: "", due: nil))
    #expect(usageError(["add", "-x"]) == UsageError("unknown option '-x'", topic: "add"))
}

@Test func doubleDashEndsTheOptionsForEveryWordAfterIt() throws {
    #expect(try parse("add", "--", "-5", "degrees").command == .add(title: "-5 degrees", notes: "", due: nil))
    #expect(
        try parse("add", "x", "--notes", "n", "--", "--due", "soon").command
            == .add(title: "x --due soon", notes: "n", due: nil))
    #expect(try parse("--", "done", "3").command == .done(ids: [3]))
    #expect(
        usageError(["done", "--", "-3"]) == UsageError("an ID is a positive whole number, not '-3'", topic: "done"))
}

@Test(arguments: [
    (["add", "x", "--frob"], "rivulet: unknown option '--frob'\nsee 'rivulet add --help'"),
    (["--frob"], "rivulet: unknown option '--frob'\nsee 'rivulet --help'"),
    (["feeds", "items", "-v", "1"], "rivulet: unknown option '-v'\nsee 'rivulet feeds items --help'"),
    (["done"], "rivulet: missing ID\nsee 'rivulet done --help'"),
    (["feeds", "add"], "rivulet: missing URL or PATH\nsee 'rivulet feeds add --help'"),
    (["edit", "1", "2"], "rivulet: unexpected argument '2'\nsee 'rivulet edit --help'"),
    (["feeds", "list", "x"], "rivulet: unexpected argument 'x'\nsee 'rivulet feeds list --help'"),
    (
        ["edit", "1", "--due", "+3d", "--no-due"],
        "rivulet: give only one of --due and --no-due\nsee 'rivulet edit --help'"
    ),
    (["list", "--due", "2026-01-01"], "rivulet: list does not take --due\nsee 'rivulet list --help'"),
    (["feeds", "eat"], "rivulet: unknown feeds subcommand 'eat'\nsee 'rivulet feeds --help'"),
    (
        ["--scenario", "many", "add", "x"],
        "rivulet: --scenario many uses a private in-memory database that is gone when 'add' ends, so it would "
            + "change nothing; with it use the app, list, completed, next, show, feeds list, feeds query list, "
            + "feeds query show, feeds filter list, feeds items, feeds export or feeds download\nsee 'rivulet --help'"
    ),
])
func aUsageErrorIsOneLineThenWhereToLook(arguments: [String], report: String) throws {
    let error = try #require(usageError(arguments))
    #expect(CommandUsage.report(of: error) == report)
}

@Test func aLineBreakInAQuotedArgumentStaysOnTheErrorsOneLine() throws {
    let error = try #require(usageError(["frob\nnicate"]))
    #expect(CommandUsage.report(of: error).split(separator: "\n").count == 2)
}

@Test func aMalformedOptionNamesTheCommandItFollowsEvenBeforeTheCommand() {
    #expect(usageError(["--json=1", "list"]) == UsageError("--json takes no value", topic: "list"))
    #expect(usageError(["feeds", "refresh", "--db"]) == UsageError("--db needs a value", topic: "feeds refresh"))
}

@Test func listReadsFilterAndJSON() throws {
    #expect(try parse("list", "--completed", "--json").command == .list(filter: .completed, json: true))
    #expect(try parse("list", "--active").command == .list(filter: .active, json: false))
}

@Test func listReadsTheAppsOrdersAlongsideTheFilterAndSearchWords() throws {
    #expect(
        try parse("list", "--sort", "due", "+work", "milk", "--active").command
            == .list(filter: .active, json: false, search: "+work milk", sort: .dueDate))
    #expect(try parse("list", "--sort=Urgency").command == .list(filter: .all, json: false, sort: .urgency))
    #expect(
        usageError(["list", "--sort", "priority"])
            == UsageError("--sort takes manual, created, due, title or urgency, not 'priority'", topic: "list"))
}

@Test func completedReadsAPeriodOfOneOrSeveralWords() throws {
    let thursday = DueDay(daysSince1970: 20_783)
    #expect(try parseOnThursday("completed") == .completed(period: nil, json: false))
    #expect(
        try parseOnThursday("completed", "week", "--json")
            == .completed(period: DayPeriod(first: thursday.adding(days: -3), last: thursday), json: true))
    #expect(
        try parseOnThursday("completed", "since", "2026-11-02")
            == .completed(period: DayPeriod(first: thursday.adding(days: -24), last: thursday), json: false))
    #expect(
        usageError(["completed", "fortnight"])
            == UsageError(
                "“fortnight” is not a period; give today, yesterday, week, month, a number of days such as 7d, "
                    + "or since WHEN.", topic: "completed"))
}

@Test func idCommandsReadTheirID() throws {
    #expect(try parse("done", "3").command == .done(ids: [3]))
    #expect(try parse("reopen", "4").command == .reopen(ids: [4]))
    #expect(try parse("undo", "4").command == .undo(id: 4))
    #expect(try parse("rm", "5").command == .remove(ids: [5]))
}

@Test func doneReopenAndRmReadSeveralIDsEachOnce() throws {
    #expect(try parse("done", "3", "4", "3").command == .done(ids: [3, 4]))
    #expect(try parse("reopen", "4", "9").command == .reopen(ids: [4, 9]))
    #expect(try parse("rm", "5", "6", "7").command == .remove(ids: [5, 6, 7]))
    #expect(usageError(["done"]) == UsageError("missing ID", topic: "done"))
    #expect(usageError(["rm", "5", "x"]) == UsageError("an ID is a positive whole number, not 'x'", topic: "rm"))
}

/// Thursday 26 November 2026, with the day first in short dates.
private let thursdayDueDays = DueDayParser(today: DueDay(daysSince1970: 20_783), order: .dayFirst)

private func parseOnThursday(_ arguments: String...) throws(UsageError) -> RivuletCommand {
    try CommandLineParser.parse(arguments, dueDays: thursdayDueDays).command
}

@Test(arguments: [
    ("tomorrow", "2026-11-27"), ("fri", "2026-11-27"), ("next week", "2026-12-03"), ("+3d", "2026-11-29"),
    ("in 2 weeks", "2026-12-10"), ("dec 24", "2026-12-24"), ("24/12", "2026-12-24"), ("2027-01-02", "2027-01-02"),
])
func addReadsANaturalDueDay(_ text: String, _ expected: String) throws {
    #expect(try parseOnThursday("add", "Milk", "--due", text) == .add(title: "Milk", notes: "", due: DueDay(expected)))
}

@Test func dueDaysFollowTheInjectedLocaleOrder() throws {
    let monthFirst = DueDayParser(today: DueDay(daysSince1970: 20_783), order: .monthFirst)
    #expect(
        try CommandLineParser.parse(["add", "Milk", "--due", "12/24"], dueDays: monthFirst).command
            == .add(title: "Milk", notes: "", due: DueDay("2026-12-24")))
}

@Test func anUnreadableDueDayListsTheAcceptedForms() {
    do {
        _ = try parseOnThursday("add", "Milk", "--due", "soonish")
        Issue.record("soonish was read as a day")
    } catch {
        #expect(error.topic == "add")
        #expect(
            error.message
                == "--due: “soonish” is not a date. Write one of: today, tomorrow, a weekday (fri), next week, "
                + "next month, +3d, +2w, +1m, in 3 days, eow, eom, dec 24, 24 december, 24/12 (DD/MM) or 2026-12-24.")
    }
}

@Test func editSetsOrRemovesTheDueDay() throws {
    #expect(
        try parseOnThursday("edit", "7", "--due", "fri")
            == .edit(id: 7, title: nil, notes: nil, due: .set(DueDay(daysSince1970: 20_784))))
    #expect(try parseOnThursday("edit", "7", "--no-due") == .edit(id: 7, title: nil, notes: nil, due: .remove))
    #expect(
        try parseOnThursday("edit", "7", "--title", "New", "--due", "2027-01-02")
            == .edit(id: 7, title: "New", notes: nil, due: .set(DueDay(daysSince1970: 20_820))))
}

@Test func editReadsTitleAndNotes() throws {
    #expect(try parse("edit", "7", "--title", "New").command == .edit(id: 7, title: "New", notes: nil))
    #expect(try parse("edit", "7", "--notes", "").command == .edit(id: 7, title: nil, notes: ""))
}

@Test func feedsSubcommandsParse() throws {
    #expect(
        try parse("feeds", "add", "https://example.com/feed.xml").command
            == .feedsAdd(source: "https://example.com/feed.xml"))
    #expect(try parse("feeds", "list", "--json").command == .feedsList(json: true))
    #expect(try parse("feeds", "items", "2").command == .feedsItems(id: 2, json: false))
    #expect(try parse("feeds", "refresh").command == .feedsRefresh(id: nil))
    #expect(try parse("feeds", "refresh", "9").command == .feedsRefresh(id: 9))
    #expect(try parse("feeds", "rm", "9").command == .feedsRemove(id: 9))
}

@Test func feedsReadAndUnreadTakeItemIDsOrAFeed() throws {
    #expect(try parse("feeds", "read", "4").command == .feedsSetRead(.items([4]), isRead: true))
    #expect(try parse("feeds", "unread", "4", "9", "4").command == .feedsSetRead(.items([4, 9]), isRead: false))
    #expect(try parse("feeds", "read", "--feed", "2").command == .feedsSetRead(.feed(2), isRead: true))
    #expect(try parse("--feed", "2", "feeds", "unread").command == .feedsSetRead(.feed(2), isRead: false))
}

@Test func helpWinsAndNamesTheCommand() throws {
    #expect(try parse("--help").command == .help(.tool))
    #expect(try parse("-h").command == .help(.tool))
    #expect(try parse("add", "--help").command == .help("add"))
    #expect(try parse("feeds", "list", "--help").command == .help("feeds list"))
    #expect(try parse("feeds", "--help").command == .help("feeds"))
    #expect(try parse("help", "rm").command == .help("rm"))
}

@Test func versionIsRead() throws {
    #expect(try parse("--version").command == .version)
}

/// What `feeds` alone answers: every subcommand of the group, in the order of the usage.
private let feedsNeedsASubcommand =
    "feeds needs a subcommand: add, list, tag, query, filter, items, refresh, import, export, read, unread, download or rm"

/// Command lines the parser refuses: the message each gets, and the topic of the usage shown.
/// (Typed, so that the compiler need not infer the topics from the string literals.)
private let usageErrors: [([String], String, CommandTopic)] = [
    (["frobnicate"], "unknown command 'frobnicate'", .tool),
    (["--frob"], "unknown option '--frob'", .tool),
    (["-x"], "unknown option '-x'", .tool),
    (["--db"], "--db needs a value", .tool),
    (["--db", ""], "--db needs a file path, not an empty one", .tool),
    (["--environment", "staging"], "unknown environment 'staging'; use one of production, development, fake", .tool),
    (["--scenario="], "--scenario needs a name", .tool),
    (
        ["--scenario", "nope"], "unknown scenario 'nope'; use one of empty, many, offline, slow-network, broken-feed",
        .tool
    ),
    (
        ["--scenario", "many", "--environment", "production"],
        "--scenario runs in the fake environment, not in --environment production", .tool
    ),
    (
        ["--scenario", "many", "--db", "a.sqlite"], "--scenario many uses a private in-memory database; leave out --db",
        .tool
    ),
    (
        ["--environment", "fake", "--db", "a.sqlite"],
        "--environment fake uses a private in-memory database; leave out --db", .tool
    ),
    (["--json"], "the app does not take --json", .tool),
    (["--version=2"], "--version takes no value", .tool),
    (["--version", "extra"], "--version takes no command; run 'rivulet --version' alone", .tool),
    (["add", "--version"], "--version takes no command; run 'rivulet --version' alone", "add"),
    (["list", "--due"], "list does not take --due", "list"),
    (["--due"], "the app does not take --due", .tool),
    (["add", "milk", "--due"], "--due needs a value", "add"),
    (["add", "milk", "--db"], "--db needs a value", "add"),
    (["--version", "--db"], "--db needs a value", .tool),
    (["help", "add", "--due"], "--due needs a value", "add"),
    (["list", "--help", "--due"], "--due needs a value", "list"),
    (["list", "--json", "--json"], "--json is given twice", "list"),
    (["help", "nope"], "no help for 'nope': it is not a command", .tool),
    (["add"], "missing TITLE", "add"),
    (["add", "  "], "the title is empty", "add"),
    (["add", String(repeating: "x", count: 501)], "the title has 501 characters; at most 500 are allowed", "add"),
    (["add", "a", "--due", "2026-02-30"], "--due: February 2026 has 28 days, so there is no February 30.", "add"),
    (["edit", "1", "--due", "2026-13-01"], "--due: There is no month 13; months run from 1 to 12.", "edit"),
    (["add", "a", "--json"], "add does not take --json", "add"),
    (["redo", "extra"], "unexpected argument 'extra'", "redo"),
    (["list", "--all", "--active"], "give only one of --all, --active and --completed", "list"),
    (["list", "--notes", "x"], "list does not take --notes", "list"),
    (["done"], "missing ID", "done"),
    (["done", "x1"], "an ID is a positive whole number, not 'x1'", "done"),
    (["undo", "0"], "an ID is a positive whole number, not '0'", "undo"),
    (["done", "-1"], "an ID is a positive whole number, not '-1'", "done"),
    (["rm", "-42"], "an ID is a positive whole number, not '-42'", "rm"),
    (["edit", "1", "2", "--title", "x"], "unexpected argument '2'", "edit"),
    (["rm", "99999999999999999999"], "there is no ID 99999999999999999999: IDs go up to 9223372036854775807", "rm"),
    (["done", "000"], "an ID is a positive whole number, not '000'", "done"),
    (["edit", "1"], "edit needs --title, --notes, --due or --no-due", "edit"),
    (["edit", "1", "--title", ""], "the title is empty", "edit"),
    (
        ["edit", "1", "--title", String(repeating: "é", count: 600)],
        "the title has 600 characters; at most 500 are allowed", "edit"
    ),
    (["edit", "--title", "x"], "missing ID", "edit"),
    (["feeds"], feedsNeedsASubcommand, "feeds"),
    (["feeds", " "], "unknown feeds subcommand ' '", "feeds"),
    (["feeds", "query"], "feeds query needs a subcommand: add, rm, list or show", "feeds query"),
    (["feeds", "query", "drop"], "unknown feeds query subcommand 'drop'", "feeds query"),
    (["feeds", "tag", "1", "+"], "'+' names no tag: write +NAME to add one or -NAME to take one away", "feeds tag"),
    (["feeds", "list", "--tag", " "], "--tag needs a tag name", "feeds list"),
    (
        ["feeds", "query", "add", "Q", "unread", "titel~x"],
        "'titel~x' is not a term: use unread, read, title~WORD, text~WORD, feed:ID or tag:NAME", "feeds query add"
    ),
    (
        ["feeds", "filter", "add", "read", "-tag:x"],
        "a filter cannot test 'read' or 'unread': reading an item would hide it", "feeds filter add"
    ),
    (["feeds", "filter", "rm", "0"], "an ID is a positive whole number, not '0'", "feeds filter rm"),
    (["feeds", "eat"], "unknown feeds subcommand 'eat'", "feeds"),
    (["feeds", "add"], "missing URL or PATH", "feeds add"),
    (["feeds", "add", ""], "the feed address is empty", "feeds add"),
    (["feeds", "list", "x"], "unexpected argument 'x'", "feeds list"),
    (["feeds", "items"], "missing ID", "feeds items"),
    (["feeds", "items", "1", "--all"], "feeds items does not take --all", "feeds items"),
    (["feeds", "refresh", "1", "2"], "unexpected argument '2'", "feeds refresh"),
    (["feeds", "refresh", "-1"], "an ID is a positive whole number, not '-1'", "feeds refresh"),
    (["feeds", "rm"], "missing ID", "feeds rm"),
    (["feeds", "read"], "missing ITEM or --feed", "feeds read"),
    (["feeds", "unread", "1", "--feed", "2"], "give item IDs or --feed, not both", "feeds unread"),
    (["feeds", "read", "1", "x"], "an ID is a positive whole number, not 'x'", "feeds read"),
    (["feeds", "read", "--feed", "0"], "--feed: an ID is a positive whole number, not '0'", "feeds read"),
    (["feeds", "read", "--feed"], "--feed needs a value", "feeds read"),
    (["feeds", "unread", "1", "--json"], "feeds unread does not take --json", "feeds unread"),
]

@Test(arguments: usageErrors)
func everyUsageErrorSaysWhatIsWrong(arguments: [String], message: String, topic: CommandTopic) {
    #expect(usageError(arguments) == UsageError(message, topic: topic))
}

@Test func reloadTakesWholeMinutesWithinAWeek() throws {
    #expect(try CommandLineParser.parse(["--reload", "5"]).options.reloadMinutes == 5)
    #expect(try CommandLineParser.parse(["--reload", "0", "list"]).options.reloadMinutes == 0)
    for bad in ["abc", "-1", "1.5", "", "10081", "99999999999999999999"] {
        #expect(throws: UsageError.self, "\(bad)") { try CommandLineParser.parse(["--reload", bad]) }
    }
}

@Test func addReadsTagsProjectPriorityDueAndRecurrenceAmongTheTitlesWords() throws {
    let command = try parse("add", "+home", "Paint", "the", "fence", "project:garden", "pri:H", "due:2027-01-02")
    #expect(
        command.command
            == .add(
                title: "Paint the fence", notes: "", due: DueDay("2027-01-02"),
                attributes: TodoAttributes(tags: ["home"], project: "garden", priority: .high)))
    let recurring = try parse("add", "Bins recur:weekly due:2027-01-02")
    #expect(
        recurring.command
            == .add(
                title: "Bins", notes: "", due: DueDay("2027-01-02"),
                attributes: TodoAttributes(recurrence: Recurrence(written: "weekly"))))
    #expect(try parse("add", #"Learn \+word"#).command == .add(title: "Learn +word", notes: "", due: nil))
    #expect(try parse("add", "Call at 10:30").command == .add(title: "Call at 10:30", notes: "", due: nil))
}

@Test(arguments: [
    (["add", "Call", "pri:X"], "“pri:X” is not a priority; write pri:H, pri:M or pri:L."),
    (["add", "Bins", "recur:weekly"], "a recurring todo needs a due day (due:WHEN), the day its next one counts from"),
    (["add", "Call", "due:fri", "--due", "sat"], "give the due day once: with due: in the title, or with --due"),
    (["add", "+home", "pri:H"], "the title is empty"),
    (["list", "pri:Z"], "“pri:Z” is not a priority; write pri:H, pri:M or pri:L."),
])
func eachBadAttributeOnTheCommandLineIsOneUsageError(arguments: [String], message: String) throws {
    let error = try #require(usageError(arguments))
    #expect(error.message == message)
}

@Test func editSetsOnlyTheAttributesItsTitleNames() throws {
    #expect(
        try parse("edit", "3", "--title", "pri:H project:").command
            == .edit(
                id: 3, title: nil, notes: nil,
                attributes: TodoAttributeChange(project: .remove, priority: .set(.high))))
    #expect(
        try parse("edit", "3", "--title", "Paint +home").command
            == .edit(id: 3, title: "Paint", notes: nil, attributes: TodoAttributeChange(tags: ["home"])))
}

@Test func listTakesTagsProjectAndPriorityAsItsFilter() throws {
    #expect(
        try parse("list", "+work", "project:home", "--active").command
            == .list(filter: .active, json: false, search: "+work project:home"))
}

@Test func nextTakesACountPastTheLargestNumberAsTheMostItLists() throws {
    #expect(try parse("next", "99999999999999999999").command == .next(count: 10_000, json: false))
    #expect(try parse("next", "20000").command == .next(count: 10_000, json: false))
    #expect(try parse("next", "7").command == .next(count: 7, json: false))
    for refused in ["0", "-3", "x", "1e3", "٣"] {
        #expect(
            usageError(["next", "--", refused])
                == UsageError("COUNT is a positive whole number, not '\(refused)'", topic: "next"), "\(refused)")
    }
}
