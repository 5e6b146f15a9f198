/// The pending work of a ``TestScheduler``: a binary min-heap of small plain keys, plus a slot
/// table that holds each item's action and label.
///
/// The heap orders by `(time, rank)`. `rank` is unique per scheduled item: a phase in the top
/// bits (lifecycle steps of `start` before ordinary work at the same tick) and a sequence
/// number below, so items of one phase at one tick run in the order they were scheduled.
/// Cancelling frees the slot at once and leaves the heap key behind as a tombstone, which is
/// skipped when it reaches the top (its rank no longer matches the slot). Slots are reused, so
/// a steady state of schedule/run/cancel allocates nothing per step.
struct _WorkQueue {
    struct Key {
        var time: Int
        var rank: Int
        var slot: Int32

        @inline(__always)
        func precedes(_ other: Key) -> Bool {
            time < other.time || (time == other.time && rank < other.rank)
        }
    }

    struct Slot {
        /// The rank of the item occupying the slot, or -1 when the slot is free.
        var rank: Int
        var label: String
        var action: (@Sendable () -> Void)?
    }

    /// Phase of ordinary work.
    static let workPhase = 1
    /// Phase of `start`'s create/subscribe/dispose steps, ahead of work at the same tick.
    static let lifecyclePhase = 0
    private static let phaseShift = 56

    private(set) var heap = ContiguousArray<Key>()
    private var slots = ContiguousArray<Slot>()
    private var freeSlots = ContiguousArray<Int32>()
    private var sequence = 0
    /// Items scheduled and neither run nor cancelled.
    private(set) var liveCount = 0

    /// Adds an item; returns its slot and rank, which identify it for ``cancel(slot:rank:)``.
    @inline(__always)
    mutating func insert(
        time: Int, phase: Int, label: String, action: @escaping @Sendable () -> Void
    ) -> (slot: Int32, rank: Int) {
        sequence &+= 1
        let rank = (phase << Self.phaseShift) | sequence
        let slot: Int32
        let item = Slot(rank: rank, label: label, action: action)
        if let free = freeSlots.popLast() {
            slot = free
            slots[Int(free)] = item
        } else {
            slot = Int32(truncatingIfNeeded: slots.count)
            slots.append(item)
        }
        liveCount += 1
        heap.append(Key(time: time, rank: rank, slot: slot))
        siftUp(heap.count - 1)
        return (slot, rank)
    }

    /// Removes the item if it is still pending; returns whether it was.
    mutating func cancel(slot: Int32, rank: Int) -> Bool {
        let index = Int(slot)
        guard index < slots.count, slots[index].rank == rank else { return false }
        release(index)
        // Tombstones wait in the heap until their time; compact when they dominate it, so
        // a long series of cancelled far-future timers cannot grow the heap without bound.
        if heap.count > 256 && heap.count > 4 * liveCount {
            compact()
        }
        return true
    }

    /// The due time of the earliest pending item, skipping tombstones.
    mutating func peekTime() -> Int? {
        dropTombstones()
        return heap.first?.time
    }

    /// Removes and returns the earliest pending item if it is due at or before `limit`.
    @inline(__always)
    mutating func popFirst(notAfter limit: Int) -> (time: Int, action: @Sendable () -> Void)? {
        dropTombstones()
        guard let top = heap.first, top.time <= limit else { return nil }
        removeTop()
        let index = Int(top.slot)
        guard let action = slots[index].action else { return nil }
        release(index)
        return (top.time, action)
    }

    /// The pending items in the order they will run.
    func pendingItems() -> [(label: String, time: Int)] {
        var live: [(label: String, time: Int, rank: Int)] = []
        live.reserveCapacity(liveCount)
        for key in heap where slots[Int(key.slot)].rank == key.rank {
            live.append((slots[Int(key.slot)].label, key.time, key.rank))
        }
        live.sort { ($0.time, $0.rank) < ($1.time, $1.rank) }
        return live.map { ($0.label, $0.time) }
    }

    // MARK: - Heap internals

    @inline(__always)
    private mutating func release(_ index: Int) {
        slots[index].rank = -1
        slots[index].action = nil
        slots[index].label = ""
        freeSlots.append(Int32(truncatingIfNeeded: index))
        liveCount -= 1
    }

    @inline(__always)
    private mutating func dropTombstones() {
        while let top = heap.first, slots[Int(top.slot)].rank != top.rank {
            removeTop()
        }
    }

    private mutating func compact() {
        heap.removeAll { slots[Int($0.slot)].rank != $0.rank }
        var index = heap.count / 2 - 1
        while index >= 0 {
            siftDown(index)
            index -= 1
        }
    }

    /// Floyd's pop: move the hole at the root down to a leaf along the smaller children, then
    /// put the last key there and sift it up. About half the comparisons of a plain sift-down,
    /// since the last key almost always belongs near the bottom.
    @inline(__always)
    private mutating func removeTop() {
        let last = heap.removeLast()
        let count = heap.count
        guard count > 0 else { return }
        var hole = 0
        while true {
            var child = 2 * hole + 1
            guard child < count else { break }
            if child + 1 < count && heap[child + 1].precedes(heap[child]) {
                child += 1
            }
            heap[hole] = heap[child]
            hole = child
        }
        heap[hole] = last
        siftUp(hole)
    }

    @inline(__always)
    private mutating func siftUp(_ start: Int) {
        var child = start
        let key = heap[child]
        while child > 0 {
            let parent = (child - 1) / 2
            guard key.precedes(heap[parent]) else { break }
            heap[child] = heap[parent]
            child = parent
        }
        heap[child] = key
    }

    @inline(__always)
    private mutating func siftDown(_ start: Int) {
        let count = heap.count
        var parent = start
        let key = heap[parent]
        while true {
            var child = 2 * parent + 1
            guard child < count else { break }
            if child + 1 < count && heap[child + 1].precedes(heap[child]) {
                child += 1
            }
            guard heap[child].precedes(key) else { break }
            heap[parent] = heap[child]
            parent = child
        }
        heap[parent] = key
    }
}
