import TerminalUI
import Testing

@Test func tableFixedColumnsGetTheirWidth() {
    let widths = Table.columnWidths([.fixed(3), .fixed(4)], spacing: 1, width: 20)
    #expect(widths == [3, 4])
}

@Test func tableFlexibleColumnsShareWhatIsLeftByWeight() {
    // 20 columns, 2 spacing, 4 fixed: 14 left, shared 1:2.
    let widths = Table.columnWidths(
        [.flexible(weight: 1), .fixed(4), .flexible(weight: 2)], spacing: 1, width: 20)
    #expect(widths == [5, 4, 9])
}

@Test func tableMinimumColumnsTakeTheRestWhenNoColumnIsFlexible() {
    let widths = Table.columnWidths([.minimum(3), .fixed(4), .minimum(2)], spacing: 1, width: 20)
    #expect(widths == [8, 4, 6])
}

@Test func tableMinimumColumnsKeepTheirMinimumNextToFlexibleOnes() {
    let widths = Table.columnWidths([.minimum(6), .flexible()], spacing: 1, width: 10)
    #expect(widths == [6, 3])
}

@Test func tableTooNarrowForTheFixedWidthsCutsColumnsFromTheRight() {
    let widths = Table.columnWidths([.fixed(5), .fixed(5), .flexible()], spacing: 1, width: 8)
    #expect(widths == [5, 1, 0])
}

@Test func tableDrawsTheHeaderAndTheRows() {
    let table = Table(
        columns: [
            Table.Column("Name", width: .flexible()), Table.Column("Qty", width: .fixed(3), alignment: .trailing),
        ],
        rowCount: 2, height: 2)
    let rows = [["Milk", "2"], ["Eggs", "12"]]
    let buffer = drawnBuffer(width: 12, height: 3) { buffer in
        table.draw(into: &buffer, in: buffer.bounds) { rows[$0] }
    }
    #expect(buffer.textLines() == ["Name     Qty", "Milk       2", "Eggs      12"])
    #expect(buffer[0, 0].style == Table.headerStyle)
    #expect(buffer[0, 1].style == Table.selectedStyle)
    #expect(buffer[0, 2].style == .plain)
}

@Test func tableCutsWideCellsWithAnEllipsisByDisplayWidth() {
    let table = Table(
        columns: [Table.Column("Title", width: .fixed(5)), Table.Column("N", width: .fixed(1))], rowCount: 1)
    let lines = drawn(width: 7, height: 2) { buffer in
        table.draw(into: &buffer, in: buffer.bounds) { _ in ["日本語です", "1"] }
    }
    // Four columns of ideographs and the ellipsis; a third ideograph would straddle the edge.
    #expect(lines[1] == "日本… 1")
}

@Test func tableMovesTheSelectionWithTheKeys() {
    var table = Table(columns: [Table.Column("N", width: .flexible())], rowCount: 5, height: 2)
    _ = table.handle(Key(.down))
    _ = table.handle(.character("j"))
    #expect(table.list.selected == 2)
    #expect(table.list.offset == 1)
}

@Test func tableOfAMillionRowsAsksOnlyForTheVisibleRows() {
    var table = Table(columns: [Table.Column("N", width: .flexible())], rowCount: 1_000_000, height: 3)
    _ = table.handle(Key(.end))
    var requested: [Int] = []
    _ = drawn(width: 10, height: 4) { buffer in
        table.draw(into: &buffer, in: buffer.bounds) { index in
            requested.append(index)
            return ["\(index)"]
        }
    }
    #expect(requested == [999_997, 999_998, 999_999])
}

@Test func tableNeverWritesControlCharactersFromCells() {
    let table = Table(columns: [Table.Column("A", width: .flexible())], rowCount: 1)
    let buffer = drawnBuffer(width: 12, height: 2) { buffer in
        table.draw(into: &buffer, in: buffer.bounds) { _ in [hostileText] }
    }
    #expect(!containsControl(buffer))
    #expect(buffer.textLines()[1] == "red\u{FFFD}txt     ")
}

@Test func tableRowWithFewerCellsThanColumnsLeavesTheRestBlank() {
    let table = Table(columns: [Table.Column("A", width: .fixed(2)), Table.Column("B", width: .fixed(2))], rowCount: 1)
    let lines = drawn(width: 5, height: 2) { buffer in
        table.draw(into: &buffer, in: buffer.bounds) { _ in ["x"] }
    }
    #expect(lines[1] == "x    ")
}
