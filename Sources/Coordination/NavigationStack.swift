/// The scenes on screen, bottom to top, as plain values: what a ``Coordinator`` keeps and tests
/// inspect. `Kind` names a kind of scene (an app's enum of scene kinds, usually).
public struct NavigationStack<Kind: Hashable & Sendable>: Sendable, Hashable {
    /// One scene on the stack.
    public struct Entry: Sendable, Hashable {
        /// The presentation's identity (``SceneHandle/id``).
        public let id: Int
        /// Which kind of scene.
        public let kind: Kind
        /// How it is shown.
        public let presentation: Presentation

        /// An entry for scene `id` of `kind`, shown as `presentation`.
        public init(id: Int, kind: Kind, presentation: Presentation) {
            self.id = id
            self.kind = kind
            self.presentation = presentation
        }
    }

    /// The scenes, bottom first.
    public private(set) var entries: [Entry] = []

    /// An empty stack.
    public init() {}

    /// The scene on top, if any.
    public var top: Entry? { entries.last }

    /// The kinds of the scenes, bottom first.
    public var kinds: [Kind] { entries.map(\.kind) }

    /// Whether the stack has a scene of `kind` anywhere.
    public func contains(_ kind: Kind) -> Bool { entries.contains { $0.kind == kind } }

    /// Puts `entry` on top. A root entry replaces the whole stack.
    public mutating func push(_ entry: Entry) {
        if entry.presentation == .root { entries.removeAll() }
        entries.append(entry)
    }

    /// Removes and returns the top scene; the root scene is never removed (`nil` then).
    public mutating func pop() -> Entry? {
        guard let top = entries.last, top.presentation != .root else { return nil }
        return entries.removeLast()
    }
}
