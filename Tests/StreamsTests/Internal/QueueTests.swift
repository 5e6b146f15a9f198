import Testing

@testable import Streams

@Test func queueIsFirstInFirstOut() {
    var queue = _Queue<Int>()
    for value in 0..<5 { queue.append(value) }
    var popped: [Int] = []
    while let value = queue.popFirst() { popped.append(value) }
    #expect(popped == [0, 1, 2, 3, 4])
    #expect(queue.isEmpty)
}

@Test func queueKeepsOrderAcrossCompaction() {
    var queue = _Queue<Int>()
    var expected = 0
    var popped: [Int] = []
    for value in 0..<1_000 {
        queue.append(value)
        if value % 3 == 0, let first = queue.popFirst() { popped.append(first) }
    }
    while let value = queue.popFirst() { popped.append(value) }
    for value in popped {
        #expect(value == expected)
        expected += 1
    }
    #expect(expected == 1_000)
    #expect(queue.count == 0)
}
