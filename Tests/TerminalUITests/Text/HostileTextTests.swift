import Testing

@testable import TerminalUI

// Hostile text: what data may carry to make a terminal act instead of show. Every string here
// must come out of the sanitizer and the views inert (no control, no escape sequence, no bidi
// override), at the right width, and cut to fit.

/// Escape sequences and controls a title, a note or a feed item may carry.
private let hostileTexts: [String] = [
    "red \u{1B}[31mtext\u{1B}[0m",  // CSI colour
    "clear\u{1B}[2J\u{1B}[Hscreen",  // CSI clear screen, cursor home
    "move\u{1B}[10;10Hcursor",  // CSI cursor position
    "hide\u{1B}[?25lcursor\u{1B}[?1049l",  // private modes: cursor, alternate screen
    "title\u{1B}]0;pwned\u{07}zero",  // OSC 0 title, BEL-terminated
    "title\u{1B}]2;pwned\u{1B}\\two",  // OSC 2 title, ST-terminated
    "clip\u{1B}]52;c;cHduZWQ=\u{07}board",  // OSC 52 clipboard write
    "clip\u{1B}]52;p;cHduZWQ=\u{1B}\\board",  // OSC 52 primary selection, ST
    "link\u{1B}]8;;http://evil.test\u{1B}\\text\u{1B}]8;;\u{1B}\\",  // OSC 8 hyperlink
    "dcs\u{1B}P+q544e\u{1B}\\query",  // DCS (XTGETTCAP)
    "apc\u{1B}_payload\u{1B}\\pm\u{1B}^x\u{1B}\\sos\u{1B}Xy\u{1B}\\",  // APC, PM, SOS strings
    // 8-bit CSI, OSC and DCS: each C1 character is a placeholder on its own, what follows is text.
    "c1csi\u{9B}31mred",
    "c1osc\u{9D}0;shown\u{9C}title",
    "c1dcs\u{90}q\u{9C}end",
    String(String.UnicodeScalarView((0x80...0x9F).compactMap(Unicode.Scalar.init))),  // every C1 control
    "lone escape at the end\u{1B}",
    "escape\u{1B}\u{1B}twice",
    "unterminated\u{1B}]0;title without an end",
    "unterminated csi\u{1B}[12;",
    "bell\u{07}backspace\u{08}delete\u{7F}formfeed\u{0C}vtab\u{0B}",
    "nul\u{0}in\u{0}the\u{0}middle",
    "carriage\rreturn overwrites",
    "tab\tand\nnewline\r\nand\u{2028}separators\u{2029}",
    "right-to-left \u{202E}fdp.exe",  // RLO
    "isolates \u{2066}a\u{2069}\u{2067}b\u{2069}\u{2068}c\u{2069}",
    "embeddings \u{202A}a\u{202C}\u{202B}b\u{202C}\u{202D}c\u{202C} marks \u{200E}\u{200F}\u{061C}",
    "wide 漢字 and emoji 👩‍👩‍👧 with \u{1B}[1mbold\u{1B}[0m",
    "combining e\u{301}\u{302}\u{303} and zero width\u{200B}space",
    // Invalid UTF-8, decoded as it reaches the screen.
    String(decoding: [0x61, 0xFF, 0xFE, 0xC0, 0x80, 0xED, 0xA0, 0x80, 0x62] as [UInt8], as: UTF8.self),
    "'; DROP TABLE todos; -- \" OR 1=1 % _ * NEAR(a b) AND -x",
]

/// Whether `text` holds anything a terminal would act on.
private func isInert(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { !$0.isTerminalControl && !$0.isBidiControl }
}

@Test(arguments: hostileTexts)
func sanitizedHostileTextHasNoControlsNoEscapesAndNoBidiOverrides(_ text: String) {
    let clean = TextSanitizer.sanitize(text)
    #expect(isInert(clean))
    #expect(!clean.contains("pwned"))
    #expect(!clean.contains("cHduZWQ="))
    #expect(TextSanitizer.sanitize(clean) == clean)
}

@Test(arguments: hostileTexts)
func sanitizingWithNewlinesKeepsOnlyNewlinesAsControls(_ text: String) {
    let clean = TextSanitizer.sanitize(text, preservingNewlines: true)
    #expect(clean.unicodeScalars.allSatisfy { $0 == "\n" || (!$0.isTerminalControl && !$0.isBidiControl) })
}

@Test func oscClipboardWritesAndTitleChangesAreRemovedWhole() {
    #expect(TextSanitizer.sanitize("clip\u{1B}]52;c;cHduZWQ=\u{07}board") == "clipboard")
    #expect(TextSanitizer.sanitize("title\u{1B}]2;pwned\u{1B}\\two") == "titletwo")
    #expect(TextSanitizer.sanitize("dcs\u{1B}P+q544e\u{1B}\\query") == "dcsquery")
}

@Test func c1ControlsShowAsPlaceholdersOneAtATime() {
    // In data, U+009D and U+009B come from text encoded twice far more often than from an
    // 8-bit sequence; read as the start of one, they hid the rest of a title.
    #expect(TextSanitizer.sanitize("c1osc\u{9D}0;pwned\u{9C}title") == "c1osc\u{FFFD}0;pwned\u{FFFD}title")
    #expect(TextSanitizer.sanitize("c1csi\u{9B}31mred") == "c1csi\u{FFFD}31mred")
}

@Test func textAfterALoneC1ControlIsKept() {
    #expect(TextSanitizer.sanitize("Rain\u{9D} stops play at the final") == "Rain\u{FFFD} stops play at the final")
    #expect(TextSanitizer.sanitize("Rain\u{9D} stops play", fittingWidth: 40) == "Rain\u{FFFD} stops play")
}

@Test func anUnterminatedStringShowsWhatFollowsItsIntroducer() {
    #expect(
        TextSanitizer.sanitize("unterminated\u{1B}]0;title without an end")
            == "unterminated\u{FFFD}0;title without an end")
    #expect(TextSanitizer.sanitize("cut\u{1B}]0;by a\nline break") == "cut\u{FFFD}0;by a line break")
}

@Test func aLoneEscapeAtTheEndShowsAsAPlaceholder() {
    #expect(TextSanitizer.sanitize("end\u{1B}") == "end\u{FFFD}")
}

@Test func nulAndOtherC0ControlsShowAsPlaceholders() {
    #expect(TextSanitizer.sanitize("a\u{0}b\u{07}c") == "a\u{FFFD}b\u{FFFD}c")
}

@Test func rightToLeftOverridesAreDropped() {
    #expect(TextSanitizer.sanitize("right-to-left \u{202E}fdp.exe") == "right-to-left fdp.exe")
}

@Test func invalidUTF8BytesShowAsReplacementCharacters() {
    let clean = TextSanitizer.sanitize(bytes: [0x61, 0xFF, 0x1B, 0x5B, 0x32, 0x4A, 0x62])
    #expect(clean == "a\u{FFFD}b")
}

@Test func aMegabyteOfEscapeSequencesSanitizesToNothingVisible() {
    let text = String(repeating: "\u{1B}[2J\u{1B}]0;x\u{07}", count: 1 << 20 / 10)
    #expect(TextSanitizer.sanitize(text).isEmpty)
}

@Test func fittingWidthReadsOnlyTheStartOfAMegabyteTitle() {
    let text = "\u{1B}[31m" + String(repeating: "x", count: 1 << 20)
    let start = TextSanitizer.sanitize(text, fittingWidth: 40)
    #expect(start.unicodeScalars.count <= 4 * 40 + 9)
    #expect(start.allSatisfy { $0 == "x" })
    #expect(DisplayWidth.of(start) > 40)
}

@Test(arguments: hostileTexts)
func fittingWidthIsAPrefixOfTheWholeSanitizedText(_ text: String) {
    let whole = TextSanitizer.sanitize(text)
    let start = TextSanitizer.sanitize(text, fittingWidth: 5)
    #expect(whole.unicodeScalars.starts(with: start.unicodeScalars))
    let fitted = DisplayWidth.truncate(whole, toWidth: 5)
    var buffer = CellBuffer(width: 5, height: 1)
    buffer.put(start, x: 0, y: 0)
    #expect(buffer.textLines()[0].trimmingTrailingSpaces == fitted.trimmingTrailingSpaces)
}

// MARK: - Views

private func render(_ screen: SceneScreen, width: Int = 60, height: Int = 8) -> CellBuffer {
    screen.render(size: TerminalSize(width: width, height: height))
}

private func listScreen(_ text: String, note: String = "", title: String = "Todos") -> SceneScreen {
    SceneScreen(
        chrome: SceneChrome(title: title, hints: [KeyHint("q", "quit")]),
        content: .list(header: nil, window: ListWindow(lines: [ListLine(mark: "[ ]", text: text, note: note)])))
}

@Test(arguments: hostileTexts)
func aListRowOfHostileTextDrawsOnlyInertCells(_ text: String) {
    let buffer = render(listScreen(text, note: text, title: text))
    for line in buffer.textLines() {
        #expect(isInert(line))
        #expect(!line.contains("pwned"))
    }
}

@Test func aListRowDropsEscapeSequencesWholeInsteadOfShowingTheirDebris() {
    let buffer = render(listScreen("evil\u{1B}[2J\u{1B}]2;pwned\u{07}title"))
    #expect(buffer.textLines()[1].hasPrefix("  [ ] eviltitle "))
}

@Test func escapesBetweenWideCharactersLeaveTheWidthRight() {
    let buffer = render(listScreen("漢\u{1B}[31m字\u{1B}]0;x\u{07}漢字", note: "due"), width: 20)
    #expect(buffer.textLines()[1] == "  [ ] 漢字漢字  due ")
}

@Test func aMegabyteTitleIsCutWithAnEllipsisAtTheEdge() {
    let buffer = render(listScreen("\u{1B}[1m" + String(repeating: "y", count: 1 << 20)), width: 30)
    let row = buffer.textLines()[1]
    #expect(row == "  [ ] " + String(repeating: "y", count: 23) + "…")
    #expect(DisplayWidth.of(row) == 30)
}

@Test func aHostileSceneTitleAndErrorShowWithoutTheirSequences() {
    let screen = SceneScreen(
        chrome: SceneChrome(
            appName: "Rivu\u{1B}[0mlet", title: "Feed\u{1B}]0;pwned\u{07} name",
            errorMessage: "bad\u{1B}[2J feed\u{9B}1m"),
        content: .list(header: "head\u{1B}]52;c;eA==\u{07}er", window: ListWindow(lines: [])))
    let lines = render(screen).textLines()
    #expect(lines[0].hasPrefix(" Rivulet · Feed name "))
    #expect(lines[1].hasPrefix(" header"))
    #expect(lines.last?.hasPrefix(" ! bad feed\u{FFFD}1m ") == true)
}

@Test func aConfirmQuestionQuotingAHostileTitleIsInert() {
    let screen = SceneScreen(
        chrome: SceneChrome(title: "Todos", prompt: .confirm("Delete \"x\u{1B}]52;c;eA==\u{07}y\"?")),
        content: .list(header: nil, window: ListWindow(lines: [])))
    let lines = render(screen).textLines()
    #expect(lines.contains { $0.hasPrefix(" Delete \"xy\"? (y/n)") })
}

@Test func aReaderShowsAHostileItemInert() {
    let reader = ReaderContent(
        heading: "Item\u{1B}]2;pwned\u{07} heading", meta: ["by \u{202E}evil"],
        body: "First\u{1B}[2J paragraph.\n\nSecond\u{1B}]52;c;eA==\u{07} one\u{0} here.")
    let screen = SceneScreen(chrome: SceneChrome(title: "Item"), content: .reader(reader))
    let lines = render(screen, height: 10).textLines()
    #expect(lines.allSatisfy(isInert))
    #expect(lines.contains { $0.hasPrefix("  Item heading") })
    #expect(lines.contains { $0.hasPrefix("  by evil") })
    #expect(lines.contains { $0.hasPrefix("  First paragraph.") })
    #expect(lines.contains { $0.hasPrefix("  Second one\u{FFFD} here.") })
}

@Test(arguments: hostileTexts)
func theRenderedFrameOfAHostileRowWritesNoStringSequenceAndNoC1Control(_ text: String) {
    let before = CellBuffer(width: 60, height: 8)
    let after = render(listScreen(text, note: text, title: text))
    let bytes = DiffRenderer(colorSupport: .colors256, usesSynchronizedOutput: false).frame(from: before, to: after)
    let output = String(decoding: bytes, as: UTF8.self)
    #expect(!output.contains("\u{1B}]"))
    #expect(!output.contains("\u{1B}P"))
    #expect(!output.contains("\u{1B}_"))
    #expect(!output.contains("\u{07}"))
    #expect(!output.contains("\u{1B}[2J"))
    #expect(output.unicodeScalars.allSatisfy { !(0x80...0x9F).contains($0.value) && !$0.isBidiControl })
}

extension String {
    fileprivate var trimmingTrailingSpaces: Substring {
        self[..<(lastIndex(where: { $0 != " " }).map { index(after: $0) } ?? startIndex)]
    }
}
