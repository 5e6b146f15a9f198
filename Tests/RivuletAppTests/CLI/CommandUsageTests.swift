import Foundation
import RivuletApp
import TerminalUI
import Testing

@Test func everyTopicHasAUsageThatStartsWithUsage() {
    for topic in CommandTopic.allCases {
        #expect(CommandUsage.text(for: topic).hasPrefix("Usage: rivulet"))
    }
}

@Test func toolUsageNamesEveryCommand() {
    let text = CommandUsage.text(for: .tool)
    for command in [
        "add", "list", "done", "undo", "rm", "edit", "feeds add", "feeds list", "feeds items", "feeds refresh",
    ] {
        #expect(text.contains("  \(command) "))
    }
}

@Test func everyTopicsUsageNamesItselfFirst() {
    for topic in CommandTopic.allCases where topic != .tool {
        #expect(CommandUsage.text(for: topic).hasPrefix("Usage: rivulet \(topic.name) "), "\(topic)")
    }
}

@Test func aNameThatIsNoCommandShowsTheToolsUsage() {
    #expect(CommandUsage.text(for: "frobnicate") == CommandUsage.text(for: .tool))
}

@Test func theReportOfAUsageErrorPointsAtTheHelpOfItsTopic() {
    #expect(
        CommandUsage.report(of: UsageError("missing ID", topic: "feeds rm"))
            == "rivulet: missing ID\nsee 'rivulet feeds rm --help'")
    #expect(
        CommandUsage.report(of: UsageError("unknown command 'x'", topic: .tool))
            == "rivulet: unknown command 'x'\nsee 'rivulet --help'")
}

@Test func theReadmeShowsTheUsageAsTheToolPrintsIt() throws {
    var root = URL(fileURLWithPath: #filePath)
    for _ in 0..<4 { root.deleteLastPathComponent() }
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("```\n\(CommandUsage.text(for: .tool))\n```"))
}
