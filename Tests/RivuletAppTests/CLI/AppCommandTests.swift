import Testing

@testable import RivuletApp

@Test func theAppRefusesWithOneLineThatPointsToTheCommands() throws {
    let notATerminal = try #require(AppCommand.refusal(isInteractive: false, term: "xterm-256color"))
    #expect(notATerminal.contains("standard input and output are not a terminal"))
    let dumb = try #require(AppCommand.refusal(isInteractive: true, term: "dumb"))
    #expect(dumb.contains("TERM=dumb"))
    for message in [notATerminal, dumb] {
        #expect(!message.contains("\n"))
        #expect(
            message.hasPrefix("rivulet: ") && message.contains("rivulet list") && message.contains("rivulet --help"))
    }
    #expect(AppCommand.refusal(isInteractive: true, term: "xterm-256color") == nil)
    #expect(AppCommand.refusal(isInteractive: true, term: nil) == nil)
}
