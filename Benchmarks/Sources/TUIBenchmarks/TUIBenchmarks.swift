import Harness
import TerminalUI

/// A todo list screen drawn the way the app draws one: a header, the visible window of the list
/// (checkbox and title; the selected row in reverse video across the full width) and a status
/// line. Only the visible rows are drawn, whatever the length of the list.
struct TodoListScreen {
    static let size = TerminalSize(width: 200, height: 60)
    static let listRows = size.height - 2

    let titles: [String]
    var done: [Bool]

    init(count: Int) {
        titles = (0..<count).map { "Todo #\($0): water the plants, call the bank, read chapter \($0 % 40)" }
        done = (0..<count).map { $0 % 3 == 0 }
    }

    func render(top: Int, selection: Int) -> CellBuffer {
        var buffer = CellBuffer(size: Self.size)
        buffer.put("Todos", x: 0, y: 0, style: .bold)
        buffer.put("\(titles.count) items", x: 8, y: 0, style: .dim)
        for row in 0..<Self.listRows {
            let index = top + row
            guard index < titles.count else { break }
            let y = row + 1
            let style: Style = index == selection ? .reverse : .plain
            if index == selection { buffer.fill(Rect(x: 0, y: y, width: Self.size.width, height: 1), style: style) }
            buffer.put(done[index] ? "[x] " : "[ ] ", x: 1, y: y, style: style)
            buffer.put(titles[index], x: 5, y: y, style: style, maxWidth: Self.size.width - 6)
        }
        buffer.putStatusLine(
            left: "j/k move  space toggle  / search  ? help  q quit", right: "\(selection + 1)/\(titles.count)",
            y: Self.size.height - 1, style: .reverse)
        return buffer
    }
}

/// `tui.frame` and `tui.bytes_one_row`, through the real cell buffer and diff renderer.
public func tuiBenchmarks() -> [Benchmark] {
    let renderer = DiffRenderer(colorSupport: .colors256)
    let top = 50_000
    let moves = 1_000
    return [
        Benchmark(
            "tui.frame", unit: "ms",
            [
                Contestant("rivulet") {
                    let screen = TodoListScreen(count: 100_000)
                    // The selection walks down and back up the visible window, one row per frame;
                    // each frame is drawn from the state and diffed against the frame before it.
                    var previous = screen.render(top: top, selection: top)
                    var bytes = 0
                    var selection = top
                    var step = 1
                    var durations: [Double] = []
                    durations.reserveCapacity(moves)
                    for _ in 0..<moves {
                        if selection + step >= top + TodoListScreen.listRows || selection + step < top { step = -step }
                        selection += step
                        var next = previous
                        let elapsed = measureNanoseconds {
                            next = screen.render(top: top, selection: selection)
                            bytes &+= renderer.frame(from: previous, to: next).count
                        }
                        durations.append(elapsed / 1e6)
                        previous = next
                    }
                    blackHole(bytes)
                    return Sample(
                        percentile(durations, 50),
                        extras: [("p99", percentile(durations, 99)), ("bytes_per_frame", Double(bytes / moves))])
                }
            ]),
        Benchmark(
            "tui.bytes_one_row", unit: "bytes",
            [
                Contestant("rivulet") {
                    let screen = TodoListScreen(count: 100_000)
                    // One todo that is not selected is ticked off: one row changes.
                    let before = screen.render(top: top, selection: top)
                    var changed = screen
                    changed.done[top + 10].toggle()
                    let after = changed.render(top: top, selection: top)
                    let bytes = renderer.frame(from: before, to: after)
                    try expectEqual(bytes.isEmpty, false, "one-row change wrote nothing")
                    return Sample(Double(bytes.count))
                }
            ]),
    ]
}
