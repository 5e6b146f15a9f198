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
            for piece in wrapIndented(characters, width: width) {
                var text = piece.lead
                for range in piece.ranges { text += String(characters[range]) }
                result.append(text)
            }
        }
        return result
    }

    /// `text` wrapped as ``indentedLines(of:width:)`` wraps plain text, each piece keeping its
    /// style; continuation indentation is plain. A line holding a run that does not wrap is not
    /// wrapped: a longer one is cut at `width` with an ellipsis.
    ///
    /// ```swift
    /// var text = StyledText("a ")
    /// text.append("bold word", style: .bold)
    /// TextWrap.indentedLines(of: text, width: 6)  // "a bold" (bold from 2), then "word" (bold)
    /// ```
    public static func indentedLines(of text: StyledText, width: Int) -> [StyledText] {
        guard width > 0 else { return [] }
        var result: [StyledText] = []
        var characters: [Character] = []
        var runIndexes: [Int] = []
        var wraps = true
        func endLine() {
            if wraps {
                for piece in wrapIndented(characters, width: width) {
                    var line = StyledText(piece.lead)
                    for range in piece.ranges { appendStyled(range, of: characters, runIndexes, text.runs, to: &line) }
                    result.append(line)
                }
            } else {
                result.append(cut(characters, runIndexes, text.runs, width: width))
            }
            characters.removeAll(keepingCapacity: true)
            runIndexes.removeAll(keepingCapacity: true)
            wraps = true
        }
        for (index, run) in text.runs.enumerated() {
            for character in run.text {
                if character == "\n" {
                    endLine()
                } else {
                    characters.append(character)
                    runIndexes.append(index)
                    wraps = wraps && run.wraps
                }
            }
        }
        endLine()
        return result
    }

    /// Appends `characters[range]` to `line`, each in the style of its run.
    private static func appendStyled(
        _ range: Range<Int>, of characters: [Character], _ runIndexes: [Int], _ runs: [StyledText.Run],
        to line: inout StyledText
    ) {
        var start = range.lowerBound
        while start < range.upperBound {
            var end = start + 1
            while end < range.upperBound, runIndexes[end] == runIndexes[start] { end += 1 }
            line.append(String(characters[start..<end]), style: runs[runIndexes[start]].style)
            start = end
        }
    }

    /// A line that does not wrap, cut at `width` columns with an ellipsis when it is wider.
    private static func cut(
        _ characters: [Character], _ runIndexes: [Int], _ runs: [StyledText.Run], width: Int
    ) -> StyledText {
        var line = StyledText()
        var columns = 0
        var end = 0
        while end < characters.count, columns + DisplayWidth.of(characters[end]) <= width {
            columns += DisplayWidth.of(characters[end])
            end += 1
        }
        guard end < characters.count else {
            appendStyled(0..<end, of: characters, runIndexes, runs, to: &line)
            return line
        }
        // Room for the ellipsis, never half a wide character.
        while end > 0, columns + 1 > width {
            end -= 1
            columns -= DisplayWidth.of(characters[end])
        }
        appendStyled(0..<end, of: characters, runIndexes, runs, to: &line)
        line.append(String(CellBuffer.ellipsis), style: end > 0 ? runs[runIndexes[end - 1]].style : .plain)
        return line
    }

    /// One line of `characters` wrapped to `width`: each piece is text to start with (the
    /// continuation indentation), then ranges of `characters`.
    private static func wrapIndented(_ characters: [Character], width: Int) -> [(lead: String, ranges: [Range<Int>])] {
        var (prefixEnd, hanging) = indentation(of: characters)
        var prefixWidth = 0
        for character in characters[..<prefixEnd] { prefixWidth += DisplayWidth.of(character) }
        if prefixWidth * 2 > width {
            prefixEnd = 0
            prefixWidth = 0
            hanging = ""
        }
        let room = width - prefixWidth
        let hangingRoom = width - DisplayWidth.of(hanging)
        let pieces = wrapKeepingSpaces(characters, from: prefixEnd, firstWidth: room, restWidth: hangingRoom)
        return pieces.enumerated().map { index, ranges in
            index == 0 ? ("", prefixEnd > 0 ? merged([0..<prefixEnd] + ranges) : ranges) : (hanging, ranges)
        }
    }

    /// `ranges` with each range that starts where the one before ends joined to it.
    private static func merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges where !range.isEmpty {
            if let last = result.last, last.upperBound == range.lowerBound {
                result[result.count - 1] = last.lowerBound..<range.upperBound
            } else {
                result.append(range)
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

    /// `characters` from `start` cut into pieces of at most `firstWidth` columns, then
    /// `restWidth`, at spaces where it can; runs of spaces inside a piece are kept. Each piece
    /// is the ranges of `characters` it shows.
    private static func wrapKeepingSpaces(
        _ characters: [Character], from start: Int, firstWidth: Int, restWidth: Int
    ) -> [[Range<Int>]] {
        var pieces: [[Range<Int>]] = []
        var piece: [Range<Int>] = []
        var pieceWidth = 0
        var spaces = 0
        var room = max(firstWidth, 1)
        var index = start
        func endPiece() {
            pieces.append(merged(piece))
            piece = []
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
                piece.append(index - spaces..<wordEnd)
                pieceWidth += spaces + wordWidth
            } else {
                // A word longer than a line is cut where the line ends.
                let kept = min(spaces, max(room - pieceWidth - 1, 0))
                piece.append(index - kept..<index)
                pieceWidth += kept
                for position in index..<wordEnd {
                    let characterWidth = DisplayWidth.of(characters[position])
                    if pieceWidth > 0, pieceWidth + characterWidth > room { endPiece() }
                    piece.append(position..<position + 1)
                    pieceWidth += characterWidth
                }
            }
            spaces = 0
            index = wordEnd
        }
        pieces.append(merged(piece))
        return pieces
    }
}
