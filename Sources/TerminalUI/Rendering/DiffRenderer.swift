/// Turns the change from one ``CellBuffer`` to the next into the bytes to write to the terminal.
///
/// Only changed cells are written. The cursor is moved only when it is not already where the
/// next change is: a short forward move (`CSI n C`) or, for a gap of up to three unchanged
/// cells already in the current style, the cells themselves; otherwise an absolute move
/// (`CSI row;col H`). Styles are emitted only when they change, and the frame ends with the
/// default style. Each frame is wrapped in synchronized output (`CSI ? 2026 h` … `l`) so the
/// terminal shows it at once. When nothing changed the frame is empty: write nothing.
///
/// Without a previous buffer, or when the size changed, the frame is a full redraw: it clears
/// the screen and writes every non-blank cell.
///
/// ```swift
/// let renderer = DiffRenderer(colorSupport: .detect(environment: ProcessInfo.processInfo.environment))
/// let bytes = renderer.frame(from: shown, to: next)
/// if !bytes.isEmpty { terminal.write(bytes) }   // one write per frame
/// ```
public struct DiffRenderer: Sendable {
    /// Whether colours are written or dropped.
    public var colorSupport: ColorSupport
    /// Whether frames are wrapped in synchronized-output markers (terminals that do not know
    /// mode 2026 ignore them).
    public var usesSynchronizedOutput: Bool

    /// A renderer for `colorSupport`, wrapping frames in synchronized output unless told not to.
    public init(colorSupport: ColorSupport = .colors256, usesSynchronizedOutput: Bool = true) {
        self.colorSupport = colorSupport
        self.usesSynchronizedOutput = usesSynchronizedOutput
    }

    /// The bytes that turn a screen showing `previous` into one showing `next`; a full redraw
    /// when `previous` is nil or of another size; empty when nothing changed.
    public func frame(from previous: CellBuffer?, to next: CellBuffer) -> [UInt8] {
        var output: [UInt8] = []
        if let previous, previous.width == next.width, previous.height == next.height {
            appendChanges(from: previous, to: next, into: &output, clearing: false)
        } else {
            appendChanges(from: CellBuffer(size: next.size), to: next, into: &output, clearing: true)
        }
        return output
    }

    private func appendChanges(
        from previous: CellBuffer, to next: CellBuffer, into output: inout [UInt8], clearing: Bool
    ) {
        var writer = _FrameWriter(colorSupport: colorSupport, clusters: next.clusters)
        if clearing {
            writer.begin(&output, synchronized: usesSynchronizedOutput)
            // CSI 0m, CSI H, CSI 2J: default style, home, erase the screen.
            output.append(contentsOf: [0x1b, 0x5b, 0x30, 0x6d, 0x1b, 0x5b, 0x48, 0x1b, 0x5b, 0x32, 0x4a])
            writer.cursorX = 0
            writer.cursorY = 0
        }
        let width = next.width
        let comparesClusters = !previous.clusters.isEmpty && !next.clusters.isEmpty
        previous.cells.withUnsafeBufferPointer { old in
            next.cells.withUnsafeBufferPointer { new in
                for y in 0..<next.height {
                    let row = y * width
                    var x = 0
                    while x < width {
                        let cell = new[row + x]
                        if cell.isContinuation {
                            x += 1
                            continue
                        }
                        let before = old[row + x]
                        if before == cell && !cell.isCluster {
                            x += 1
                            continue
                        }
                        if comparesClusters && cell.isCluster && next.cell(row + x, matches: row + x, of: previous) {
                            x += 1
                            continue
                        }
                        if !writer.hasBegun { writer.begin(&output, synchronized: usesSynchronizedOutput) }
                        writer.move(
                            toX: x, y: y, row: UnsafeBufferPointer(rebasing: new[row..<(row + width)]), into: &output)
                        writer.write(cell, into: &output)
                        x += Int(cell.width)
                    }
                }
            }
        }
        if writer.hasBegun { writer.end(&output, synchronized: usesSynchronizedOutput) }
    }
}

/// The terminal state while a frame is written: cursor position and current style.
struct _FrameWriter {
    let colorSupport: ColorSupport
    /// The next buffer's multi-scalar graphemes.
    let clusters: [String]
    var hasBegun = false
    /// Where the terminal's cursor is; -1 when unknown.
    var cursorX = -1
    var cursorY = -1
    /// The style the terminal currently draws with.
    var current = Style.plain

    init(colorSupport: ColorSupport, clusters: [String]) {
        self.colorSupport = colorSupport
        self.clusters = clusters
    }

    mutating func begin(_ output: inout [UInt8], synchronized: Bool) {
        hasBegun = true
        if synchronized { output.append(contentsOf: [0x1b, 0x5b, 0x3f, 0x32, 0x30, 0x32, 0x36, 0x68]) }
    }

    mutating func end(_ output: inout [UInt8], synchronized: Bool) {
        if current != .plain { output.append(contentsOf: [0x1b, 0x5b, 0x30, 0x6d]) }
        current = .plain
        if synchronized { output.append(contentsOf: [0x1b, 0x5b, 0x3f, 0x32, 0x30, 0x32, 0x36, 0x6c]) }
    }

    /// Moves the cursor to (`x`, `y`) the cheapest way; `row` is the next buffer's row `y`.
    mutating func move(toX x: Int, y: Int, row: UnsafeBufferPointer<_StoredCell>, into output: inout [UInt8]) {
        if cursorY == y && cursorX == x { return }
        if cursorY == y && cursorX >= 0 && x > cursorX {
            let gap = x - cursorX
            if gap <= 3 && rewritable(row, from: cursorX, to: x) {
                for column in cursorX..<x { write(row[column], into: &output) }
                return
            }
            output.append(contentsOf: [0x1b, 0x5b])
            if gap > 1 { appendDecimal(gap, to: &output) }
            output.append(0x43)  // C
            cursorX = x
            return
        }
        jump(toX: x, y: y, into: &output)
    }

    /// Moves the cursor to (`x`, `y`) with an absolute move (`CSI row;col H`).
    private mutating func jump(toX x: Int, y: Int, into output: inout [UInt8]) {
        output.append(contentsOf: [0x1b, 0x5b])
        if x != 0 || y != 0 {
            appendDecimal(y + 1, to: &output)
            output.append(0x3b)
            appendDecimal(x + 1, to: &output)
        }
        output.append(0x48)  // H
        cursorX = x
        cursorY = y
    }

    /// Whether the unchanged cells in `start..<end` can be written again instead of a move:
    /// narrow ASCII cells in the current style.
    private func rewritable(_ row: UnsafeBufferPointer<_StoredCell>, from start: Int, to end: Int) -> Bool {
        for column in start..<end {
            let cell = row[column]
            guard cell.width == 1, cell.content < 0x80, adapted(cell.style) == current else { return false }
        }
        return true
    }

    @inline(__always)
    private func adapted(_ style: Style) -> Style {
        colorSupport == .monochrome ? Style(attributes: style.attributes) : style
    }

    /// Writes one cell at the cursor, switching style first if needed.
    mutating func write(_ cell: _StoredCell, into output: inout [UInt8]) {
        let style = adapted(cell.style)
        if style != current {
            appendStyleChange(to: style, into: &output)
            current = style
        }
        if cell.isCluster, cursorX >= 0, cursorY >= 0 {
            // Terminals disagree on how wide a grapheme of several scalars is (an emoji with
            // VS16, a skin tone or a ZWJ sequence: 1, 2 or more columns). Its cells are cleared
            // first, and the cursor is placed anew before whatever comes next, so that a narrower
            // drawing leaves no old text beside it and no drawing shifts the text written after it.
            output.append(contentsOf: repeatElement(0x20, count: Int(cell.width)))
            jump(toX: cursorX, y: cursorY, into: &output)
            output.append(contentsOf: clusters[Int(cell.content & ~_StoredCell.clusterFlag)].utf8)
            cursorX = -1
            return
        }
        if cell.isCluster {
            output.append(contentsOf: clusters[Int(cell.content & ~_StoredCell.clusterFlag)].utf8)
        } else {
            appendUTF8(cell.content, to: &output)
        }
        cursorX += Int(cell.width)
    }

    private func appendStyleChange(to style: Style, into output: inout [UInt8]) {
        output.append(contentsOf: [0x1b, 0x5b])
        var first = true
        func parameter(_ value: Int) {
            if !first { output.append(0x3b) }
            first = false
            appendDecimal(value, to: &output)
        }
        let keepsAttributes = style.attributes.isSuperset(of: current.attributes)
        let base = keepsAttributes ? current : Style.plain
        if !keepsAttributes { parameter(0) }
        let added = style.attributes.subtracting(base.attributes)
        if added.contains(.bold) { parameter(1) }
        if added.contains(.dim) { parameter(2) }
        if added.contains(.italic) { parameter(3) }
        if added.contains(.underline) { parameter(4) }
        if added.contains(.reverse) { parameter(7) }
        if style.foreground != base.foreground {
            switch style.foreground {
            case .default: parameter(39)
            case .ansi(let index) where index < 8: parameter(30 + Int(index))
            case .ansi(let index) where index < 16: parameter(90 + Int(index) - 8)
            case .ansi(let index), .indexed(let index):
                parameter(38)
                parameter(5)
                parameter(Int(index))
            }
        }
        if style.background != base.background {
            switch style.background {
            case .default: parameter(49)
            case .ansi(let index) where index < 8: parameter(40 + Int(index))
            case .ansi(let index) where index < 16: parameter(100 + Int(index) - 8)
            case .ansi(let index), .indexed(let index):
                parameter(48)
                parameter(5)
                parameter(Int(index))
            }
        }
        output.append(0x6d)  // m
    }
}

/// Appends the decimal digits of a non-negative `value`.
@inline(__always)
func appendDecimal(_ value: Int, to output: inout [UInt8]) {
    if value >= 10 { appendDecimal(value / 10, to: &output) }
    output.append(UInt8(truncatingIfNeeded: 0x30 + value % 10))
}

/// Appends the UTF-8 encoding of the scalar `value`.
@inline(__always)
func appendUTF8(_ value: UInt32, to output: inout [UInt8]) {
    switch value {
    case ..<0x80:
        output.append(UInt8(truncatingIfNeeded: value))
    case ..<0x800:
        output.append(UInt8(truncatingIfNeeded: 0xc0 | value >> 6))
        output.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3f))
    case ..<0x10000:
        output.append(UInt8(truncatingIfNeeded: 0xe0 | value >> 12))
        output.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3f))
        output.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3f))
    default:
        output.append(UInt8(truncatingIfNeeded: 0xf0 | value >> 18))
        output.append(UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3f))
        output.append(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3f))
        output.append(UInt8(truncatingIfNeeded: 0x80 | value & 0x3f))
    }
}
