import SceneServices
import Testing

@Test func aShortLabelKeepsALabelThatFits() {
    #expect(HistoryStep(action: "add", subject: "Buy milk", todoCount: 1).shortLabel() == "add “Buy milk”")
    #expect(HistoryStep(action: "complete 3 todos", todoCount: 3).shortLabel(maximumLength: 16) == "complete 3 todos")
}

@Test func aShortLabelShortensTheTitleInsideItsQuotes() {
    let step = HistoryStep(action: "delete", subject: "Mark a todo done, then clear the done ones", todoCount: 1)
    let short = step.shortLabel(maximumLength: 30)
    #expect(short == "delete “Mark a todo done, th…”")
    #expect(short.count == 30)
}

@Test func aShortLabelWithoutATitleIsCutWithAnEllipsis() {
    let step = HistoryStep(action: "complete 1,000,000 todos and more words", todoCount: 1)
    #expect(step.shortLabel(maximumLength: 12) == "complete 1,…")
}

@Test func aShortLabelKeepsOneCharacterOfAVeryLongVerbsTitle() {
    let step = HistoryStep(action: "remove feed", subject: "Example", todoCount: 0)
    #expect(step.shortLabel(maximumLength: 10) == "remove feed “E…”")
}

@Test func aShortLabelDoesNotEndItsTitleInASpace() {
    let step = HistoryStep(action: "add", subject: "Buy oat milk today", todoCount: 1)
    #expect(step.shortLabel(maximumLength: 15) == "add “Buy oat…”")
}
