/// A terminal colour: the terminal's default, one of the 16 ANSI colours, or one of the 256
/// indexed colours.
@frozen
public enum Color: Hashable, Sendable {
    /// The terminal's own foreground or background colour.
    case `default`
    /// One of the 16 ANSI colours: 0–7 normal, 8–15 bright.
    case ansi(UInt8)
    /// One of the 256 indexed colours.
    case indexed(UInt8)

    /// ANSI black.
    public static let black = Color.ansi(0)
    /// ANSI red.
    public static let red = Color.ansi(1)
    /// ANSI green.
    public static let green = Color.ansi(2)
    /// ANSI yellow.
    public static let yellow = Color.ansi(3)
    /// ANSI blue.
    public static let blue = Color.ansi(4)
    /// ANSI magenta.
    public static let magenta = Color.ansi(5)
    /// ANSI cyan.
    public static let cyan = Color.ansi(6)
    /// ANSI white (light grey on most terminals).
    public static let white = Color.ansi(7)
    /// ANSI bright black (dark grey).
    public static let brightBlack = Color.ansi(8)
    /// ANSI bright white.
    public static let brightWhite = Color.ansi(15)

    /// The colour at `index` among the terminal's 256: 0–15 are the ANSI colours, the rest
    /// indexed.
    public init(index: UInt8) {
        self = index < 16 ? .ansi(index) : .indexed(index)
    }
}
