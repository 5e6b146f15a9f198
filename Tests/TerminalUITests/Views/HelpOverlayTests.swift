import TerminalUI
import Testing

private let bindings = (1...12).map { KeyHint("k\($0)", "action \($0)") }

private func overlay(height: Int, bindings: [KeyHint] = bindings) -> [String] {
    var buffer = CellBuffer(size: TerminalSize(width: 50, height: height))
    HelpOverlay(title: "Keys · Todos", bindings: bindings).draw(into: &buffer)
    return buffer.textLines()
}

@Test func helpOverlayOnAShortScreenSaysHowManyBindingsAreLeftOut() {
    let lines = overlay(height: 8)
    // Eight rows: the top border, four bindings, the "more" line, the footer, the bottom border.
    #expect(lines.contains { $0.contains("k4 ") })
    #expect(!lines.contains { $0.contains("k5 ") })
    #expect(lines.contains { $0.contains("… 8 more") })
    #expect(lines.contains { $0.contains(HelpOverlay.footer) })
}

@Test func helpOverlayWithRoomListsEveryBindingAndNoMoreLine() {
    let lines = overlay(height: 20)
    #expect(lines.contains { $0.contains("k12 ") })
    #expect(!lines.contains { $0.contains("more") })
}

@Test func helpOverlayFooterNamesEveryKeyThatClosesIt() {
    for key in HelpOverlay.closingKeys.split(separator: " ") {
        #expect(HelpOverlay.footer.contains(key), "the footer does not name \(key)")
    }
}

@Test func helpOverlayClosesOnEveryKeyItsFooterNames() {
    for key in [Key(.escape), .character("?"), .character("q"), Key(.function(1))] {
        #expect(HelpOverlay.isClosingKey(key), "\(key) does not close the overlay")
    }
    #expect(!HelpOverlay.isClosingKey(.character("a")))
    #expect(!HelpOverlay.isClosingKey(.control("q")))
}

@Test func helpOverlayDrawnInARectStaysInsideIt() {
    var buffer = CellBuffer(width: 60, height: 20)
    let rect = Rect(x: 30, y: 2, width: 30, height: 10)
    HelpOverlay(title: "Keys", bindings: [KeyHint("a", "add")]).draw(into: &buffer, in: rect)
    let lines = buffer.textLines()
    for (y, line) in lines.enumerated() {
        let outside = String(line.prefix(30))
        #expect(outside.allSatisfy { $0 == " " }, "row \(y) drawn left of the rect")
        if !rect.rows.contains(y) { #expect(line.allSatisfy { $0 == " " }, "row \(y) drawn outside the rect") }
    }
    #expect(lines.contains { $0.contains("a  add") })
}

@Test func helpOverlayNeverWritesControlCharacters() {
    var buffer = CellBuffer(width: 50, height: 10)
    HelpOverlay(title: "\u{1B}]0;owned\u{7}Keys", bindings: [KeyHint("\u{1B}[31ma", "add\u{9B}2J")])
        .draw(into: &buffer)
    let lines = buffer.textLines()
    #expect(lines.contains { $0.contains(" Keys ") })
    #expect(!lines.contains { $0.contains("owned") })
    for line in lines {
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7f..<0xa0).contains($0.value) })
    }
}

@Test func helpOverlayWrapsAnActionTooLongForANarrowScreenInsteadOfCuttingIt() {
    let long = KeyHint("N o", "open the item's link numbered N in the browser ($BROWSER)")
    var buffer = CellBuffer(width: 40, height: 20)
    let help = HelpOverlay(title: "Keys", bindings: [KeyHint("a", "add"), long])
    help.draw(into: &buffer)
    let text = buffer.textLines().map { $0.replacingOccurrences(of: "│", with: " ") }
    let words = text.joined(separator: " ").split(separator: " ").map(String.init)
    // Every word of the action is on screen, in order, none cut.
    let action = long.action.split(separator: " ").map(String.init)
    var found = words.firstIndex(of: "open")
    for word in action.dropFirst() {
        guard let previous = found else { break }
        found = words[(previous + 1)...].firstIndex(of: word)
    }
    #expect(found != nil, "\(text.joined(separator: "\n"))")
    #expect(help.maximumScroll(in: buffer.bounds) == 0)
}

@Test func helpOverlayScrollsByRowsWhenWrappedActionsDoNotAllFit() {
    let bindings = (1...6).map { KeyHint("k\($0)", "a rather long action number \($0) that wraps") }
    let help = HelpOverlay(title: "Keys", bindings: bindings)
    let rect = Rect(x: 0, y: 0, width: 30, height: 10)
    // Each action takes two rows at this width: 12 rows for 7 rows of room (10 less the borders
    // and the footer), the last of them kept for the "more" line.
    #expect(help.maximumScroll(in: rect) == 6)
    var buffer = CellBuffer(width: 30, height: 10)
    HelpOverlay(title: "Keys", bindings: bindings, scroll: 6).draw(into: &buffer, in: rect)
    let lines = buffer.textLines()
    #expect(lines.contains { $0.contains("k6") })
    #expect(lines.contains { $0.contains("more above") })
}
