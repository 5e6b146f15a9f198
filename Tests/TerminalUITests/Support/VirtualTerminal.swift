import Testing

@testable import TerminalUI

/// A small model of a terminal screen that understands exactly what the diff renderer may
/// emit (CUP, CUF, SGR, ED 2, synchronized-output markers and text) and records anything else
/// as an error.
struct VirtualTerminal {
    let width: Int
    let height: Int
    var cells: [Cell]
    var cursorX = 0
    var cursorY = 0
    var style = Style.plain
    var synchronizedDepth = 0
    var errors: [String] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        cells = Array(repeating: .blank(), count: width * height)
    }

    /// The screen as a buffer, for comparison with what the renderer was asked to show.
    var buffer: CellBuffer {
        CellBuffer(width: width, height: height, cells: cells)
    }

    mutating func apply(_ bytes: [UInt8]) {
        var index = 0
        var text: [UInt8] = []
        while index < bytes.count {
            if bytes[index] != 0x1b {
                text.append(bytes[index])
                index += 1
                continue
            }
            flushText(&text)
            guard index + 1 < bytes.count, bytes[index + 1] == 0x5b else {
                errors.append("lone or non-CSI escape at byte \(index)")
                return
            }
            var end = index + 2
            while end < bytes.count, (0x20...0x3f).contains(bytes[end]) { end += 1 }
            guard end < bytes.count else {
                errors.append("unterminated CSI")
                return
            }
            let body = String(decoding: bytes[(index + 2)..<end], as: UTF8.self)
            control(body, final: bytes[end])
            index = end + 1
        }
        flushText(&text)
    }

    private mutating func flushText(_ text: inout [UInt8]) {
        guard !text.isEmpty else { return }
        for character in String(decoding: text, as: UTF8.self) {
            put(character)
        }
        text.removeAll()
    }

    private mutating func put(_ character: Character) {
        let characterWidth = DisplayWidth.of(character)
        guard characterWidth > 0 else {
            errors.append("zero-width character \(character.unicodeScalars.map { $0.value }) written")
            return
        }
        guard cursorY < height, cursorX + characterWidth <= width else {
            errors.append("text \(character) written at \(cursorX),\(cursorY) past the edge")
            return
        }
        let index = cursorY * width + cursorX
        // Like real terminals: overwriting half of a wide character erases the other half.
        breakWide(at: cursorX)
        if characterWidth == 2 { breakWide(at: cursorX + 1) }
        cells[index] = Cell(character, style: style, width: UInt8(characterWidth))
        if characterWidth == 2 { cells[index + 1] = .continuation(style) }
        cursorX += characterWidth
    }

    private mutating func breakWide(at x: Int) {
        let index = cursorY * width + x
        if cells[index].isContinuation, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        } else if cells[index].width == 2, x + 1 < width {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
    }

    private mutating func control(_ body: String, final: UInt8) {
        let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        switch final {
        case 0x48:  // H
            cursorY = (numbers.first.map { max($0, 1) } ?? 1) - 1
            cursorX = (numbers.count > 1 ? max(numbers[1], 1) : 1) - 1
            if body.isEmpty { (cursorX, cursorY) = (0, 0) }
        case 0x43:  // C
            cursorX += body.isEmpty ? 1 : max(numbers[0], 1)
        case 0x4a where body == "2":  // ED 2
            cells = Array(repeating: .blank(style), count: width * height)
        case 0x6d:  // m
            applySGR(body.isEmpty ? [0] : numbers)
        case 0x68 where body == "?2026":
            synchronizedDepth += 1
        case 0x6c where body == "?2026":
            synchronizedDepth -= 1
        default:
            errors.append("unexpected sequence CSI \(body)\(Character(Unicode.Scalar(final)))")
        }
    }

    private mutating func applySGR(_ numbers: [Int]) {
        var index = 0
        while index < numbers.count {
            let number = numbers[index]
            switch number {
            case 0: style = .plain
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 30...37: style.foreground = .ansi(UInt8(number - 30))
            case 90...97: style.foreground = .ansi(UInt8(number - 90 + 8))
            case 39: style.foreground = .default
            case 40...47: style.background = .ansi(UInt8(number - 40))
            case 100...107: style.background = .ansi(UInt8(number - 100 + 8))
            case 49: style.background = .default
            case 38, 48:
                guard index + 2 < numbers.count, numbers[index + 1] == 5 else {
                    errors.append("bad extended colour")
                    return
                }
                let color = Color.indexed(UInt8(numbers[index + 2]))
                if number == 38 { style.foreground = color } else { style.background = color }
                index += 2
            default:
                errors.append("unexpected SGR \(number)")
            }
            index += 1
        }
    }
}

/// The same buffer with every colour that renders as one SGR code spelled one way, so a model
/// screen and the buffer it should show compare equal: `.indexed(n)` and `.ansi(n)` for n ≥ 16
/// both render as `38;5;n`.
func normalized(_ buffer: CellBuffer, monochrome: Bool = false) -> CellBuffer {
    var copy = buffer
    for index in copy.cells.indices {
        var style = copy.cells[index].style
        if monochrome {
            style = Style(attributes: style.attributes)
        }
        for keyPath in [\Style.foreground, \Style.background] {
            if case .ansi(let value) = style[keyPath: keyPath], value >= 16 {
                style[keyPath: keyPath] = .indexed(value)
            }
        }
        copy.cells[index].style = style
    }
    return copy
}
