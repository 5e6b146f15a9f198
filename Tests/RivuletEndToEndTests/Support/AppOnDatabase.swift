import Foundation

/// The full-screen app running in a private tmux pane on a given database, with helpers to
/// read its todo list off the screen and to check that it quits cleanly.
///
/// `@unchecked Sendable`: a test uses it from one thread at a time, awaiting each blocking call
/// it hands to another thread (``onOwnThread(_:)``) before the next.
final class AppOnDatabase: @unchecked Sendable {
    let session: TmuxSession

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
            || FileManager.default.isExecutableFile(atPath: "/usr/local/bin/tmux")
    }

    /// Starts `rivulet --db database` in a pane of `width`×`height`.
    init(database: String, width: Int = 100, height: Int = 40) throws {
        let command = "\(TmuxSession.quote(RivuletProcess.binary)) --db \(TmuxSession.quote(database))"
        session = try TmuxSession(command: command, width: width, height: height)
    }

    deinit { session.close() }

    /// A todo row as the list draws it: `> [x] title` (selected) or `  [ ] title`, and maybe a
    /// scroll bar.
    struct Row: Equatable, Sendable, CustomStringConvertible {
        let title: String
        let isCompleted: Bool
        let isSelected: Bool

        var description: String { "\(isSelected ? ">" : " ")[\(isCompleted ? "x" : " ")] \(title)" }
    }

    /// The todo rows on `screen`, top to bottom.
    static func rows(on screen: String) -> [Row] {
        screen.split(separator: "\n").compactMap { line -> Row? in
            let text = String(line)
            guard text.count > 6 else { return nil }
            let marker = text.prefix(2)
            let box = text.dropFirst(2).prefix(4)
            guard marker == "> " || marker == "  ", box == "[ ] " || box == "[x] " else { return nil }
            // A long list draws a scroll bar (│ and █) in the last column.
            let title = text.dropFirst(6).trimmingCharacters(in: CharacterSet.whitespaces.union(["│", "█"]))
            return Row(title: title, isCompleted: box == "[x] ", isSelected: marker == "> ")
        }
    }

    /// The "N items left" count on `screen` (N grouped by commas, as the app writes counts).
    static func itemsLeft(on screen: String) -> Int? {
        guard let range = screen.range(of: #"\d[\d,]* items? left"#, options: .regularExpression) else { return nil }
        return Int(screen[range].prefix { $0.isNumber || $0 == "," }.filter(\.isNumber))
    }

    /// `count` as the app writes counts: digits grouped by three with commas ("100,000").
    static func grouped(_ count: Int) -> String {
        let digits = Array(String(count))
        return digits.enumerated().map { index, digit in
            index > 0 && (digits.count - index) % 3 == 0 ? ",\(digit)" : String(digit)
        }.joined()
    }

    /// Opens the todo list from Home and waits until its first row is drawn.
    func openTodos() throws -> Bool {
        guard try session.waitFor("Rivulet · Home", timeout: 10).matched else { return false }
        try session.send("t")
        return try session.waitFor(timeout: 10) { !Self.rows(on: $0).isEmpty }.matched
    }

    /// Quits with `q` from the todo list (back to Home, then out); returns the exit status
    /// line's match and whether the alternate screen is off again.
    func quitFromTodos() throws -> (exited: Bool, alternateScreenOff: Bool) {
        try session.send("q")
        guard try session.waitFor("Rivulet · Home").matched else { return (false, false) }
        try session.send("q")
        let exited = try session.waitFor("__EXIT=0").matched
        return (exited, try session.display("#{alternate_on}") == "0")
    }
}
