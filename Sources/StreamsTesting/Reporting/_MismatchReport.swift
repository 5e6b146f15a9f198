import Streams

/// Builds the text of a failed expectation: expected and actual as aligned marble lines with the
/// first differing tick marked, an event-by-event diff (`-` expected, `+` actual), and a legend.
enum _MismatchReport {
    /// The report for events, or `nil` when they match.
    static func events<Element: Equatable>(
        title: String, expected: [Recorded<Event<Element>>], actual: [Recorded<Event<Element>>],
        values: [String: Element], errors: [String: any Error], origin: Int
    ) -> String? {
        guard expected != actual else { return nil }
        var legend = _MarbleLegend(values: values, errors: errors)
        let expectedCells = legend.cells(for: expected, origin: origin)
        let actualCells = legend.cells(for: actual, origin: origin)
        let layout = _MarbleLayout(lines: [expectedCells, actualCells])
        var text = title + "\n"
        text += "expected: \(layout.lines[0])\n"
        text += "actual:   \(layout.lines[1])\n"
        if let time = firstDifference(expected, actual), let column = layout.columns[time - origin] {
            text += String(repeating: " ", count: 10 + column) + firstDifferenceNote(time, origin: origin)
        }
        text += "events (- expected, + actual):\n"
        text += diff(expected, actual, describe: describe).joined(separator: "\n")
        if let legendText = legend.text { text += "\n" + legendText }
        return text
    }

    /// The report for subscriptions, or `nil` when they match.
    static func subscriptions(
        title: String, expected: [Subscription], actual: [Subscription], origin: Int
    ) -> String? {
        guard expected != actual else { return nil }
        let all =
            expected.map { _subscriptionCells($0, origin: origin) }
            + actual.map {
                _subscriptionCells($0, origin: origin)
            }
        let layout = _MarbleLayout(lines: all)
        let width = max(expected.count, actual.count) > 1 ? 13 : 10
        func label(_ name: String, _ index: Int, _ count: Int) -> String {
            let text = count > 1 ? "\(name)[\(index)]:" : "\(name):"
            return text.padding(toLength: width)
        }
        var text = title + "\n"
        for index in expected.indices {
            text += label("expected", index, expected.count) + layout.lines[index] + "\n"
        }
        if expected.isEmpty { text += label("expected", 0, 1) + "(no subscriptions)\n" }
        for index in actual.indices {
            text += label("actual", index, actual.count) + layout.lines[expected.count + index] + "\n"
        }
        if actual.isEmpty { text += label("actual", 0, 1) + "(no subscriptions)\n" }
        if let time = firstDifference(expected, actual), let column = layout.columns[time - origin] {
            text += String(repeating: " ", count: width + column) + firstDifferenceNote(time, origin: origin)
        }
        text += "subscriptions (- expected, + actual):\n"
        text += diff(expected, actual) { $0.description }.joined(separator: "\n")
        return text
    }

    /// `^ first difference at t=209 (frame 9)`, the frame shown when it differs from the tick.
    private static func firstDifferenceNote(_ time: Int, origin: Int) -> String {
        "^ first difference at t=\(time)" + (origin == 0 ? "" : " (frame \(time - origin))") + "\n"
    }

    /// `.next(210, "sw")`, `.error(250, TestError(1))` or `.completed(300)`.
    static func describe<Element>(_ recorded: Recorded<Event<Element>>) -> String {
        switch recorded.value {
        case .next(let value): return ".next(\(recorded.time), \(String(reflecting: value)))"
        case .error(let error): return ".error(\(recorded.time), \(error))"
        case .completed: return ".completed(\(recorded.time))"
        }
    }

    /// The earliest tick at which the two lists differ.
    private static func firstDifference<Element: Equatable>(
        _ expected: [Recorded<Event<Element>>], _ actual: [Recorded<Event<Element>>]
    ) -> Int? {
        var index = 0
        while index < expected.count, index < actual.count, expected[index] == actual[index] { index += 1 }
        let candidates = [
            index < expected.count ? expected[index].time : nil, index < actual.count ? actual[index].time : nil,
        ]
        return candidates.compactMap { $0 }.min()
    }

    private static func firstDifference(_ expected: [Subscription], _ actual: [Subscription]) -> Int? {
        var index = 0
        while index < expected.count, index < actual.count, expected[index] == actual[index] { index += 1 }
        var times: [Int] = []
        for list in [expected, actual] where index < list.count {
            times.append(list[index].subscribe)
        }
        if index < expected.count, index < actual.count, expected[index].subscribe == actual[index].subscribe {
            times = [min(expected[index].unsubscribe, actual[index].unsubscribe)]
        }
        return times.filter { $0 != .max }.min()
    }

    /// A line-by-line diff: `  ` for common items, `- ` expected only, `+ ` actual only. Long
    /// stretches of common items are elided to keep the changes in view.
    static func diff<Item: Equatable>(_ expected: [Item], _ actual: [Item], describe: (Item) -> String) -> [String] {
        var prefix = 0
        while prefix < expected.count, prefix < actual.count, expected[prefix] == actual[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < expected.count - prefix, suffix < actual.count - prefix,
            expected[expected.count - 1 - suffix] == actual[actual.count - 1 - suffix]
        {
            suffix += 1
        }
        let left = Array(expected[prefix..<(expected.count - suffix)])
        let right = Array(actual[prefix..<(actual.count - suffix)])
        var middle: [(mark: Character, item: Item)] = []
        if left.count * right.count <= 250_000 {
            middle = longestCommonSubsequenceDiff(left, right)
        } else {
            middle = left.map { ("-", $0) } + right.map { ("+", $0) }
        }
        let rows: [(mark: Character, item: Item)] =
            expected[..<prefix].map { (" ", $0) } + middle
            + expected[(expected.count - suffix)...].map { (" ", $0) }
        return elideCommon(rows).map { row in
            switch row {
            case .item(let mark, let item): return "\(mark) \(describe(item))"
            case .elided(let count): return "  … \(count) identical"
            }
        }
    }

    private enum Row<Item> {
        case item(Character, Item)
        case elided(Int)
    }

    /// Keeps two common rows around each change; longer common stretches become one line.
    private static func elideCommon<Item>(_ rows: [(mark: Character, item: Item)]) -> [Row<Item>] {
        let context = 2
        var keep = [Bool](repeating: false, count: rows.count)
        for (index, row) in rows.enumerated() where row.mark != " " {
            for near in max(0, index - context)...min(rows.count - 1, index + context) { keep[near] = true }
        }
        var result: [Row<Item>] = []
        var skipped = 0
        for (index, row) in rows.enumerated() {
            if keep[index] {
                if skipped > 0 { result.append(skipped == 1 ? .item(" ", rows[index - 1].item) : .elided(skipped)) }
                skipped = 0
                result.append(.item(row.mark, row.item))
            } else {
                skipped += 1
            }
        }
        if skipped > 0 { result.append(skipped == 1 ? .item(" ", rows[rows.count - 1].item) : .elided(skipped)) }
        return result
    }

    private static func longestCommonSubsequenceDiff<Item: Equatable>(
        _ left: [Item], _ right: [Item]
    ) -> [(mark: Character, item: Item)] {
        let columns = right.count + 1
        var lengths = [Int](repeating: 0, count: (left.count + 1) * columns)
        for i in stride(from: left.count - 1, through: 0, by: -1) {
            for j in stride(from: right.count - 1, through: 0, by: -1) {
                lengths[i * columns + j] =
                    left[i] == right[j]
                    ? lengths[(i + 1) * columns + j + 1] + 1
                    : max(lengths[(i + 1) * columns + j], lengths[i * columns + j + 1])
            }
        }
        var rows: [(mark: Character, item: Item)] = []
        var i = 0
        var j = 0
        while i < left.count || j < right.count {
            if i < left.count, j < right.count, left[i] == right[j] {
                rows.append((" ", left[i]))
                i += 1
                j += 1
            } else if j == right.count
                || (i < left.count && lengths[(i + 1) * columns + j] >= lengths[i * columns + j + 1])
            {
                rows.append(("-", left[i]))
                i += 1
            } else {
                rows.append(("+", right[j]))
                j += 1
            }
        }
        return rows
    }
}

extension String {
    fileprivate func padding(toLength length: Int) -> String {
        let count = unicodeScalars.count
        return count >= length ? self + " " : self + String(repeating: " ", count: length - count)
    }
}
