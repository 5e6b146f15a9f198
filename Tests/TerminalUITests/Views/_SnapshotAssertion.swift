import Foundation
import TerminalUI
import Testing

/// Compares a buffer's text snapshot with the file `__Snapshots__/<name>.txt` next to this
/// file. With `RIVULET_RECORD_SNAPSHOTS=1` in the environment the file is written instead (and
/// the test fails, so a recording run is never mistaken for a passing one).
func assertSnapshot(
    _ buffer: CellBuffer, named name: String, filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let folder = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let file = folder.appendingPathComponent("\(name).txt")
    let actual = buffer.snapshot() + "\n"
    if ProcessInfo.processInfo.environment["RIVULET_RECORD_SNAPSHOTS"] == "1" {
        try? actual.write(to: file, atomically: true, encoding: .utf8)
        Issue.record(
            "recorded snapshot \(name); run again without RIVULET_RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
        return
    }
    guard let expected = try? String(contentsOf: file, encoding: .utf8) else {
        Issue.record(
            "no snapshot \(name).txt; record it with RIVULET_RECORD_SNAPSHOTS=1", sourceLocation: sourceLocation)
        return
    }
    #expect(actual == expected, "snapshot \(name) differs:\n\(actual)", sourceLocation: sourceLocation)
}
