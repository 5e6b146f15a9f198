import Coordination
import TerminalUI

/// Parses `rivulet`'s arguments into a ``RivuletInvocation``, or says precisely what is wrong.
///
/// Options may come before or after the command, as `--name value` or `--name=value`; `--`
/// ends the options, so a title may start with a dash. `--help` wins over everything else and
/// shows the usage of the command it follows.
///
/// ```swift
/// let invocation = try CommandLineParser.parse(["add", "Buy milk", "--due", "2026-12-24"])
/// // RivuletInvocation(command: .add(title: "Buy milk", notes: "", due: 2026-12-24))
/// ```
public enum CommandLineParser {
    private static let valueOptions: Set<String> = ["db", "environment", "scenario", "notes", "due", "title"]
    private static let switchOptions: Set<String> = ["help", "version", "json", "all", "active", "completed"]
    private static let globalOptions: Set<String> = ["db", "environment", "scenario", "help", "version"]

    /// Parses `arguments` (without the program name).
    public static func parse(_ arguments: [String]) throws(UsageError) -> RivuletInvocation {
        var scan = try Scan(arguments)
        let topic = scan.positionals.first.flatMap(topic(named:)) ?? .tool
        if scan.has("help") { return RivuletInvocation(command: .help(topic)) }
        if scan.positionals.first == "help" {
            let about = scan.positionals.dropFirst().first
            guard let about else { return RivuletInvocation(command: .help(.tool)) }
            guard let named = self.topic(named: about) else {
                throw UsageError("no help for '\(about)': it is not a command", topic: .tool)
            }
            return RivuletInvocation(command: .help(named))
        }
        if scan.has("version") { return RivuletInvocation(command: .version) }
        let options = try globalOptions(from: &scan)
        let command = try self.command(from: &scan)
        try checkWorld(options, for: command)
        return RivuletInvocation(options: options, command: command)
    }

    /// Refuses options that contradict each other. A scenario runs in the fake environment on a
    /// private in-memory database, as does `--environment fake`: that goes with the app and with
    /// the commands that only read (`list`, `feeds list`, `feeds items`), but not with `--db`,
    /// another environment, or a command whose change would vanish when it ends.
    private static func checkWorld(_ options: GlobalOptions, for command: RivuletCommand) throws(UsageError) {
        let world: String
        if let scenario = options.scenario {
            world = "--scenario \(scenario)"
            if let environment = options.environment, environment != .fake {
                throw UsageError(
                    "--scenario runs in the fake environment, not in --environment \(environment.rawValue)",
                    topic: .tool)
            }
        } else if options.environment == .fake {
            world = "--environment fake"
        } else {
            return
        }
        if options.databasePath != nil {
            throw UsageError("\(world) uses a private in-memory database; leave out --db", topic: .tool)
        }
        guard let name = command.changingCommandName else { return }
        throw UsageError(
            "\(world) uses a private in-memory database that is gone when '\(name)' ends, so it would change "
                + "nothing; with it use the app, list, feeds list or feeds items",
            topic: .tool)
    }

    private static func topic(named name: String) -> CommandTopic? {
        switch name {
        case "add": .add
        case "list": .list
        case "done": .done
        case "undo": .undo
        case "rm": .remove
        case "edit": .edit
        case "feeds": .feeds
        default: nil
        }
    }

    private static func globalOptions(from scan: inout Scan) throws(UsageError) -> GlobalOptions {
        var options = GlobalOptions()
        if let path = scan.value("db") {
            guard !path.isEmpty else { throw UsageError("--db needs a file path, not an empty one", topic: .tool) }
            options.databasePath = path
        }
        if let name = scan.value("environment") {
            guard let environment = LaunchEnvironment(rawValue: name) else {
                let names = LaunchEnvironment.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown environment '\(name)'; use one of \(names)", topic: .tool)
            }
            options.environment = environment
        }
        if let scenario = scan.value("scenario") {
            guard !scenario.isEmpty else { throw UsageError("--scenario needs a name", topic: .tool) }
            guard Scenario(named: scenario) != nil else {
                let names = Scenario.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown scenario '\(scenario)'; use one of \(names)", topic: .tool)
            }
            options.scenario = scenario
        }
        return options
    }

    private static func command(from scan: inout Scan) throws(UsageError) -> RivuletCommand {
        guard let name = scan.positionals.first else {
            try scan.expectNoCommandOptions(topic: .tool, command: "the app")
            return .app
        }
        guard let topic = topic(named: name) else {
            throw UsageError("unknown command '\(name)'", topic: .tool)
        }
        let arguments = Array(scan.positionals.dropFirst())
        switch topic {
        case .add:
            try scan.allow(["notes", "due"], topic: topic, command: "add")
            let title = try single(arguments, named: "TITLE", topic: topic)
            guard !title.allSatisfy(\.isWhitespace) else { throw UsageError("the title is empty", topic: topic) }
            var due: DueDay?
            if let text = scan.value("due") {
                guard let day = DueDay(text) else {
                    throw UsageError("--due needs a real day as YYYY-MM-DD, not '\(text)'", topic: topic)
                }
                due = day
            }
            return .add(title: title, notes: scan.value("notes") ?? "", due: due)
        case .list:
            try scan.allow(["all", "active", "completed", "json"], topic: topic, command: "list")
            guard arguments.isEmpty else { throw unexpected(arguments[0], topic: topic) }
            let filters = ListFilter.allCases.filter { scan.has($0.rawValue) }
            guard filters.count <= 1 else {
                throw UsageError("give only one of --all, --active and --completed", topic: topic)
            }
            return .list(filter: filters.first ?? .all, json: scan.has("json"))
        case .done, .undo, .remove:
            try scan.allow([], topic: topic, command: name)
            let id = try identifier(single(arguments, named: "ID", topic: topic), topic: topic)
            return topic == .done ? .done(id: id) : topic == .undo ? .undo(id: id) : .remove(id: id)
        case .edit:
            try scan.allow(["title", "notes"], topic: topic, command: "edit")
            let id = try identifier(single(arguments, named: "ID", topic: topic), topic: topic)
            let title = scan.value("title")
            let notes = scan.value("notes")
            guard title != nil || notes != nil else {
                throw UsageError("edit needs --title or --notes (or both)", topic: topic)
            }
            if let title, title.allSatisfy(\.isWhitespace) {
                throw UsageError("the title is empty", topic: topic)
            }
            return .edit(id: id, title: title, notes: notes)
        case .feeds:
            return try feedsCommand(Array(arguments), scan: &scan)
        case .tool:
            throw UsageError("unknown command '\(name)'", topic: .tool)
        }
    }

    private static func feedsCommand(_ arguments: [String], scan: inout Scan) throws(UsageError) -> RivuletCommand {
        guard let sub = arguments.first else {
            throw UsageError("feeds needs a subcommand: add, list, items, refresh or rm", topic: .feeds)
        }
        let rest = Array(arguments.dropFirst())
        switch sub {
        case "add":
            try scan.allow([], topic: .feeds, command: "feeds add")
            let source = try single(rest, named: "URL or PATH", topic: .feeds)
            guard !source.isEmpty else { throw UsageError("the feed address is empty", topic: .feeds) }
            return .feedsAdd(source: source)
        case "list":
            try scan.allow(["json"], topic: .feeds, command: "feeds list")
            guard rest.isEmpty else { throw unexpected(rest[0], topic: .feeds) }
            return .feedsList(json: scan.has("json"))
        case "items":
            try scan.allow(["json"], topic: .feeds, command: "feeds items")
            let id = try identifier(single(rest, named: "ID", topic: .feeds), topic: .feeds)
            return .feedsItems(id: id, json: scan.has("json"))
        case "refresh":
            try scan.allow([], topic: .feeds, command: "feeds refresh")
            guard rest.count <= 1 else { throw unexpected(rest[1], topic: .feeds) }
            return .feedsRefresh(
                id: try rest.first.map { (text) throws(UsageError) in
                    try identifier(text, topic: .feeds)
                })
        case "rm":
            try scan.allow([], topic: .feeds, command: "feeds rm")
            return .feedsRemove(id: try identifier(single(rest, named: "ID", topic: .feeds), topic: .feeds))
        default:
            throw UsageError("unknown feeds subcommand '\(sub)'", topic: .feeds)
        }
    }

    private static func single(
        _ arguments: [String], named name: String, topic: CommandTopic
    ) throws(UsageError)
        -> String
    {
        guard let first = arguments.first else { throw UsageError("missing \(name)", topic: topic) }
        guard arguments.count == 1 else { throw unexpected(arguments[1], topic: topic) }
        return first
    }

    private static func unexpected(_ argument: String, topic: CommandTopic) -> UsageError {
        UsageError("unexpected argument '\(argument)'", topic: topic)
    }

    private static func identifier(_ text: String, topic: CommandTopic) throws(UsageError) -> Int64 {
        guard text.allSatisfy({ $0.isASCII && $0.isNumber }), let id = Int64(text), id > 0 else {
            throw UsageError("an ID is a positive whole number, not '\(text)'", topic: topic)
        }
        return id
    }

    /// The arguments split into options (with their values) and positional arguments.
    private struct Scan {
        var positionals: [String] = []
        private var options: [String: String?] = [:]

        init(_ arguments: [String]) throws(UsageError) {
            var index = 0
            var optionsEnded = false
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                    positionals.append(argument)
                    continue
                }
                if argument == "--" {
                    optionsEnded = true
                    continue
                }
                if argument == "-h" {
                    options["help"] = .some(nil)
                    continue
                }
                guard argument.hasPrefix("--") else {
                    throw UsageError("unknown option '\(argument)'", topic: .tool)
                }
                let body = argument.dropFirst(2)
                let name: String
                var value: String?
                if let equals = body.firstIndex(of: "=") {
                    name = String(body[..<equals])
                    value = String(body[body.index(after: equals)...])
                } else {
                    name = String(body)
                }
                if Self.isValueOption(name) {
                    if value == nil {
                        guard index < arguments.count else { throw UsageError("--\(name) needs a value", topic: .tool) }
                        value = arguments[index]
                        index += 1
                    }
                } else if Self.isSwitch(name) {
                    guard value == nil else { throw UsageError("--\(name) takes no value", topic: .tool) }
                } else {
                    throw UsageError("unknown option '--\(name)'", topic: .tool)
                }
                guard options[name] == nil else { throw UsageError("--\(name) is given twice", topic: .tool) }
                options[name] = .some(value)
            }
        }

        static func isValueOption(_ name: String) -> Bool { CommandLineParser.valueOptions.contains(name) }
        static func isSwitch(_ name: String) -> Bool { CommandLineParser.switchOptions.contains(name) }

        func has(_ name: String) -> Bool { options[name] != nil }

        func value(_ name: String) -> String? { options[name] ?? nil }

        /// Refuses command options other than `allowed` (global options are always allowed).
        func allow(_ allowed: Set<String>, topic: CommandTopic, command: String) throws(UsageError) {
            for name in options.keys.sorted() where !allowed.contains(name) && !globalOptions.contains(name) {
                throw UsageError("\(command) does not take --\(name)", topic: topic)
            }
        }

        func expectNoCommandOptions(topic: CommandTopic, command: String) throws(UsageError) {
            try allow([], topic: topic, command: command)
        }
    }
}

extension RivuletCommand {
    /// The command's name as typed when it changes stored data, `nil` when it only reads.
    var changingCommandName: String? {
        switch self {
        case .app, .help, .version, .list, .feedsList, .feedsItems: nil
        case .add: "add"
        case .done: "done"
        case .undo: "undo"
        case .remove: "rm"
        case .edit: "edit"
        case .feedsAdd: "feeds add"
        case .feedsRefresh: "feeds refresh"
        case .feedsRemove: "feeds rm"
        }
    }
}
