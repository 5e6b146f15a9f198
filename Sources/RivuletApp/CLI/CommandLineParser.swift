import Coordination
public import Domain
import TerminalUI

/// Parses `rivulet`'s arguments into a ``RivuletInvocation`` by the command table, or says
/// precisely what is wrong.
///
/// Options may come before or after the command, as `--name value` or `--name=value`; `--`
/// ends the options, so a title may start with a dash. A command's free text (the title of
/// `add`) is every remaining word, joined by spaces. `--help` wins over everything but a
/// malformed option (unknown, given twice, or last without its value), and shows the help of
/// the command it follows; `--version` takes no command. An option the command does not take
/// is named as such before a missing value is.
///
/// ```swift
/// let invocation = try CommandLineParser.parse(["add", "Buy", "milk", "--due", "2026-12-24"])
/// // RivuletInvocation(command: .add(title: "Buy milk", notes: "", due: 2026-12-24))
/// ```
public enum CommandLineParser {
    /// Parses `arguments` (without the program name), reading due dates with `dueDays` (by
    /// default, today where the person is and their locale's day/month order).
    public static func parse(
        _ arguments: [String], dueDays: DueDayParser = .current()
    ) throws(UsageError) -> RivuletInvocation {
        let scan = Scan(arguments)
        let words = scan.positionals
        if let problem = scan.problem { throw UsageError(problem, topic: topic(of: words)) }
        // Help and the version answer whatever else is given, but not a last option without
        // its value: that is a malformed line, as it was typed.
        let asksForHelpOrVersion =
            scan.has(CommandTable.help.name) || words.first == "help" || scan.has(CommandTable.version.name)
        if asksForHelpOrVersion {
            try scan.refuseMissingValue(topic: topic(of: words.first == "help" ? Array(words.dropFirst()) : words))
        }
        if scan.has(CommandTable.help.name) { return RivuletInvocation(command: .help(topic(of: words))) }
        if words.first == "help" {
            guard let about = words.dropFirst().first else { return RivuletInvocation(command: .help(.tool)) }
            let named = topic(of: Array(words.dropFirst()))
            guard named != .tool else { throw UsageError("no help for '\(about)': it is not a command", topic: .tool) }
            return RivuletInvocation(command: .help(named))
        }
        if scan.has(CommandTable.version.name) {
            guard words.isEmpty else {
                throw UsageError("--version takes no command; run 'rivulet --version' alone", topic: topic(of: words))
            }
            return RivuletInvocation(command: .version)
        }
        let options = try globalOptions(from: scan, topic: topic(of: words))
        guard !words.isEmpty else {
            try scan.refuseOptions(except: [], of: "the app", topic: .tool)
            try checkWorld(options, for: nil)
            return RivuletInvocation(options: options, command: .app)
        }
        let spec = try command(named: words)
        let command = try build(spec, from: words.dropFirst(spec.words.count), scan: scan, dueDays: dueDays)
        try checkWorld(options, for: spec)
        return RivuletInvocation(options: options, command: command)
    }

    /// The command or group the first words name, else the tool.
    private static func topic(of words: [String]) -> CommandTopic {
        if let spec = CommandTable.command(startingWith: words) { return spec.topic }
        return CommandTable.group(startingWith: words).map { CommandTopic($0.joined(separator: " ")) } ?? .tool
    }

    private static func command(named words: [String]) throws(UsageError) -> CommandSpec {
        if let spec = CommandTable.command(startingWith: words) { return spec }
        guard let group = CommandTable.group(startingWith: words) else {
            throw UsageError("unknown command '\(words[0])'", topic: .tool)
        }
        let name = group.joined(separator: " ")
        guard words.count > group.count else {
            var next: [String] = []
            for spec in CommandTable.subcommands(of: group) where !next.contains(spec.words[group.count]) {
                next.append(spec.words[group.count])
            }
            let names = CommandTable.listed(next, conjunction: "or")
            throw UsageError("\(name) needs a subcommand: \(names)", topic: CommandTopic(name))
        }
        throw UsageError("unknown \(name) subcommand '\(words[group.count])'", topic: CommandTopic(name))
    }

    /// Checks the options and binds the arguments as `spec` declares them, then lets `spec`
    /// make its command.
    private static func build(
        _ spec: CommandSpec, from words: ArraySlice<String>, scan: Scan, dueDays: DueDayParser
    ) throws(UsageError) -> RivuletCommand {
        let topic = spec.topic
        try scan.refuseOptions(except: Set(spec.options.flatMap(\.names)), of: spec.name, topic: topic)
        var remaining = words
        var bound: [String: String] = [:]
        var lists: [String: [String]] = [:]
        for argument in spec.arguments {
            switch argument.arity {
            case .optional:
                bound[argument.name] = remaining.popFirst()
            case .one:
                guard let word = remaining.popFirst() else { throw missing(argument, topic: topic) }
                bound[argument.name] = word
            case .words:
                guard !remaining.isEmpty else { throw missing(argument, topic: topic) }
                bound[argument.name] = remaining.joined(separator: " ")
                remaining = []
            case .list:
                lists[argument.name] = Array(remaining)
                remaining = []
            case .several:
                guard !remaining.isEmpty else { throw missing(argument, topic: topic) }
                lists[argument.name] = Array(remaining)
                remaining = []
            }
        }
        if let extra = remaining.first { throw UsageError("unexpected argument '\(extra)'", topic: topic) }
        for option in spec.options {
            guard case .oneOf(let names) = option.kind, names.filter(scan.has).count > 1 else { continue }
            let listed = CommandTable.listed(names.map { "--\($0)" }, conjunction: "and")
            throw UsageError("give only one of \(listed)", topic: topic)
        }
        return try spec.make(
            CommandInput(topic: topic, arguments: bound, lists: lists, options: scan.options, dueDays: dueDays))
    }

    /// `missing URL or PATH` for the argument `URL|PATH`.
    private static func missing(_ argument: ArgumentSpec, topic: CommandTopic) -> UsageError {
        UsageError("missing \(argument.name.split(separator: "|").joined(separator: " or "))", topic: topic)
    }

    private static func globalOptions(from scan: Scan, topic: CommandTopic) throws(UsageError) -> GlobalOptions {
        if let name = scan.valueMissing, CommandTable.globalOptions.contains(where: { $0.name == name }) {
            try scan.refuseMissingValue(topic: topic)
        }
        var options = GlobalOptions()
        if let path = scan.value(CommandTable.database.name) {
            guard !path.isEmpty else { throw UsageError("--db needs a file path, not an empty one", topic: .tool) }
            options.databasePath = path
        }
        if let name = scan.value(CommandTable.environment.name) {
            guard let environment = AppEnvironment(rawValue: name) else {
                let names = AppEnvironment.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown environment '\(name)'; use one of \(names)", topic: .tool)
            }
            options.environment = environment
        }
        if let scenario = scan.value(CommandTable.scenario.name) {
            guard !scenario.isEmpty else { throw UsageError("--scenario needs a name", topic: .tool) }
            guard Scenario(named: scenario) != nil else {
                let names = Scenario.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("unknown scenario '\(scenario)'; use one of \(names)", topic: .tool)
            }
            options.scenario = scenario
        }
        if let text = scan.value(CommandTable.reload.name) {
            guard let minutes = Composition.reloadMinutes(text) else {
                throw UsageError(
                    "--reload needs whole minutes from 0 (never) to \(Composition.longestReloadMinutes), not '\(text)'",
                    topic: .tool)
            }
            options.reloadMinutes = minutes
        }
        return options
    }

    /// Refuses options that contradict each other. A scenario runs in the fake environment on a
    /// private in-memory database, as does `--environment fake`: that goes with the app and with
    /// the commands that only read, but not with `--db`, another environment, or a command whose
    /// change would vanish when it ends. These errors point at the tool's usage, which explains
    /// the options every command takes.
    private static func checkWorld(_ options: GlobalOptions, for spec: CommandSpec?) throws(UsageError) {
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
        guard let spec, spec.changesData else { return }
        let readers = CommandTable.listed(CommandTable.inMemoryCommandNames, conjunction: "or")
        throw UsageError(
            "\(world) uses a private in-memory database that is gone when '\(spec.name)' ends, so it would change "
                + "nothing; with it use \(readers)",
            topic: .tool)
    }

    /// The arguments split into options (with their values) and positional words. A malformed
    /// option is kept as the first problem while the scan goes on, so that the error can name
    /// the command the words are for. An option left without its value is kept apart: whether
    /// the command takes that option at all is said first.
    private struct Scan {
        private(set) var positionals: [String] = []
        private(set) var options: [String: String?] = [:]
        private(set) var problem: String?
        /// The option given last, when the arguments ended before its value.
        private(set) var valueMissing: String?

        private static let valueOptions = Set(
            (CommandTable.globalOptions + CommandTable.commands.flatMap(\.options)).filter(\.takesValue).map(\.name))
        private static let switches = Set(
            (CommandTable.globalOptions + CommandTable.commands.flatMap(\.options)).filter { !$0.takesValue }
                .flatMap(\.names))
        private static let shortNames = Dictionary(
            CommandTable.globalOptions.compactMap { option in option.short.map { ("-\($0)", option.name) } },
            uniquingKeysWith: { first, _ in first })

        init(_ arguments: [String]) {
            var index = 0
            var optionsEnded = false
            while index < arguments.count {
                let argument = arguments[index]
                index += 1
                // A negative number is a value, not an option: `done -1` is told what an ID is.
                let isNegativeNumber = argument.dropFirst().first.map { $0.isASCII && $0.isNumber } ?? false
                // After `feeds tag`, `-NAME` is a tag to take away, not an option.
                let isTagRemoval =
                    !argument.hasPrefix("--") && Self.shortNames[argument] == nil
                    && CommandTable.command(startingWith: positionals)?.takesDashWords == true
                if optionsEnded || !argument.hasPrefix("-") || argument == "-" || isNegativeNumber || isTagRemoval {
                    positionals.append(argument)
                    continue
                }
                if argument == "--" {
                    optionsEnded = true
                    continue
                }
                if let long = Self.shortNames[argument] {
                    options[long] = .some(nil)
                    continue
                }
                guard argument.hasPrefix("--") else {
                    note("unknown option '\(argument)'")
                    continue
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
                if Self.valueOptions.contains(name) {
                    if value == nil {
                        guard index < arguments.count else {
                            valueMissing = valueMissing ?? name
                            options[name] = options[name] ?? .some(nil)
                            continue
                        }
                        value = arguments[index]
                        index += 1
                    }
                } else if Self.switches.contains(name) {
                    guard value == nil else {
                        note("--\(name) takes no value")
                        continue
                    }
                } else {
                    note("unknown option '--\(name)'")
                    continue
                }
                record(name, value)
            }
        }

        private mutating func record(_ name: String, _ value: String?) {
            guard options[name] == nil else { return note("--\(name) is given twice") }
            options[name] = .some(value)
        }

        private mutating func note(_ message: String) {
            problem = problem ?? message
        }

        func has(_ name: String) -> Bool { options[name] != nil }

        func value(_ name: String) -> String? { options[name] ?? nil }

        /// Refuses options other than `allowed` and the global ones.
        func refuseOptions(except allowed: Set<String>, of command: String, topic: CommandTopic) throws(UsageError) {
            let global = Set(CommandTable.globalOptions.map(\.name))
            for name in options.keys.sorted() where !allowed.contains(name) && !global.contains(name) {
                throw UsageError("\(command) does not take --\(name)", topic: topic)
            }
            try refuseMissingValue(topic: topic)
        }

        /// Refuses an option given last without its value, if there is one.
        func refuseMissingValue(topic: CommandTopic) throws(UsageError) {
            if let name = valueMissing { throw UsageError("--\(name) needs a value", topic: topic) }
        }
    }
}
