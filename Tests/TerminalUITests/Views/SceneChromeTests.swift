import TerminalUI
import TestMeasures
import Testing

/// The chrome with an input line, drawn on a terminal `width` columns wide and three rows high
/// (title, input line, status line).
private func inputLine(_ text: String, cursor: Int, width: Int = 30) -> CellBuffer {
    var chrome = SceneChrome(title: "Todos")
    chrome.prompt = .input(label: "New todo:", text: text, cursor: cursor)
    var buffer = CellBuffer(size: TerminalSize(width: width, height: 3))
    chrome.draw(into: &buffer)
    return buffer
}

/// The input line drawn as `inputLine` does, with the CPU time the drawing took on this thread.
///
/// A line of a megabyte used to be trimmed one character at a time, measuring what was left
/// each time: it took hours. One pass takes milliseconds (about 50 in a debug build); the bound
/// of ten seconds only stops a regression. It counts this thread's CPU time, not the wall clock:
/// a test's time limit of one minute ran out in CI while the test waited for a thread of a pool
/// that longer tests held, before the drawing began. The tests keep a limit of ten minutes only
/// so that a return of the hours-long trimming fails instead of hanging the run.
private func timedInputLine(_ text: String, cursor: Int, width: Int = 30) -> (CellBuffer, seconds: Double) {
    var buffer = CellBuffer(size: TerminalSize(width: 1, height: 1))
    let seconds = TestMeasures.threadCPUSeconds { buffer = inputLine(text, cursor: cursor, width: width) }
    return (buffer, seconds)
}

@Test(.timeLimit(.minutes(10))) func inputLineOfAMegabyteShowsItsEndAndTheCursor() {
    let text = String(repeating: "x", count: 999_997) + "END"
    let (buffer, seconds) = timedInputLine(text, cursor: 1_000_000)
    #expect(seconds < 10)
    #expect(buffer.textLines()[1] == " New todo: " + String(repeating: "x", count: 14) + "END  ")
    #expect(buffer[28, 1].style == .reverse)
}

@Test(.timeLimit(.minutes(10))) func inputLineOfAMegabyteWithTheCursorInTheMiddleShowsBothSides() {
    let text = String(repeating: "a", count: 500_000) + "b" + String(repeating: "c", count: 499_999)
    let (buffer, seconds) = timedInputLine(text, cursor: 500_000, width: 40)
    #expect(seconds < 10)
    let line = buffer.textLines()[1]
    #expect(line.hasPrefix(" New todo: " + String(repeating: "a", count: 27) + "b"))
    #expect(buffer[38, 1].character == "b")
    #expect(buffer[38, 1].style == .reverse)
}

@Test func inputLineKeepsWideCharactersBeforeTheCursorWhole() {
    let buffer = inputLine("年末の大掃除abc", cursor: 6, width: 20)
    #expect(buffer.textLines()[1] == " New todo: 大掃除abc")
    #expect(buffer[17, 1].character == "a")
    #expect(buffer[17, 1].style == .reverse)
}

@Test func inputLineWithTheCursorPastTheEndShowsABlankCursor() {
    let buffer = inputLine("milk", cursor: 99)
    #expect(buffer.textLines()[1].hasPrefix(" New todo: milk "))
    #expect(buffer[15, 1].style == .reverse)
}

@Test func aMessageReplacesTheHintsAndAnErrorReplacesTheMessage() {
    var chrome = SceneChrome(title: "Todos", hints: [KeyHint("a", "add")], message: "3 todos completed")
    var buffer = CellBuffer(size: TerminalSize(width: 30, height: 3))
    chrome.draw(into: &buffer)
    #expect(buffer.textLines()[2].hasPrefix(" 3 todos completed"))
    chrome.errorMessage = "The disk is full"
    chrome.draw(into: &buffer)
    #expect(buffer.textLines()[2].hasPrefix(" ! The disk is full"))
    chrome.errorMessage = nil
    chrome.message = nil
    chrome.draw(into: &buffer)
    #expect(buffer.textLines()[2].hasPrefix(" a add"))
}

@Test func hintsThatDoNotFitTheStatusLineAreDroppedWholeAndTheHelpStays() {
    let hints = [
        KeyHint("a", "add"), KeyHint("Space", "done"), KeyHint("e", "edit"), KeyHint("d", "delete"),
        KeyHint("?", "help", isEssential: true), KeyHint("q", "back"),
    ]
    var chrome = SceneChrome(title: "Todos", hints: hints)
    var buffer = CellBuffer(size: TerminalSize(width: 40, height: 3))
    chrome.draw(into: &buffer)
    #expect(
        buffer.textLines()[2] == " a add  Space done  e edit  ? help".padding(toLength: 40, withPad: " ", startingAt: 0)
    )
    // A spinner takes its columns from the hints, not from the middle of one.
    chrome.isBusy = true
    var narrower = CellBuffer(size: TerminalSize(width: 36, height: 3))
    chrome.draw(into: &narrower)
    #expect(narrower.textLines()[2].hasPrefix(" a add  Space done  ? help "))
    #expect(narrower.textLines()[2].hasSuffix(" "))
}

@Test(arguments: [
    (24, false, false, 22), (24, true, false, 21), (24, true, true, 20), (2, true, true, 0), (0, false, false, 0),
])
func theContentAreaIsKnownBeforeDrawingAndMatchesTheDrawing(
    height: Int, hasPrompt: Bool, hasHeader: Bool, listRows: Int
) {
    let chrome = SceneChrome(
        title: "Todos", prompt: hasPrompt ? .input(label: "New:", text: "", cursor: 0) : nil)
    let size = TerminalSize(width: 40, height: height)
    var buffer = CellBuffer(size: size)
    #expect(chrome.contentArea(for: size) == chrome.draw(into: &buffer))
    #expect(SceneScreen.listHeight(chrome: chrome, hasHeader: hasHeader, size: size) == listRows)
}

@Test func anErrorTooLongForTheStatusLineWrapsAboveItAndTheContentGivesWay() throws {
    let error = "failed: GET https://example.com/feed.xml: the server answered 404 Not Found; check the address"
    var chrome = SceneChrome(title: "Feeds", hints: [KeyHint("a", "add")], errorMessage: error)
    let size = TerminalSize(width: 40, height: 12)
    var buffer = CellBuffer(size: size)
    let content = chrome.draw(into: &buffer)
    let lines = buffer.textLines()
    // The error takes the bottom rows, its first line marked, the others indented; the
    // content ends above them, and every word of the error is on screen.
    let first = try #require(lines.firstIndex { $0.hasPrefix(" ! failed: GET") })
    #expect(first < 11 && lines[(first + 1)...].allSatisfy { $0.hasPrefix("   ") })
    let shown = lines[first...].joined(separator: " ").split(separator: " ").joined(separator: " ")
    #expect(shown == "! " + error)
    #expect(content == chrome.contentArea(for: size) && content.maxY == first)
    chrome.errorMessage = nil
    #expect(chrome.contentArea(for: size).maxY == 11)
}

@Test func aMessageWrapsOntoAThirdOfTheScreenAtMostAndSaysMoreIsCut() {
    let message = Array(repeating: "word", count: 60).joined(separator: " ")
    let chrome = SceneChrome(title: "Feeds", message: message)
    var buffer = CellBuffer(size: TerminalSize(width: 30, height: 9))
    let content = chrome.draw(into: &buffer)
    let lines = buffer.textLines()
    #expect(content.maxY == 6)
    #expect(lines[6].hasPrefix(" word") && lines[8].trimmingCharacters(in: .whitespaces).hasSuffix("…"))
}
