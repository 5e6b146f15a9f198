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
