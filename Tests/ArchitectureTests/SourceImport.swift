/// One `import` line of a source file.
struct SourceImport: Equatable, CustomStringConvertible {
    /// The module imported (`Foundation` for `import struct Foundation.Date`).
    let module: String
    /// The access level written before `import` (`public`, `internal`, …), or `nil` for none.
    let access: String?
    /// The file, relative to the package root.
    let file: String
    /// The line, from 1.
    let line: Int

    var description: String { "\(file):\(line): import \(module)" }

    private static let accessLevels: Set<String> = ["public", "package", "internal", "fileprivate", "private"]
    private static let declarationKinds: Set<String> = [
        "struct", "class", "enum", "protocol", "func", "var", "let", "typealias",
    ]

    /// The imports of a file's text: every line whose first words are attributes, an access
    /// level and `import`, wherever it is (also inside `#if`).
    static func parse(_ text: String, file: String) -> [SourceImport] {
        var result: [SourceImport] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var words = rawLine.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)[...]
            while let first = words.first, first.hasPrefix("@") { words = words.dropFirst() }
            var access: String?
            if let first = words.first, accessLevels.contains(first) {
                access = first
                words = words.dropFirst()
            }
            guard words.first == "import", words.count >= 2 else { continue }
            words = words.dropFirst()
            if let kind = words.first, declarationKinds.contains(kind) { words = words.dropFirst() }
            guard let path = words.first, let module = path.split(separator: ".").first else { continue }
            result.append(SourceImport(module: String(module), access: access, file: file, line: index + 1))
        }
        return result
    }
}
