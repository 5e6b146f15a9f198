/// Keeps the newest items of a feed while its XML is read, so that a document listing far more
/// items than a reader keeps is read in bounded memory instead of being refused.
///
/// Both tree builders hand every closed element to ``adopt(_:into:)``. An RSS `<item>` or Atom
/// `<entry>` directly inside a channel or feed is remembered with its date; once more than
/// ``maximumItems`` plus a margin are held (or the tree reaches its element limit), the oldest
/// are taken out of the tree, and ``finish()`` leaves exactly the newest ``maximumItems``.
/// Newest means the date an item gives (publication, else update), dated items before undated
/// ones, and the earlier in the document first among equals: the order storage keeps them in.
struct _ItemWindow {
    let maximumItems: Int
    /// The most elements the tree may hold at once (``_XMLTreeBuilder/maximumElements``).
    let maximumElements: Int
    /// How many items the document listed, kept or not.
    private(set) var listedItemCount = 0
    /// How many elements were taken out of the tree with the items dropped so far.
    private(set) var removedElementCount = 0
    private var held: [Held] = []

    private struct Held {
        let element: _XMLElement
        let parent: _XMLElement
        let date: Int64?
        let ordinal: Int
    }

    private static let itemNames: Set<String> = ["item", "entry"]
    private static let containerNames: Set<String> = ["channel", "rss", "RDF", "feed"]
    /// The elements an item dates itself with, the publication date's first.
    private static let dateNames = ["pubDate", "published", "issued", "date", "updated", "modified"]

    init(maximumItems: Int, maximumElements: Int = _XMLTreeBuilder.maximumElements) {
        self.maximumItems = max(0, maximumItems)
        self.maximumElements = maximumElements
    }

    /// How many items the document listed beyond ``maximumItems`` and were not kept.
    var omittedItemCount: Int { listedItemCount - held.count }

    /// Attaches `element` to `parent`, dropping the oldest items when too many are held.
    mutating func adopt(_ element: _XMLElement, into parent: _XMLElement) {
        parent.children.append(element)
        parent.contents.append(.element(element))
        guard Self.itemNames.contains(element.name), Self.containerNames.contains(parent.name) else { return }
        listedItemCount += 1
        held.append(Held(element: element, parent: parent, date: Self.date(of: element), ordinal: listedItemCount))
        if held.count - maximumItems > max(maximumItems / 4, 1) { drop(toKeep: maximumItems) }
    }

    /// Whether a tree that has had `elementCount` elements, less those dropped with items, is
    /// within ``maximumElements``; at the limit the oldest items beyond ``maximumItems`` are
    /// dropped first. `false` means the document is too large to read.
    mutating func hasRoom(forElementCount elementCount: Int) -> Bool {
        if elementCount - removedElementCount > maximumElements, held.count > maximumItems {
            drop(toKeep: maximumItems)
        }
        return elementCount - removedElementCount <= maximumElements
    }

    /// Drops the oldest items beyond ``maximumItems``; called once the document is read.
    mutating func finish() {
        if held.count > maximumItems { drop(toKeep: maximumItems) }
    }

    private mutating func drop(toKeep count: Int) {
        let newestFirst = held.sorted {
            ParsedFeed.isNewer($0.date, at: $0.ordinal, than: $1.date, at: $1.ordinal)
        }
        let dropped = newestFirst.dropFirst(count)
        let droppedIDs = Set(dropped.map { ObjectIdentifier($0.element) })
        var parents: [ObjectIdentifier: _XMLElement] = [:]
        for item in dropped {
            parents[ObjectIdentifier(item.parent)] = item.parent
            removedElementCount += Self.elementCount(item.element)
        }
        for parent in parents.values {
            parent.children.removeAll { droppedIDs.contains(ObjectIdentifier($0)) }
            parent.contents.removeAll {
                if case .element(let child) = $0 { return droppedIDs.contains(ObjectIdentifier(child)) }
                return false
            }
        }
        held.removeAll { droppedIDs.contains(ObjectIdentifier($0.element)) }
    }

    private static func elementCount(_ element: _XMLElement) -> Int {
        var count = 0
        var pending = [element]
        while let next = pending.popLast() {
            count += 1
            pending.append(contentsOf: next.children)
        }
        return count
    }

    private static func date(of item: _XMLElement) -> Int64? {
        for name in dateNames {
            guard let text = item.childText(name), let date = FeedDate.unixMilliseconds(from: text) else { continue }
            return date
        }
        return nil
    }
}
