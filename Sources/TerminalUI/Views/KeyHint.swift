/// A key and what it does, as the status line and the help overlay show it.
public struct KeyHint: Hashable, Sendable {
    /// The key as written for people: `a`, `Space`, `Ctrl-C`.
    public var key: String
    /// What it does, in a few words.
    public var action: String
    /// Whether the hint stays when a narrow status line drops hints (the key to the help, say):
    /// the others give way first.
    public var isEssential: Bool

    /// Creates a hint; an essential one stays on a status line too narrow for every hint.
    public init(_ key: String, _ action: String, isEssential: Bool = false) {
        self.key = key
        self.action = action
        self.isEssential = isEssential
    }

    /// The hints of `hints` that fit in `columns` columns, two apart, in their order: all of
    /// them when they fit; else the essential ones first, then as many of the rest, from the
    /// first, as the room left takes. A hint is dropped whole, never cut.
    public static func fitting(_ hints: [KeyHint], in columns: Int) -> [KeyHint] {
        var room = columns
        var kept = Set<Int>()
        func keep(where include: (KeyHint) -> Bool) {
            for (index, hint) in hints.enumerated() where include(hint) && !kept.contains(index) {
                let needed = DisplayWidth.of(hint.text) + (kept.isEmpty ? 0 : 2)
                guard needed <= room else { return }
                room -= needed
                kept.insert(index)
            }
        }
        keep { _ in true }
        if kept.count < hints.count {
            room = columns
            kept = []
            keep(where: \.isEssential)
            keep { !$0.isEssential }
        }
        return hints.indices.filter(kept.contains).map { hints[$0] }
    }

    /// The hint as drawn, sanitized: `a add`.
    var text: String { TextSanitizer.sanitize(key) + " " + TextSanitizer.sanitize(action) }
}
