import TerminalUI
import Testing

private let hundred = (1...100).map { "line \($0)" }

@Test func pagerStartsAtTheTop() {
    let pager = Pager(lines: hundred, height: 10)
    #expect(pager.offset == 0)
    #expect(pager.scrollPercent == 0)
}

@Test func pagerJAndKScrollOneLine() {
    var pager = Pager(lines: hundred, height: 10)
    _ = pager.handle(.character("j"))
    _ = pager.handle(Key(.down))
    #expect(pager.offset == 2)
    _ = pager.handle(.character("k"))
    #expect(pager.offset == 1)
    _ = pager.handle(Key(.up))
    _ = pager.handle(Key(.up))
    #expect(pager.offset == 0)
}

@Test func pagerPageKeysScrollByTheHeight() {
    var pager = Pager(lines: hundred, height: 10)
    _ = pager.handle(Key(.pageDown))
    _ = pager.handle(.character(" "))
    #expect(pager.offset == 20)
    _ = pager.handle(Key(.pageUp))
    #expect(pager.offset == 10)
    _ = pager.handle(.character("b"))
    #expect(pager.offset == 0)
}

@Test func pagerHalfPageKeysScrollByHalfTheHeight() {
    var pager = Pager(lines: hundred, height: 10)
    _ = pager.handle(.control("d"))
    #expect(pager.offset == 5)
    _ = pager.handle(.control("u"))
    #expect(pager.offset == 0)
}

@Test func pagerEndAndCapitalGShowTheLastPageEndingAtTheLastLine() {
    var pager = Pager(lines: hundred, height: 10)
    _ = pager.handle(.character("G"))
    #expect(pager.offset == 90)
    #expect(pager.isAtBottom)
    _ = pager.handle(.character("g"))
    _ = pager.handle(Key(.end))
    #expect(pager.visibleRange == 90..<100)
}

@Test func pagerHomeAndGGoBackToTheTop() {
    var pager = Pager(lines: hundred, height: 10)
    _ = pager.handle(Key(.end))
    _ = pager.handle(Key(.home))
    #expect(pager.offset == 0)
    _ = pager.handle(Key(.end))
    _ = pager.handle(.character("g"))
    #expect(pager.offset == 0)
}

@Test func pagerNeverScrollsPastTheLastLine() {
    var pager = Pager(lines: hundred, height: 10)
    for _ in 0..<20 { _ = pager.handle(Key(.pageDown)) }
    #expect(pager.offset == 90)
    pager.scroll(by: Int.max)
    #expect(pager.offset == 90)
}

@Test func pagerShorterThanTheWindowDoesNotScroll() {
    var pager = Pager(lines: ["a", "b"], height: 10)
    _ = pager.handle(Key(.pageDown))
    #expect(pager.offset == 0)
    #expect(pager.scrollPercent == 100)
}

@Test func pagerScrollPercentGoesFromZeroToAHundred() {
    var pager = Pager(lines: hundred, height: 10)
    pager.scroll(to: 45)
    #expect(pager.scrollPercent == 50)
    pager.scroll(to: 90)
    #expect(pager.scrollPercent == 100)
}

@Test func pagerGrowingTallerPullsTheLastPageDown() {
    var pager = Pager(lines: hundred, height: 10)
    pager.scroll(to: 90)
    pager.setHeight(20)
    #expect(pager.offset == 80)
}

@Test func pagerIgnoresOtherKeys() {
    var pager = Pager(lines: hundred, height: 10)
    let usesX = pager.handle(.character("x"))
    #expect(!usesX)
}

@Test func pagerDrawsTheLinesInView() {
    var pager = Pager(lines: hundred, height: 3)
    pager.scroll(to: 97)
    let lines = drawn(width: 10, height: 3) { pager.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["line 98   ", "line 99   ", "line 100  "])
}

@Test func pagerCutsLongLinesWithAnEllipsis() {
    let pager = Pager(lines: ["a long line of text"], height: 1)
    let lines = drawn(width: 8, height: 1) { pager.draw(into: &$0, in: $0.bounds) }
    #expect(lines == ["a long …"])
}

@Test func pagerNeverWritesControlCharacters() {
    let pager = Pager(lines: [hostileText], height: 1)
    let buffer = drawnBuffer(width: 12, height: 1) { pager.draw(into: &$0, in: $0.bounds) }
    #expect(!containsControl(buffer))
    #expect(buffer.textLines() == ["red\u{FFFD}txt     "])
}
