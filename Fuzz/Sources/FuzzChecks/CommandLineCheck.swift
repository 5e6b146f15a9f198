import Domain
import RivuletApp

/// The subcommand parser's promises for one command line.
public enum CommandLineCheck {
    /// The input is the arguments separated by NUL bytes. They either parse into a command that
    /// keeps its promises (a title that is not blank, positive IDs, a period that does not end
    /// before it starts, a download's enclosure number from 1 and a folder that is not empty) or
    /// give a usage error with a
    /// message and a usage text, reported in two lines (what is wrong, where to look), which
    /// `rivulet` turns into exit status 2.
    public static func check(_ input: [UInt8]) {
        let arguments = input.split(separator: 0, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        do {
            let invocation = try CommandLineParser.parse(arguments)
            check(invocation.command, arguments: arguments)
        } catch {
            guard !error.message.isEmpty, !CommandUsage.text(for: error.topic).isEmpty else {
                violation("a usage error without a message or usage for \(arguments)")
            }
            guard CommandUsage.report(of: error).split(separator: "\n", omittingEmptySubsequences: false).count == 2
            else {
                violation("a usage error report that is not two lines for \(arguments)")
            }
        }
    }

    private static func check(_ command: RivuletCommand, arguments: [String]) {
        switch command {
        case .add(let title, _, _, _), .edit(_, let title?, _, _, _):
            guard !title.allSatisfy(\.isWhitespace) else { violation("a blank title from \(arguments)") }
        case .completed(let period?, _):
            guard period.first <= period.last else { violation("a period ending before it starts from \(arguments)") }
        default:
            break
        }
        switch command {
        case .feedsRuleAdd(let name, let expression):
            // What the parser accepted the service reads too: a filter never tests read states.
            guard let parsed = try? FeedItemExpression.parse(expression), name != nil || !parsed.testsReadState
            else { violation("an expression the service refuses from \(arguments)") }
            guard name.map({ FeedTag.normalized($0) == $0 }) ?? true else {
                violation("a blank name from \(arguments)")
            }
        case .feedsTag(_, let change):
            for tag in change.added + change.removed where FeedTag.normalized(tag) != tag {
                violation("the tag \(tag.debugDescription) is not normalised, from \(arguments)")
            }
        default:
            break
        }
        switch command {
        case .undo(let id?), .edit(let id, _, _, _, _), .show(let id, _), .feedsItems(let id, _), .feedsRemove(let id),
            .feedsRefresh(let id?), .feedsSetRead(.feed(let id), _), .feedsTag(let id, _), .feedsFilterRemove(let id):
            guard id > 0 else { violation("ID \(id) from \(arguments)") }
        case .done(let ids), .reopen(let ids), .remove(let ids), .feedsSetRead(.items(let ids), _):
            guard !ids.isEmpty, ids.allSatisfy({ $0 > 0 }) else { violation("IDs \(ids) from \(arguments)") }
        case .feedsDownload(let id, let number, let folder):
            guard id > 0, (number ?? 1) > 0, folder?.isEmpty != true else {
                violation(
                    "download of item \(id), enclosure \(String(describing: number)) into \(String(describing: folder)) from \(arguments)"
                )
            }
        default:
            break
        }
    }
}
