extension TextWrap {
    /// `text` wrapped to lines of at most `width` columns, each continuation line indented like
    /// the line it continues: its leading spaces and quote markers (`>`) repeat, and a list
    /// marker (`•`, `◦`, `▪`, `-`, `*` or a number and `.`, followed by a space) becomes as many
    /// spaces. Spaces inside a line are kept, so preformatted text keeps its columns; a wrap
    /// drops the spaces it breaks at. An indentation wider than half the line is not repeated.
    ///
    /// ```swift
    /// TextWrap.indentedLines(of: "  • a long item", width: 10)  // ["  • a long", "    item"]
    /// ```
    public static func indentedLines(of text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var result: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let characters = Array(line)
            var (prefixEnd, hanging) = indentation(of: characters)
            var prefix = String(characters[..<prefixEnd])
            if DisplayWidth.of(prefix) * 2 > width {
                prefixEnd = 0
                prefix = ""
                hanging = ""
            }
            let room = width - DisplayWidth.of(prefix)
            let hangingRoom = width - DisplayWidth.of(hanging)
            let pieces = wrapKeepingSpaces(characters[prefixEnd...], firstWidth: room, restWidth: hangingRoom)
            for (index, piece) in pieces.enumerated() {
                result.append((index == 0 ? prefix : hanging) + piece)
            }
        }
        return result
    }

    /// Where a line's indentation ends, and what its continuation lines start with.
    private static func indentation(of characters: [Character]) -> (end: Int, hanging: String) {
        var index = 0
        var hanging = ""
        while index < characters.count, characters[index] == " " || characters[index] == ">" {
            hanging.append(characters[index])
            index += 1
        }
        var markerEnd = index
        if markerEnd < characters.count, ["•", "◦", "▪", "-", "*"].contains(characters[markerEnd]) {
            markerEnd += 1
        } else {
            while markerEnd < characters.count, markerEnd - index < 9, characters[markerEnd].isASCII,
                characters[markerEnd].isNumber
            {
                markerEnd += 1
            }
            if markerEnd > index, markerEnd < characters.count, characters[markerEnd] == "." {
                markerEnd += 1
            } else {
                markerEnd = index
            }
        }
        guard markerEnd > index, markerEnd < characters.count, characters[markerEnd] == " " else {
            return (index, hanging)
        }
        markerEnd += 1
        hanging += String(repeating: " ", count: markerEnd - index)
        return (markerEnd, hanging)
    }

    /// `characters` cut into pieces of at most `firstWidth` columns, then `restWidth`, at
    /// spaces where it can; runs of spaces inside a piece are kept.
    private static func wrapKeepingSpaces(
        _ characters: ArraySlice<Character>, firstWidth: Int, restWidth: Int
    ) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var pieceWidth = 0
        var spaces = 0
        var room = max(firstWidth, 1)
        var index = characters.startIndex
        func endPiece() {
            pieces.append(piece)
            piece = ""
            pieceWidth = 0
            room = max(restWidth, 1)
        }
        while index < characters.endIndex {
            if characters[index] == " " {
                spaces += 1
                index += 1
                continue
            }
            var wordEnd = index
            var wordWidth = 0
            while wordEnd < characters.endIndex, characters[wordEnd] != " " {
                wordWidth += DisplayWidth.of(characters[wordEnd])
                wordEnd += 1
            }
            if pieceWidth > 0, pieceWidth + spaces + wordWidth > room {
                endPiece()
                spaces = 0
            }
            if pieceWidth + spaces + wordWidth <= room {
                piece += String(repeating: " ", count: spaces)
                piece += String(characters[index..<wordEnd])
                pieceWidth += spaces + wordWidth
            } else {
                // A word longer than a line is cut where the line ends.
                piece += String(repeating: " ", count: min(spaces, max(room - pieceWidth - 1, 0)))
                pieceWidth = DisplayWidth.of(piece)
                for character in characters[index..<wordEnd] {
                    let characterWidth = DisplayWidth.of(character)
                    if pieceWidth > 0, pieceWidth + characterWidth > room { endPiece() }
                    piece.append(character)
                    pieceWidth += characterWidth
                }
            }
            spaces = 0
            index = wordEnd
        }
        pieces.append(piece)
        return pieces
    }
}
