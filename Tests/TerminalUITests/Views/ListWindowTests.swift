import TerminalUI
import Testing

@Test func scrollKeepsTheSelectionInView() {
    #expect(ListScroll.offset(selected: 0, previous: 0, height: 10, count: 100) == 0)
    #expect(ListScroll.offset(selected: 10, previous: 0, height: 10, count: 100) == 1)
    #expect(ListScroll.offset(selected: 5, previous: 8, height: 10, count: 100) == 5)
    #expect(ListScroll.offset(selected: 12, previous: 8, height: 10, count: 100) == 8)
}

@Test func scrollNeverShowsPastTheEnd() {
    #expect(ListScroll.offset(selected: 99, previous: 95, height: 10, count: 100) == 90)
    #expect(ListScroll.offset(selected: 3, previous: 50, height: 10, count: 5) == 0)
}

@Test func moveClampsToTheList() {
    #expect(ListScroll.move(0, by: -1, count: 5) == 0)
    #expect(ListScroll.move(3, by: 10, count: 5) == 4)
    #expect(ListScroll.move(nil, by: 1, count: 0) == nil)
    #expect(ListScroll.move(nil, by: 1, count: 3) == 1)
}
