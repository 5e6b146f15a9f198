/// A first-in first-out queue with O(1) amortized `append` and `popFirst`.
@usableFromInline
struct _Queue<Element> {
    @usableFromInline var items: [Element] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    @inlinable
    var isEmpty: Bool { head == items.count }

    @inlinable
    var count: Int { items.count - head }

    @inlinable
    mutating func append(_ element: Element) { items.append(element) }

    @inlinable
    mutating func popFirst() -> Element? {
        if head == items.count { return nil }
        let element = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32 && head * 2 >= items.count {
            items.removeFirst(head)
            head = 0
        }
        return element
    }

    @inlinable
    mutating func removeAll() {
        items.removeAll()
        head = 0
    }
}

extension _Queue: Sendable where Element: Sendable {}
