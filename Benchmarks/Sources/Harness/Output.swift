import Foundation

/// Formats a figure with about four significant digits, the way the table and JSON show it.
public func format(_ value: Double) -> String {
    if value.isNaN { return "-" }
    let magnitude = abs(value)
    if magnitude >= 1000 { return String(format: "%.0f", value) }
    if magnitude >= 100 { return String(format: "%.1f", value) }
    if magnitude >= 10 { return String(format: "%.2f", value) }
    return String(format: "%.3f", value)
}

private func jsonString(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        default:
            if scalar.value < 0x20 {
                out += String(format: "\\u%04x", scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

private func jsonNumber(_ value: Double?) -> String {
    guard let value, value.isFinite else { return "null" }
    return format(value)
}

/// One JSON object on one line: benchmark, subject, unit, median, min, max (null when there is
/// no figure), then any extras (each the median over runs) and a note when there is one.
public func jsonLine(_ result: Result) -> String {
    var fields = [
        "\"benchmark\": \(jsonString(result.benchmark))",
        "\"subject\": \(jsonString(result.subject))",
        "\"unit\": \(jsonString(result.unit))",
        "\"median\": \(jsonNumber(result.summary?.median))",
        "\"min\": \(jsonNumber(result.summary?.min))",
        "\"max\": \(jsonNumber(result.summary?.max))",
    ]
    for (name, value) in result.summary?.extras ?? [] {
        fields.append("\(jsonString(name)): \(jsonNumber(value))")
    }
    if let runs = result.summary?.runs { fields.append("\"runs\": \(runs)") }
    if let note = result.note { fields.append("\"note\": \(jsonString(note))") }
    return "{" + fields.joined(separator: ", ") + "}"
}

/// A plain-text table, one row per subject of each benchmark.
public func table(_ results: [Result]) -> String {
    let header = ["benchmark", "subject", "unit", "median", "min", "max", "extras / note"]
    var rows = [header]
    for result in results {
        var extra = (result.summary?.extras ?? []).map { "\($0.0) \(format($0.1))" }
        if let note = result.note { extra.append(note) }
        rows.append([
            result.benchmark, result.subject, result.unit,
            result.summary.map { format($0.median) } ?? "-",
            result.summary.map { format($0.min) } ?? "-",
            result.summary.map { format($0.max) } ?? "-",
            extra.joined(separator: "; "),
        ])
    }
    return render(rows, rightAligned: [3, 4, 5])
}

/// Lays rows out in aligned columns; the columns in `rightAligned` are aligned right.
public func render(_ rows: [[String]], rightAligned: Set<Int>) -> String {
    let widths = (0..<(rows.first?.count ?? 0)).map { column in
        rows.map { $0[column].count }.max() ?? 0
    }
    return rows.map { row in
        row.indices.map { column in
            let cell = row[column]
            let pad = String(repeating: " ", count: widths[column] - cell.count)
            if column == row.count - 1 { return cell }
            return rightAligned.contains(column) ? pad + cell : cell + pad
        }.joined(separator: "  ")
    }.joined(separator: "\n")
}
