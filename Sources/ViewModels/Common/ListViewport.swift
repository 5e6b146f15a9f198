/// A move of a list's selection, as the keys of every list ask for it.
package enum ListMove: Sendable, Hashable {
    /// One row up.
    case up
    /// One row down.
    case down
    /// One page up.
    case pageUp
    /// One page down.
    case pageDown
    /// The first row.
    case top
    /// The last row.
    case bottom
}

/// The selection and scroll window of a list that shows `height` rows of `count`: the
/// arithmetic every list scene shares, free of any screen.
package struct ListViewport: Sendable, Hashable {
    /// The selected position in the whole list, or `nil` when the list is empty.
    package var selected: Int?
    /// The position of the first row shown.
    package var offset: Int
    /// How many rows fit; 0 until the screen has said.
    package var height: Int
    /// How many rows the list has.
    package var count: Int

    /// A viewport over an empty list, its height not yet known.
    package init(selected: Int? = nil, offset: Int = 0, height: Int = 0, count: Int = 0) {
        self.selected = selected
        self.offset = offset
        self.height = height
        self.count = count
    }

    /// The selection after `move`, clamped to the list (`nil` for an empty list).
    package func selection(after move: ListMove) -> Int? {
        guard count > 0 else { return nil }
        let current = selected ?? 0
        let page = max(height, 1)
        let target: Int
        switch move {
        case .up: target = current - 1
        case .down: target = current + 1
        case .pageUp: target = current - page
        case .pageDown: target = current + page
        case .top: target = 0
        case .bottom: target = count - 1
        }
        return min(max(target, 0), count - 1)
    }

    /// The list now has `count` rows: the selection stays where it was, within the list, and
    /// starts on the first row once there is one.
    package mutating func setCount(_ newCount: Int) {
        count = max(newCount, 0)
        if let current = selected { selected = count == 0 ? nil : min(current, count - 1) }
        if selected == nil, count > 0 { selected = 0 }
        scrollToSelection()
    }

    /// Moves the window as little as it takes to show the selection (and no further than the list's end).
    package mutating func scrollToSelection() {
        guard height > 0, count > height else {
            offset = 0
            return
        }
        var next = min(max(offset, 0), count - height)
        let current = selected ?? 0
        if current < next { next = current }
        if current >= next + height { next = current - height + 1 }
        offset = min(max(next, 0), count - height)
    }

    /// The positions the window holds, from its first row: as many as fit, even past the list's
    /// end (what a list read a window at a time asks for).
    package var window: Range<Int> { offset..<offset + height }

    /// The elements of `list`, the whole list, that the window shows, in order.
    package func shown<Element>(in list: [Element]) -> ArraySlice<Element> {
        list[window.clamped(to: list.indices)]
    }

    /// The selected element of `list`, the whole list, if there is one.
    package func selection<Element>(in list: [Element]) -> Element? {
        selected.flatMap { list.indices.contains($0) ? list[$0] : nil }
    }
}
