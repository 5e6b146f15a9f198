import Coordination
import TerminalUI

/// The usage texts `rivulet --help` and usage errors print.
public enum CommandUsage {
    /// The version `rivulet --version` prints.
    public static let version = "rivulet 0.1.0"

    private static let scenarioNames = Scenario.allCases.map(\.rawValue).joined(separator: ", ")

    private static let globalOptions = """
        Options for every command:
          --db PATH              the database file (default: $RIVULET_DB, else
                                 $XDG_DATA_HOME/rivulet/rivulet.sqlite or ~/.local/share/rivulet/rivulet.sqlite)
          --environment NAME     production (default), development or fake (in memory, with fixtures)
          --scenario NAME        start in a prepared state, in memory: \(scenarioNames)
                                 (fake and scenarios: the app, list, feeds list and feeds items only)
          -h, --help             show this help
          --version              show the version
        """

    /// The usage text for `topic`.
    public static func text(for topic: CommandTopic) -> String {
        switch topic {
        case .tool:
            """
            Usage: rivulet [options]                 open the full-screen app (needs a terminal)
                   rivulet [options] COMMAND ...      run one command, for scripts

            Commands:
              add TITLE [--notes TEXT] [--due YYYY-MM-DD]    add a todo and print its ID
              list [--all|--active|--completed] [--json]     list todos
              done ID                                        mark a todo done
              undo ID                                        mark a todo not done
              rm ID                                          delete a todo
              edit ID [--title TITLE] [--notes TEXT]         change a todo
              feeds add URL|PATH                             subscribe to a feed, fetch it, print its ID
              feeds list [--json]                            list feeds
              feeds items ID [--json]                        list a feed's items
              feeds refresh [ID]                             fetch one feed, or all
              feeds rm ID                                    unsubscribe from a feed

            \(globalOptions)

            Exit status: 0 on success, 1 when the command failed, 2 when the command line is wrong.
            Run 'rivulet COMMAND --help' for one command.
            """
        case .add:
            """
            Usage: rivulet add TITLE [--notes TEXT] [--due YYYY-MM-DD] [options]

            Adds a todo at the end of the list and prints its ID.
              --notes TEXT           notes for the todo
              --due YYYY-MM-DD       the day it is due
            Use '--' before a title that starts with '-'.

            \(globalOptions)
            """
        case .list:
            """
            Usage: rivulet list [--all|--active|--completed] [--json] [options]

            Lists todos (all by default), one a line: ID, [x] when done, title, due day.
              --all, --active, --completed   which todos
              --json                 print a JSON array of {id, title, notes, completed, due}

            \(globalOptions)
            """
        case .done:
            """
            Usage: rivulet done ID [options]

            Marks the todo with this ID done.

            \(globalOptions)
            """
        case .undo:
            """
            Usage: rivulet undo ID [options]

            Marks the todo with this ID not done.

            \(globalOptions)
            """
        case .remove:
            """
            Usage: rivulet rm ID [options]

            Deletes the todo with this ID.

            \(globalOptions)
            """
        case .edit:
            """
            Usage: rivulet edit ID [--title TITLE] [--notes TEXT] [options]

            Changes a todo's title, notes, or both.

            \(globalOptions)
            """
        case .feeds:
            """
            Usage: rivulet feeds add URL|PATH [options]     subscribe, fetch at once, print the new ID
                   rivulet feeds list [--json] [options]    list feeds
                   rivulet feeds items ID [--json] [options]
                                                            list every item, newest first
                   rivulet feeds refresh [ID] [options]     fetch one feed, or every feed
                   rivulet feeds rm ID [options]            unsubscribe and delete its items

            JSON of feeds list: {id, title, url, itemCount, unreadCount, lastError};
            of feeds items: {id, title, link, published, read}.

            \(globalOptions)
            """
        }
    }
}
