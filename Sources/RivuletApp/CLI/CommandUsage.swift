import Domain
import TerminalUI

/// The usage, each command's help, and the report of a usage error, all written from the
/// command table.
public enum CommandUsage {
    /// The version `rivulet --version` prints.
    public static let version = "rivulet \(AppVersion.number)"

    /// The help for `topic`: the tool's usage, a group's subcommands, or one command's usage,
    /// arguments and options.
    public static func text(for topic: CommandTopic) -> String {
        if let command = CommandTable.commands.first(where: { $0.name == topic.name }) { return help(for: command) }
        let subcommands = CommandTable.subcommands(of: topic.name)
        if !subcommands.isEmpty { return help(forGroup: topic.name, subcommands) }
        return toolUsage
    }

    /// What a usage error prints on standard error: one line saying what is wrong (a control
    /// character or line break in a quoted argument written out, as `\e` or `\n`), then one
    /// saying where to read more.
    public static func report(of error: UsageError) -> String {
        "rivulet: \(TextSanitizer.visible(error.message))\nsee '\(error.topic) --help'"
    }

    /// The line a command has in the list of commands, as `add TITLE... [--notes TEXT]`.
    static func synopsis(of command: CommandSpec) -> String {
        ([command.name] + command.arguments.map(\.synopsis) + command.options.map(\.synopsis))
            .joined(separator: " ")
    }

    private static let toolUsage = """
        Usage: rivulet [options]                 open the full-screen app (needs a terminal)
               rivulet [options] COMMAND ...      run one command, for scripts

        Commands:
        \(rows(CommandTable.commands.map { (synopsis(of: $0), $0.summary) }))

        A todo's title carries its attributes, here and in the app's add and rename lines:
          +tag  project:NAME  pri:H|M|L  due:WHEN  recur:daily|weekly|monthly|yearly|'every N days'
        A backslash before such a word keeps it in the title ('Learn \\+word'; quote it for the
        shell); an unknown NAME:VALUE ('at 10:30') is title text. 'list +work project:home pri:H'
        lists by them, as the app's search does; 'list -errand' leaves out the todos tagged errand.

        \(globalOptions)

        Exit status: 0 on success, 1 when the command failed, 2 when the command line is wrong.
        Run 'rivulet COMMAND --help' or 'rivulet help COMMAND' for one command.
        """

    private static let globalOptions = """
        Options for every command:
        \(rows(CommandTable.globalOptions.map { ($0.helpLabel, $0.help) }))
        """

    private static func help(for command: CommandSpec) -> String {
        var sections = ["Usage: rivulet \(synopsis(of: command)) [options]", command.discussion]
        if !command.arguments.isEmpty {
            sections.append("Arguments:\n" + rows(command.arguments.map { ($0.synopsis, $0.help) }))
        }
        if !command.options.isEmpty {
            sections.append("Options:\n" + rows(command.options.map { ($0.helpLabel, $0.help) }))
        }
        sections.append(globalOptions)
        return sections.joined(separator: "\n\n")
    }

    private static func help(forGroup group: String, _ subcommands: [CommandSpec]) -> String {
        """
        Usage: rivulet \(group) SUBCOMMAND ... [options]

        Subcommands:
        \(rows(subcommands.map { (synopsis(of: $0), $0.summary) }))

        Run 'rivulet \(group) SUBCOMMAND --help' for one of them.

        \(globalOptions)
        """
    }

    /// Two columns: each label indented by two spaces, each help aligned after the longest
    /// label, its further lines under its first.
    private static func rows(_ rows: [(label: String, help: String)]) -> String {
        let width = max(21, rows.map(\.label.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: 2 + width)
        return rows.map { row in
            let lines = row.help.split(separator: "\n")
            let padding = String(repeating: " ", count: width - row.label.count)
            return (["  \(row.label)\(padding)\(lines.first ?? "")"] + lines.dropFirst().map { indent + $0 })
                .joined(separator: "\n")
        }
        .joined(separator: "\n")
    }
}
