import Domain
import Testing
import ViewModels

@testable import RivuletApp

/// A command line for `command` built from its table entry alone: its words, a sample for each
/// argument (a title of several unquoted words) and every option it declares.
private func sampleArguments(for command: CommandSpec) -> [String] {
    var arguments = command.words
    for argument in command.arguments {
        switch argument.name {
        case "TITLE": arguments += ["Buy", "oat", "milk"]
        case "ID": arguments.append("7")
        case "FILTER": arguments += ["+work", "project:home"]
        case "COUNT": arguments.append("3")
        // A term taken away starts with '-', as a tag to take away does.
        case "EXPR": arguments += ["title~rust", "-tag:news"]
        case "TAG": arguments += ["+Tech/Rust", "-old"]
        case "PERIOD": arguments += ["since", "2026-01-02"]
        // The items to mark may be left out for --feed, which the sample gives; one is downloaded.
        case "ITEM": if command.name == "feeds download" { arguments.append("7") }
        case "N": arguments.append("2")
        default: arguments.append("feed.xml")
        }
    }
    // --no-due excludes --due, which the sample gives.
    for option in command.options where option.name != "no-due" {
        switch option.kind {
        case .value:
            let samples = ["due": "2027-01-02", "feed": "7", "sort": "due"]
            arguments += ["--\(option.name)", samples[option.name] ?? "text of \(option.name)"]
        case .flag: arguments.append("--\(option.name)")
        case .oneOf(let names): arguments.append("--\(names.last ?? "")")
        }
    }
    return arguments
}

/// What each command's sample command line must parse into.
private let expectedSamples: [String: RivuletCommand] = [
    "add": .add(title: "Buy oat milk", notes: "text of notes", due: DueDay("2027-01-02")),
    "list": .list(filter: .completed, json: true, search: "+work project:home", sort: .dueDate),
    "completed": .completed(
        period: DayPeriod(first: DueDay(daysSince1970: 20_455), last: DueDay.today()), json: true),  // 2026-01-02
    "next": .next(count: 3, json: true),
    "show": .show(id: 7, json: true),
    "done": .done(ids: [7]),
    "reopen": .reopen(ids: [7]),
    "undo": .undo(id: 7),
    "redo": .redo,
    "rm": .remove(ids: [7]),
    "edit": .edit(id: 7, title: "text of title", notes: "text of notes", due: .set(DueDay(daysSince1970: 20_820))),
    "feeds add": .feedsAdd(source: "feed.xml"),
    "feeds list": .feedsListTagged(tag: "text of tag", json: true),
    "feeds tag": .feedsTag(id: 7, FeedTagChange(added: ["Tech/Rust"], removed: ["old"])),
    "feeds query add": .feedsRuleAdd(name: "feed.xml", expression: "title~rust -tag:news"),
    "feeds query rm": .feedsQueryRemove(name: "feed.xml"),
    "feeds query list": .feedsRuleList(filters: false, json: true),
    "feeds query show": .feedsQueryShow(name: "feed.xml", json: true),
    "feeds filter add": .feedsRuleAdd(name: nil, expression: "title~rust -tag:news"),
    "feeds filter rm": .feedsFilterRemove(id: 7),
    "feeds filter list": .feedsRuleList(filters: true, json: true),
    "feeds items": .feedsItems(id: 7, json: true),
    "feeds refresh": .feedsRefresh(id: 7),
    "feeds read": .feedsSetRead(.feed(7), isRead: true),
    "feeds unread": .feedsSetRead(.feed(7), isRead: false),
    "feeds rm": .feedsRemove(id: 7),
    "feeds import": .feedsImport(path: "feed.xml"),
    "feeds export": .feedsExport,
    "feeds download": .feedsDownload(itemID: 7, number: 2, folder: "text of to"),
]

@Test func everyCommandInTheTableParsesFromItsOwnDeclaration() throws {
    #expect(Set(expectedSamples.keys) == Set(CommandTable.commands.map(\.name)))
    for command in CommandTable.commands {
        let arguments = sampleArguments(for: command)
        #expect(try CommandLineParser.parse(arguments).command == expectedSamples[command.name], "\(arguments)")
    }
}

@Test func everyCommandInTheTableHasHelpTextAndAppearsInTheUsage() {
    let usage = CommandUsage.text(for: .tool)
    for command in CommandTable.commands {
        #expect(!command.summary.isEmpty && !command.discussion.isEmpty, "\(command.name)")
        #expect(command.arguments.allSatisfy { !$0.help.isEmpty }, "\(command.name)")
        #expect(command.options.allSatisfy { !$0.help.isEmpty }, "\(command.name)")
        let line = usage.split(separator: "\n").first { $0.hasPrefix("  \(CommandUsage.synopsis(of: command)) ") }
        #expect(line?.hasSuffix(" \(command.summary)") == true, "\(command.name) is not in the usage")
    }
}

@Test func everyGlobalOptionHasHelpTextAndAppearsInEveryHelp() {
    for option in CommandTable.globalOptions {
        #expect(!option.help.isEmpty)
        for topic in CommandTopic.allCases {
            #expect(CommandUsage.text(for: topic).contains("\n  \(option.helpLabel)  "), "\(option.name) in \(topic)")
        }
    }
}

@Test func eachCommandsHelpShowsItsUsageArgumentsAndOptions() {
    for command in CommandTable.commands {
        let help = CommandUsage.text(for: command.topic)
        #expect(
            help.hasPrefix("Usage: rivulet \(CommandUsage.synopsis(of: command)) [options]\n\n\(command.discussion)"))
        #expect(help.contains("Arguments:") == !command.arguments.isEmpty, "\(command.name)")
        for argument in command.arguments {
            #expect(help.contains("\n  \(argument.synopsis)  "), "\(command.name) \(argument.name)")
        }
        for option in command.options {
            #expect(help.contains("\n  \(option.helpLabel)  "), "\(command.name) --\(option.name)")
        }
    }
}

@Test func aGroupsHelpListsItsSubcommandsOnly() {
    let help = CommandUsage.text(for: "feeds")
    #expect(help.hasPrefix("Usage: rivulet feeds SUBCOMMAND"))
    for command in CommandTable.commands {
        #expect(help.contains("\n  \(CommandUsage.synopsis(of: command)) ") == (command.words.first == "feeds"))
    }
}

@Test func helpIsReachedWithTheOptionAndWithTheWord() throws {
    for topic in CommandTopic.allCases where topic != .tool {
        let words = topic.name.split(separator: " ").map(String.init)
        #expect(try CommandLineParser.parse(words + ["--help"]).command == .help(topic))
        #expect(try CommandLineParser.parse(["-h"] + words).command == .help(topic))
        #expect(try CommandLineParser.parse(["help"] + words).command == .help(topic))
    }
}

@Test func theJSONOptionNamesTheFieldsItPrints() {
    let shapes = [
        "list":
            "{id, title, notes, completed, due, createdAt, modifiedAt, completedAt, tags, project, priority, recurrence, urgency}",
        "next":
            "{id, title, notes, completed, due, createdAt, modifiedAt, completedAt, tags, project, priority, recurrence, urgency}",
        "completed":
            "{id, title, notes, completed, due, createdAt, modifiedAt, completedAt, tags, project, priority, recurrence, urgency}",
        "show":
            "{id, title, notes, completed, due, createdAt, modifiedAt, completedAt, tags, project, priority, recurrence, urgency}",
        "feeds list": "{id, title, url, itemCount, unreadCount, lastError, tags, refreshedAt}",
        "feeds items": "{id, title, link, published, read, summary, content, contentType, links, enclosures}",
        "feeds query list": "{id, name, expression}",
        "feeds filter list": "{id, name, expression}",
        "feeds query show":
            "{id, title, link, published, read, summary, content, contentType, links, enclosures, feedID, feedTitle}",
    ]
    #expect(Set(CommandTable.commands.filter { $0.jsonFields != nil }.map(\.name)) == Set(shapes.keys))
    for (name, shape) in shapes {
        #expect(CommandUsage.text(for: CommandTopic(name)).contains("\n  --json  "), "\(name)")
        #expect(CommandUsage.text(for: CommandTopic(name)).contains("print a JSON array of \(shape)"), "\(name)")
    }
}

@Test func anOptionNameMeansOneThingAcrossTheTable() {
    let all = CommandTable.globalOptions + CommandTable.commands.flatMap(\.options)
    for name in Set(all.flatMap(\.names)) {
        let kinds = Set(all.filter { $0.names.contains(name) }.map(\.takesValue))
        #expect(kinds.count == 1, "--\(name) takes a value in one place and not in another")
    }
    let global = Set(CommandTable.globalOptions.flatMap(\.names))
    for command in CommandTable.commands {
        let names = command.options.flatMap(\.names)
        #expect(Set(names).count == names.count, "\(command.name) declares an option twice")
        #expect(global.isDisjoint(with: names), "\(command.name) redeclares a global option")
    }
}

@Test func onlyTheTitleIsFreeTrailingText() {
    let free = CommandTable.commands.filter { $0.arguments.contains { $0.arity == .words } }
    #expect(free.map(\.name) == ["add", "feeds query add", "feeds filter add"])
    for command in CommandTable.commands {
        // Free text and lists take every remaining word, so nothing may follow them.
        #expect(command.arguments.dropLast().allSatisfy { $0.arity != .words && $0.arity != .list }, "\(command.name)")
    }
}

@Test func theMarkingCommandsListTheirItemsAndTakeAFeed() {
    for name in ["feeds read", "feeds unread"] {
        let help = CommandUsage.text(for: CommandTopic(name))
        #expect(help.contains("rivulet \(name) [ITEM...] [--feed ID]"), "\(help)")
        #expect(help.contains("--feed ID"))
    }
}

@Test func theCommandsThatWorkInMemoryAreTheOnesThatOnlyRead() {
    #expect(
        CommandTable.inMemoryCommandNames == [
            "the app", "list", "completed", "next", "show", "feeds list", "feeds query list", "feeds query show",
            "feeds filter list", "feeds items", "feeds export", "feeds download",
        ])
}
