/// The pending work of a ``TestScheduler``: a binary min-heap of 16-byte plain keys, plus a slot
/// table that holds each item's action (and a parallel table of labels).
///
/// The heap orders by `(time, rank)`. `rank` is unique per scheduled item and packs, from the
/// top bit down, a phase (lifecycle steps of `start` before ordinary work at the same tick), a
/// sequence number (so items of one phase at one tick run in the order they were scheduled),
/// and the item's slot. Cancelling frees the slot at once and leaves the heap key behind as a
/// tombstone, which is skipped when it reaches the top (its rank no longer matches the slot).
/// Slots are reused, so a steady state of schedule/run/cancel allocates nothing per step.
///
/// Keys stay at 16 bytes, and labels (read only to list pending work) live apart from the
/// actions, because popping from a large heap is bound by memory traffic: four keys share a
/// cache line. The packing allows 2^26 (67 million) items pending at once and 2^36 items
/// scheduled before the sequence wraps, far beyond what fits in a test's memory or time.
struct _WorkQueue {
    struct Key {
        var time: Int
        var rank: Int

        /// The slot holding the item's action.
        @inline(__always)
        var slot: Int32 { Int32(truncatingIfNeeded: rank & _WorkQueue.slotMask) }

        @inline(__always)
        func precedes(_ other: Key) -> Bool {
            time < other.time || (time == other.time && rank < other.rank)
        }
    }

    struct Slot {
        /// The rank of the item occupying the slot, or -1 when the slot is free.
        var rank: Int
        var action: (@Sendable () -> Void)?
    }

    /// Phase of ordinary work.
    static let workPhase = 1
    /// Phase of `start`'s create/subscribe/dispose steps, ahead of work at the same tick.
    static let lifecyclePhase = 0
    private static let phaseShift = 62
    private static let slotBits = 26
    static let slotMask = (1 << slotBits) - 1
    private static let sequenceMask = (1 << (phaseShift - slotBits)) - 1

    private(set) var heap = ContiguousArray<Key>()
    private var slots = ContiguousArray<Slot>()
    /// The label of the item in each slot; stale for free slots, overwritten on reuse.
    private var labels = ContiguousArray<String>()
    private var freeSlots = ContiguousArray<Int32>()
    private var sequence = 0
    /// Items scheduled and neither run nor cancelled.
    private(set) var liveCount = 0

    /// Adds an item; returns its slot and rank, which identify it for ``cancel(slot:rank:)``.
    @inline(__always)
    mutating func insert(
        time: Int, phase: Int, label: String, action: @escaping @Sendable () -> Void
    ) -> (slot: Int32, rank: Int) {
        sequence = (sequence &+ 1) & Self.sequenceMask
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
        } else {
            precondition(slots.count <= Self.slotMask, "TestScheduler: more than 2^26 items pending at once")
            slot = Int32(truncatingIfNeeded: slots.count)
            slots.append(Slot(rank: -1, action: nil))
            labels.append("")
        }
        let rank = (phase << Self.phaseShift) | (sequence << Self.slotBits) | Int(slot)
        slots[Int(slot)] = Slot(rank: rank, action: action)
        labels[Int(slot)] = label
        liveCount += 1
        heap.append(Key(time: time, rank: rank))
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
            live.append((labels[Int(key.slot)], key.time, key.rank))
        }
        live.sort { ($0.time, $0.rank) < ($1.time, $1.rank) }
        return live.map { ($0.label, $0.time) }
    }

    // MARK: - Heap internals

    @inline(__always)
    private mutating func release(_ index: Int) {
        slots[index] = Slot(rank: -1, action: nil)
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
