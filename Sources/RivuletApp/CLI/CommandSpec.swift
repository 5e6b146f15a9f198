import Domain
import TerminalUI
import ViewModels

/// One `rivulet` command as the table declares it: the words that name it, its arguments and
/// options with their help, and how the parsed words become a ``RivuletCommand``. The parser,
/// the usage, each command's help and the list of commands that write all read it.
struct CommandSpec: Sendable {
    /// The words as typed: `["add"]`, `["feeds", "items"]`.
    let words: [String]
    /// One line for the tool's list of commands.
    let summary: String
    /// The sentences that open the command's own help.
    let discussion: String
    /// The positional arguments, in order.
    let arguments: [ArgumentSpec]
    /// The command's own options (every command also takes the global ones).
    let options: [OptionSpec]
    /// The fields of each element of the array `--json` prints; `nil` when there is no `--json`.
    let jsonFields: [String]?
    /// Whether the command changes stored data (and so makes no sense on an in-memory database).
    let changesData: Bool
    /// Builds the command from what was parsed; checks what only this command knows.
    let make: @Sendable (CommandInput) throws(UsageError) -> RivuletCommand
    /// Whether a word `-NAME` after the command is an argument (a tag to take away), not an option.
    let takesDashWords: Bool

    init(
        _ words: String, summary: String, discussion: String, arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], jsonFields: [String]? = nil, changesData: Bool, takesDashWords: Bool = false,
        make: @escaping @Sendable (CommandInput) throws(UsageError) -> RivuletCommand
    ) {
        self.takesDashWords = takesDashWords
        self.words = words.split(separator: " ").map(String.init)
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.options = options + (jsonFields.map { [.json($0)] } ?? [])
        self.jsonFields = jsonFields
        self.changesData = changesData
        self.make = make
    }

    /// The command's name as typed: `feeds items`.
    var name: String { words.joined(separator: " ") }

    /// The topic of the command's help and of its usage errors.
    var topic: CommandTopic { CommandTopic(name) }
}

/// A positional argument of a command.
struct ArgumentSpec: Sendable {
    /// How many words an argument takes.
    enum Arity: Sendable {
        /// Exactly one word.
        case one
        /// One word or none.
        case optional
        /// One word or more, joined by single spaces: free text such as a title, unquoted.
        case words
        /// Any number of words, each a value of its own (several IDs); none is allowed, for
        /// a command that can be told what to act on another way.
        case list
        /// One word or more, each a value of its own: the IDs a command acts on.
        case several
    }

    /// The name in the usage, which missing-argument errors repeat: `ID`, `TITLE`.
    let name: String
    /// What the argument is.
    let help: String
    let arity: Arity

    /// An argument of exactly one word.
    static func one(_ name: String, _ help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, arity: .one)
    }

    /// An argument that may be left out.
    static func optional(_ name: String, _ help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, arity: .optional)
    }

    /// Free trailing text: every remaining word, joined by spaces.
    static func words(_ name: String, _ help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, arity: .words)
    }

    /// Every remaining word, each a value of its own; there may be none.
    static func list(_ name: String, _ help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, arity: .list)
    }

    /// Every remaining word, each a value of its own; at least one.
    static func several(_ name: String, _ help: String) -> ArgumentSpec {
        ArgumentSpec(name: name, help: help, arity: .several)
    }

    /// The argument as the usage line writes it.
    var synopsis: String {
        switch arity {
        case .one: name
        case .optional: "[\(name)]"
        case .words, .several: "\(name)..."
        case .list: "[\(name)...]"
        }
    }
}

/// An option: `--name VALUE`, a switch `--name`, or switches of which at most one may be given.
struct OptionSpec: Sendable {
    enum Kind: Sendable {
        /// Takes a value, written in the usage as the placeholder.
        case value(placeholder: String)
        /// A switch.
        case flag
        /// Switches that exclude each other.
        case oneOf([String])
    }

    /// The long name without dashes (for `oneOf`, the first choice's).
    let name: String
    let kind: Kind
    /// What the option does; a second line is indented under the first.
    let help: String
    /// A one-letter spelling, as `h` for `-h`.
    let short: Character?

    static func value(_ name: String, _ placeholder: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .value(placeholder: placeholder), help: help, short: nil)
    }

    static func flag(_ name: String, _ help: String, short: Character? = nil) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, short: short)
    }

    static func oneOf(_ names: [String], _ help: String) -> OptionSpec {
        OptionSpec(name: names.first ?? "", kind: .oneOf(names), help: help, short: nil)
    }

    /// `--json`, described by the fields of what it prints.
    static func json(_ fields: [String]) -> OptionSpec {
        .flag("json", "print a JSON array of {\(fields.joined(separator: ", "))}")
    }

    /// Every long name the option answers to.
    var names: [String] {
        if case .oneOf(let names) = kind { return names }
        return [name]
    }

    var takesValue: Bool {
        if case .value = kind { return true }
        return false
    }

    /// The option as the synopsis writes it: `[--due YYYY-MM-DD]`, `[--all|--active]`.
    var synopsis: String { "[\(label(separator: "|"))]" }

    /// The option as its help line starts: `--due YYYY-MM-DD`, `-h, --help`.
    var helpLabel: String {
        (short.map { "-\($0), " } ?? "") + label(separator: ", ")
    }

    private func label(separator: String) -> String {
        switch kind {
        case .value(let placeholder): "--\(name) \(placeholder)"
        case .flag: "--\(name)"
        case .oneOf(let names): names.map { "--\($0)" }.joined(separator: separator)
        }
    }
}

/// What the parser read for one command, handed to the table's `make`: the arguments by name
/// and the options, with helpers that turn text into checked values or a usage error.
struct CommandInput {
    let topic: CommandTopic
    let arguments: [String: String]
    /// The arguments that take a list of words, by name.
    var lists: [String: [String]] = [:]
    let options: [String: String?]
    /// Reads `--due`: today, and the locale's day/month order.
    let dueDays: DueDayParser

    /// The argument called `name` as typed, `nil` when an optional one was left out.
    func argument(_ name: String) -> String? { arguments[name] }

    /// The words of the list argument called `name`, as typed; empty when none was given.
    func list(_ name: String) -> [String] { lists[name] ?? [] }

    /// Whether the switch or option `name` was given.
    func has(_ name: String) -> Bool { options[name] != nil }

    /// The value of the option `name`, `nil` when it was not given.
    func value(_ name: String) -> String? { options[name] ?? nil }

    /// A usage error about this command.
    func error(_ message: String) -> UsageError { UsageError(message, topic: topic) }

    /// The argument `name` as a todo or feed ID: a positive whole number.
    func id(_ name: String = "ID") throws(UsageError) -> Int64 {
        try identifier(argument(name) ?? "")
    }

    /// The optional argument `name` as an ID, `nil` when it was left out.
    func optionalID(_ name: String = "ID") throws(UsageError) -> Int64? {
        guard let text = argument(name) else { return nil }
        return try identifier(text)
    }

    /// The list argument `name` as IDs, in the order given, each once.
    func ids(_ name: String) throws(UsageError) -> [Int64] {
        var ids: [Int64] = []
        for text in list(name) {
            let id = try identifier(text)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// The value of the option `name` as an ID, `nil` when the option was not given.
    func optionID(_ name: String) throws(UsageError) -> Int64? {
        guard let text = value(name) else { return nil }
        do {
            return try identifier(text)
        } catch {
            throw self.error("--\(name): \(error.message)")
        }
    }

    /// `text` as a title, by the rule the todo list and the editor follow (``TitleRule``).
    func title(_ text: String) throws(UsageError) -> String {
        switch TitleRule.check(text) {
        case nil: return text
        case .empty: throw error("the title is empty")
        case .tooLong(let length):
            throw error("the title has \(length) characters; at most \(TitleRule.maximumLength) are allowed")
        }
    }

    /// `text` as a todo line: its title and attributes (``TodoLine``); its due day, if it names
    /// one, must not be given with `--due` or `--no-due` too.
    func line(_ text: String) throws(UsageError) -> TodoLine {
        switch TodoLine.parse(text, dueDays: dueDays) {
        case .success(let line):
            if line.due != .keep, has("due") || has("no-due") {
                throw error("give the due day once: with due: in the title, or with --due")
            }
            return line
        case .failure(let problem): throw error(problem.message)
        }
    }

    /// The day `--due` names, `nil` when it was not given.
    func dueDay() throws(UsageError) -> DueDay? {
        guard let text = value("due") else { return nil }
        switch dueDays.parse(text) {
        case .success(let day): return day
        case .failure(let problem): throw error("--due: \(problem.message)")
        }
    }

    private func identifier(_ text: String) throws(UsageError) -> Int64 {
        let isWhole = !text.isEmpty && text.allSatisfy { $0.isASCII && $0.isNumber }
        guard isWhole, let id = Int64(text), id > 0 else {
            if isWhole, text.contains(where: { $0 != "0" }) {
                throw error("there is no ID \(text): IDs go up to \(Int64.max)")
            }
            throw error("an ID is a positive whole number, not '\(text)'")
        }
        return id
    }
}
