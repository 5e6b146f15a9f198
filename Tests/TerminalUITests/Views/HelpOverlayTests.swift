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
