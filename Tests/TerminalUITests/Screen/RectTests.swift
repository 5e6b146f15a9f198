import TerminalUI
import Testing

@Test func splitTopTakesRowsFromTheTop() {
    let (top, rest) = Rect(x: 0, y: 0, width: 10, height: 5).splitTop(2)
    #expect(top == Rect(x: 0, y: 0, width: 10, height: 2))
    #expect(rest == Rect(x: 0, y: 2, width: 10, height: 3))
}

@Test func splitBottomTakesRowsFromTheBottom() {
    let (rest, bottom) = Rect(TerminalSize(width: 10, height: 5)).splitBottom(1)
    #expect(rest == Rect(x: 0, y: 0, width: 10, height: 4))
    #expect(bottom == Rect(x: 0, y: 4, width: 10, height: 1))
    #expect(bottom.rows == 4..<5)
}

@Test func splittingMoreThanTheHeightTakesEverything() {
    let (top, rest) = Rect(x: 0, y: 0, width: 3, height: 2).splitTop(9)
    #expect(top.height == 2)
    #expect(rest.isEmpty)
}

@Test func insetShrinksBothSidesAndNeverGoesNegative() {
    #expect(
        Rect(x: 0, y: 0, width: 10, height: 4).inset(horizontal: 1, vertical: 1)
            == Rect(x: 1, y: 1, width: 8, height: 2))
    #expect(Rect(x: 0, y: 0, width: 1, height: 1).inset(horizontal: 2).isEmpty)
}
