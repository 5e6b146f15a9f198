/// One cell of a ``CellBuffer``: a grapheme and its style.
///
/// A wide character (2 columns) is stored in its left cell with `width` 2; the cell to its right
/// is a continuation cell (`width` 0) that shows nothing of its own.
@frozen
public struct Cell: Hashable, Sendable {
    /// The grapheme shown; a space for an empty cell and for a continuation cell.
    public var character: Character
    /// How the cell looks.
    public var style: Style
    /// 1 for a normal cell, 2 for the left half of a wide character, 0 for its right half.
    public var width: UInt8

    /// A cell showing `character` (of display width `width`) in `style`.
    @inlinable
    init(_ character: Character, style: Style, width: UInt8) {
        self.character = character
        self.style = style
        self.width = width
    }

    /// An empty cell in `style`.
    @inlinable
    public static func blank(_ style: Style = .plain) -> Cell { Cell(" ", style: style, width: 1) }

    /// The right half of a wide character.
    @inlinable
    static func continuation(_ style: Style) -> Cell { Cell(" ", style: style, width: 0) }

    /// Whether this is the right half of a wide character.
    @inlinable
    public var isContinuation: Bool { width == 0 }

    /// Compares cells cheaply: style and width first, then the grapheme.
    @inlinable
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.width == rhs.width && lhs.style == rhs.style && lhs.character == rhs.character
    }

    /// Hashes the grapheme, style and width.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        hasher.combine(character)
        hasher.combine(style)
        hasher.combine(width)
    }
}
