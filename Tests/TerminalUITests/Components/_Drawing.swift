import TerminalUI

/// The text rows of a `width` × `height` buffer after `draw` drew into it.
func drawn(width: Int, height: Int, _ draw: (inout CellBuffer) -> Void) -> [String] {
    var buffer = CellBuffer(width: width, height: height)
    draw(&buffer)
    return buffer.textLines()
}

/// The buffer after `draw` drew into a fresh `width` × `height` one.
func drawnBuffer(width: Int, height: Int, _ draw: (inout CellBuffer) -> Void) -> CellBuffer {
    var buffer = CellBuffer(width: width, height: height)
    draw(&buffer)
    return buffer
}

/// Text full of things a terminal would act on: a colour, a title change, a clipboard write, a
/// bell, a bidi override.
let hostileText = "\u{1B}[31mred\u{1B}]0;owned\u{07}\u{1B}]52;c;aGk=\u{07}\u{07}\u{202E}txt"

/// Whether any cell of `buffer` holds ESC, BEL or another control character.
func containsControl(_ buffer: CellBuffer) -> Bool {
    for y in 0..<buffer.height {
        for x in 0..<buffer.width {
            for scalar in buffer[x, y].character.unicodeScalars
            where scalar.value < 0x20 || (0x7f..<0xa0).contains(scalar.value) || scalar == "\u{202E}" {
                return true
            }
        }
    }
    return false
}
