/// One cell of a ``CellBuffer`` as read back: a grapheme and its style.
///
/// A wide character (2 columns) is stored in its left cell with `width` 2; the cell to its right
/// is a continuation cell (`width` 0) that shows nothing of its own.
public struct Cell: Hashable, Sendable {
    /// The grapheme shown; a space for an empty cell and for a continuation cell.
    public var character: Character
    /// How the cell looks.
    public var style: Style
    /// 1 for a normal cell, 2 for the left half of a wide character, 0 for its right half.
    public var width: UInt8

    /// A cell showing `character` (of display width `width`) in `style`.
    init(_ character: Character, style: Style, width: UInt8) {
        self.character = character
        self.style = style
        self.width = width
    }

    /// An empty cell in `style`.
    public static func blank(_ style: Style = .plain) -> Cell { Cell(" ", style: style, width: 1) }

    /// The right half of a wide character.
    static func continuation(_ style: Style) -> Cell { Cell(" ", style: style, width: 0) }

    /// Whether this is the right half of a wide character.
    public var isContinuation: Bool { width == 0 }
}

/// How a buffer stores a cell: plain data, so that copying, filling and comparing buffers moves
/// bytes and never touches reference counts.
///
/// `content` is the Unicode scalar value of a one-scalar grapheme (nearly all of them), or
/// ``clusterFlag`` plus an index into the buffer's table of longer graphemes (emoji sequences,
/// letters with combining marks).
@frozen
@usableFromInline
struct _StoredCell: Equatable, Sendable {
    @usableFromInline var content: UInt32
    @usableFromInline var style: Style
    @usableFromInline var width: UInt8

    @inlinable
    init(content: UInt32, style: Style, width: UInt8) {
        self.content = content
        self.style = style
        self.width = width
    }

    /// Marks `content` as an index into the cluster table.
    @usableFromInline static let clusterFlag: UInt32 = 0x8000_0000

    /// An empty cell.
    @inlinable
    static func blank(_ style: Style) -> _StoredCell { _StoredCell(content: 0x20, style: style, width: 1) }

    /// The right half of a wide character.
    @inlinable
    static func continuation(_ style: Style) -> _StoredCell { _StoredCell(content: 0x20, style: style, width: 0) }

    /// Whether `content` refers to the cluster table.
    @inlinable
    var isCluster: Bool { content & Self.clusterFlag != 0 }

    /// Whether this is the right half of a wide character.
    @inlinable
    var isContinuation: Bool { width == 0 }
}
