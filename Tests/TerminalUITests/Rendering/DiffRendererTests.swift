import StreamsTesting
import Testing

@testable import TerminalUI

private let esc = "\u{1B}"

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Applies `bytes` to a model screen showing `previous` and checks it then shows `next`.
private func expectFrame(
    _ bytes: [UInt8], turns model: inout VirtualTerminal, into next: CellBuffer, monochrome: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    model.apply(bytes)
    #expect(model.errors == [], sourceLocation: sourceLocation)
    #expect(model.synchronizedDepth == 0, sourceLocation: sourceLocation)
    #expect(model.style == .plain, "a frame must end in the default style", sourceLocation: sourceLocation)
    let shown = normalized(model.buffer)
    let wanted = normalized(next, monochrome: monochrome)
    if shown != wanted {
        Issue.record(
            "screen differs:\n\(shown.snapshot())\nwanted:\n\(wanted.snapshot())", sourceLocation: sourceLocation)
    }
}

private let samples = ["abc", "世界", "👍🏽", "e\u{301}", "hello world", "🇳🇱", "x", "ｶﾀｶﾅ", "👨‍👩‍👧", "  "]
private let styles: [Style] = [
    .plain, .bold, .reverse, Style(foreground: .red), Style(background: .indexed(236)),
    Style(foreground: .ansi(12), background: .blue, attributes: [.underline, .dim]), Style(foreground: .indexed(3)),
]

private func scribble(on buffer: inout CellBuffer, count: Int, using generator: inout SeededGenerator) {
    for _ in 0..<count {
        let x = Int.random(in: 0..<buffer.width, using: &generator)
        let y = Int.random(in: 0..<buffer.height, using: &generator)
        let style = styles.randomElement(using: &generator) ?? .plain
        if Int.random(in: 0..<5, using: &generator) == 0 {
            let rect = Rect(x: x, y: y, width: Int.random(in: 1...6, using: &generator), height: 2)
            buffer.fill(rect, style: style)
        } else {
            buffer.put(samples.randomElement(using: &generator) ?? "", x: x, y: y, style: style)
        }
    }
}

@Test func fullRedrawReproducesTheBuffer() {
    var generator = SeededGenerator(seed: 1)
    var buffer = CellBuffer(width: 30, height: 8)
    scribble(on: &buffer, count: 40, using: &generator)
    var model = VirtualTerminal(width: 30, height: 8)
    expectFrame(DiffRenderer().frame(from: nil, to: buffer), turns: &model, into: buffer)
}

@Test func randomChangesTurnThePreviousScreenIntoTheNext() {
    var generator = SeededGenerator(seed: 42)
    let renderer = DiffRenderer()
    for _ in 0..<300 {
        var previous = CellBuffer(width: 20, height: 6)
        scribble(on: &previous, count: 12, using: &generator)
        var next = previous
        scribble(on: &next, count: Int.random(in: 0...6, using: &generator), using: &generator)
        var model = VirtualTerminal(width: 20, height: 6)
        model.apply(renderer.frame(from: nil, to: previous))
        expectFrame(renderer.frame(from: previous, to: next), turns: &model, into: next)
    }
}

@Test func randomChangesInMonochromeKeepAttributesOnly() {
    var generator = SeededGenerator(seed: 5)
    let renderer = DiffRenderer(colorSupport: .monochrome)
    for _ in 0..<100 {
        var previous = CellBuffer(width: 16, height: 4)
        scribble(on: &previous, count: 8, using: &generator)
        var next = previous
        scribble(on: &next, count: 4, using: &generator)
        var model = VirtualTerminal(width: 16, height: 4)
        model.apply(renderer.frame(from: nil, to: previous))
        expectFrame(renderer.frame(from: previous, to: next), turns: &model, into: next, monochrome: true)
    }
}

@Test func nothingChangedWritesNothing() {
    var buffer = CellBuffer(width: 200, height: 60)
    buffer.put("same", x: 3, y: 3, style: .bold)
    #expect(DiffRenderer().frame(from: buffer, to: buffer).isEmpty)
}

@Test func frameIsWrappedInSynchronizedOutput() {
    var next = CellBuffer(width: 5, height: 1)
    next.put("a", x: 0, y: 0)
    let output = text(DiffRenderer().frame(from: CellBuffer(width: 5, height: 1), to: next))
    #expect(output.hasPrefix("\(esc)[?2026h"))
    #expect(output.hasSuffix("\(esc)[?2026l"))
}

@Test func synchronizedOutputCanBeTurnedOff() {
    var next = CellBuffer(width: 5, height: 1)
    next.put("a", x: 0, y: 0)
    let output = text(
        DiffRenderer(usesSynchronizedOutput: false).frame(from: CellBuffer(width: 5, height: 1), to: next))
    #expect(!output.contains("2026"))
}

@Test func oneRowChangeOnALargeScreenIsUnderOneHundredBytes() {
    var previous = CellBuffer(width: 200, height: 60)
    for y in 0..<60 { previous.put("Item number \(y) with some text after it", x: 2, y: y) }
    var next = previous
    next.put("Item number 30 has changed", x: 2, y: 30)
    let bytes = DiffRenderer().frame(from: previous, to: next)
    #expect(bytes.count < 100)
    var model = VirtualTerminal(width: 200, height: 60)
    model.apply(DiffRenderer().frame(from: nil, to: previous))
    expectFrame(bytes, turns: &model, into: next)
}

@Test func selectionMoveRewritesOnlyTheTwoRows() {
    let rows = (0..<60).map { "Todo item \($0): something to do" }
    let previous = renderList(rows, selected: 10, width: 200, height: 60)
    let next = renderList(rows, selected: 11, width: 200, height: 60)
    let bytes = DiffRenderer().frame(from: previous, to: next)
    #expect(text(bytes).matches(of: /\u{1B}\[\d+;\d+H/).count == 2, "one cursor placement per row")
    #expect(bytes.count < 500)
}

@Test func unchangedStyleIsNotRepeated() {
    var next = CellBuffer(width: 10, height: 1)
    next.put("redredred", x: 0, y: 0, style: Style(foreground: .red))
    let output = text(DiffRenderer().frame(from: CellBuffer(width: 10, height: 1), to: next))
    #expect(output.ranges(of: "\(esc)[31m").count == 1)
}

@Test func removedAttributeResetsThenSetsTheRest() {
    var previous = CellBuffer(width: 4, height: 1)
    previous.put("ab", x: 0, y: 0)
    var next = previous
    next.put("a", x: 0, y: 0, style: Style(attributes: [.bold, .underline]))
    next.put("b", x: 1, y: 0, style: .bold)
    let output = text(DiffRenderer().frame(from: previous, to: next))
    #expect(output.contains("\(esc)[1;4ma\(esc)[0;1mb"))
}

@Test func distantChangesInARowUseARelativeMove() {
    var previous = CellBuffer(width: 40, height: 2)
    previous.put(String(repeating: "x", count: 40), x: 0, y: 1)
    var next = previous
    next.put("a", x: 0, y: 1)
    next.put("b", x: 20, y: 1)
    let output = text(DiffRenderer(usesSynchronizedOutput: false).frame(from: previous, to: next))
    #expect(output == "\(esc)[2;1Ha\(esc)[19Cb")
}

@Test func shortGapsAreRewrittenInsteadOfMoved() {
    var previous = CellBuffer(width: 10, height: 1)
    previous.put("abcdef", x: 0, y: 0)
    var next = previous
    next.put("X", x: 0, y: 0)
    next.put("Y", x: 3, y: 0)
    let output = text(DiffRenderer(usesSynchronizedOutput: false).frame(from: previous, to: next))
    #expect(output == "\(esc)[HXbcY")
}

@Test func colouredGapIsMovedOverNotRewritten() {
    var previous = CellBuffer(width: 10, height: 1)
    previous.put("abcdef", x: 0, y: 0, style: Style(foreground: .green))
    var next = previous
    next.put("X", x: 0, y: 0)
    next.put("Y", x: 3, y: 0)
    let output = text(DiffRenderer(usesSynchronizedOutput: false).frame(from: previous, to: next))
    #expect(output == "\(esc)[HX\(esc)[2CY")
}

@Test func indexedColoursUseTheExtendedForm() {
    var next = CellBuffer(width: 2, height: 1)
    next.put("a", x: 0, y: 0, style: Style(foreground: .indexed(208), background: .ansi(9)))
    let output = text(DiffRenderer().frame(from: CellBuffer(width: 2, height: 1), to: next))
    #expect(output.contains("\(esc)[38;5;208;101ma"))
}

@Test func monochromeWritesNoColours() {
    var next = CellBuffer(width: 8, height: 1)
    next.put("sel", x: 0, y: 0, style: Style(foreground: .red, background: .blue, attributes: .reverse))
    let output = text(DiffRenderer(colorSupport: .monochrome).frame(from: nil, to: next))
    #expect(output.contains("\(esc)[7msel"))
    #expect(!output.contains("31"))
    #expect(!output.contains("44"))
}

@Test func sizeChangeForcesAFullRedraw() {
    var next = CellBuffer(width: 6, height: 2)
    next.put("hello", x: 0, y: 1)
    let output = DiffRenderer().frame(from: CellBuffer(width: 5, height: 2), to: next)
    #expect(text(output).contains("\(esc)[2J"))
    var model = VirtualTerminal(width: 6, height: 2)
    expectFrame(output, turns: &model, into: next)
}

@Test func fullRedrawOfABlankScreenOnlyClears() {
    let output = text(DiffRenderer(usesSynchronizedOutput: false).frame(from: nil, to: CellBuffer(width: 4, height: 2)))
    #expect(output == "\(esc)[0m\(esc)[H\(esc)[2J")
}

@Test func wideCharacterReplacedByNarrowOnesIsRewrittenWhole() {
    var previous = CellBuffer(width: 6, height: 1)
    previous.put("a世b", x: 0, y: 0)
    var next = previous
    next.put("xy", x: 1, y: 0)
    var model = VirtualTerminal(width: 6, height: 1)
    model.apply(DiffRenderer().frame(from: nil, to: previous))
    expectFrame(DiffRenderer().frame(from: previous, to: next), turns: &model, into: next)
}

/// A list view as an app would draw it: one row per visible item, the selected one reversed,
/// and a status line.
func renderList(_ items: [String], selected: Int, width: Int, height: Int) -> CellBuffer {
    var buffer = CellBuffer(width: width, height: height)
    let (list, status) = buffer.bounds.splitBottom(1)
    for (offset, y) in list.rows.enumerated() where offset < items.count {
        let style: Style = offset == selected ? Style(foreground: .yellow, attributes: .reverse) : .plain
        if offset == selected { buffer.fill(Rect(x: 0, y: y, width: width, height: 1), style: style) }
        buffer.put(offset == selected ? "›" : " ", x: 0, y: y, style: style)
        buffer.put(items[offset], x: 2, y: y, style: style, maxWidth: width - 14)
        buffer.put("2026-11-22", x: width - 11, y: y, style: style.attributes.isEmpty ? .dim : style)
    }
    buffer.putStatusLine(left: "\(items.count) todos", right: "? help  q quit", y: status.y, style: .reverse)
    return buffer
}

@Test func sameGraphemeClustersDrawnInAnotherOrderAreUnchanged() {
    var previous = CellBuffer(width: 8, height: 1)
    previous.put("👍🏽", x: 0, y: 0)
    previous.put("🇳🇱", x: 4, y: 0)
    var next = CellBuffer(width: 8, height: 1)
    next.put("🇳🇱", x: 4, y: 0)
    next.put("👍🏽", x: 0, y: 0)
    #expect(DiffRenderer().frame(from: previous, to: next).isEmpty)
}

@Test func changedGraphemeClusterIsRewritten() {
    var previous = CellBuffer(width: 4, height: 1)
    previous.put("👍🏽", x: 0, y: 0)
    var next = CellBuffer(width: 4, height: 1)
    next.put("👍🏿", x: 0, y: 0)
    let output = text(DiffRenderer(usesSynchronizedOutput: false).frame(from: previous, to: next))
    // Its two cells are cleared, then it is drawn from its first: a terminal that draws it
    // narrower leaves no old text beside it.
    #expect(output == "\(esc)[H  \(esc)[H👍🏿")
}

@Test func theTextAfterAGraphemeClusterIsPlacedWhateverWidthTheTerminalDrewItWith() {
    var previous = CellBuffer(width: 8, height: 1)
    previous.put("abcdefgh", x: 0, y: 0)
    var next = CellBuffer(width: 8, height: 1)
    next.put("❤️xyz", x: 1, y: 0)
    let output = text(DiffRenderer(usesSynchronizedOutput: false).frame(from: previous, to: next))
    #expect(output == "\(esc)[H   \(esc)[1;2H❤️\(esc)[1;4Hxyz  ")
}
