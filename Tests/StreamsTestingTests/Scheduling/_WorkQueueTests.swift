import Testing

@testable import StreamsTesting

@Test func workQueueCompactsWhenTombstonesDominate() {
    var queue = _WorkQueue()
    var handles: [(slot: Int32, rank: Int)] = []
    for time in 0..<10_000 {
        handles.append(queue.insert(time: time, phase: _WorkQueue.workPhase, label: "", action: {}))
    }
    for handle in handles.dropLast() {
        _ = queue.cancel(slot: handle.slot, rank: handle.rank)
    }
    #expect(queue.liveCount == 1)
    #expect(queue.heap.count <= 256)
    let last = queue.popFirst(notAfter: .max)
    #expect(last?.time == 9_999)
}

@Test func workQueueIgnoresAStaleCancel() {
    var queue = _WorkQueue()
    let first = queue.insert(time: 1, phase: _WorkQueue.workPhase, label: "", action: {})
    _ = queue.popFirst(notAfter: .max)
    let second = queue.insert(time: 2, phase: _WorkQueue.workPhase, label: "", action: {})
    #expect(second.slot == first.slot)
    let cancelled = queue.cancel(slot: first.slot, rank: first.rank)
    #expect(!cancelled)
    #expect(queue.liveCount == 1)
}

@Test func workQueueRunsLifecycleStepsBeforeWorkAtTheSameTick() {
    var queue = _WorkQueue()
    let log = Log<String>()
    _ = queue.insert(time: 5, phase: _WorkQueue.workPhase, label: "", action: { log.append("work") })
    _ = queue.insert(time: 5, phase: _WorkQueue.lifecyclePhase, label: "", action: { log.append("subscribe") })
    while let item = queue.popFirst(notAfter: .max) { item.action() }
    #expect(log.all == ["subscribe", "work"])
}

@Test func workQueueDoesNotPopWorkDueAfterTheLimit() {
    var queue = _WorkQueue()
    _ = queue.insert(time: 10, phase: _WorkQueue.workPhase, label: "", action: {})
    let early = queue.popFirst(notAfter: 9)
    #expect(early == nil)
    let due = queue.peekTime()
    #expect(due == 10)
}
