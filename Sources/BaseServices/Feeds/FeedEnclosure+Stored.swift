import Domain

extension FeedEnclosure {
    /// Enclosures as the `enclosures` column stores them: one a line, its fields split by tabs
    /// (kind, address, type, length, medium; a missing one empty). A field never holds a tab or
    /// a line break (one that does has it written as a space), so every line reads back whole.
    static func stored(_ enclosures: [FeedEnclosure]) -> String {
        enclosures.map { enclosure in
            [
                enclosure.kind.rawValue, enclosure.url, enclosure.type ?? "", enclosure.length.map(String.init) ?? "",
                enclosure.medium ?? "",
            ]
            .map(storedField).joined(separator: "\t")
        }.joined(separator: "\n")
    }

    /// The enclosures ``stored(_:)`` wrote; a line it did not write (no address) is skipped.
    static func fromStored(_ text: String) -> [FeedEnclosure] {
        text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 2, !fields[1].isEmpty else { return nil }
            func field(_ index: Int) -> String? {
                fields.indices.contains(index) && !fields[index].isEmpty ? fields[index] : nil
            }
            return FeedEnclosure(
                url: fields[1], type: field(2), length: field(3).flatMap { Int64($0) }, medium: field(4),
                kind: Kind(rawValue: fields[0]) ?? .enclosure)
        }
    }

    private static func storedField(_ text: String) -> String {
        String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
    }
}
