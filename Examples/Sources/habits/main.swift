// The composition root: the only place that knows which database and which server the app
// uses. It configures the base services once, then hands the terminal to the app.
import Foundation
import Habits
import HabitsTerminal
import TerminalUI

let usage = """
    usage: habits [--database PATH] [--quotes-url URL]

      --database PATH    the habits file (default: ~/.local/share/rivulet-habits/habits.sqlite)
      --quotes-url URL   a server answering GET URL/quotes/today with {"text": …, "author": …}
                         (default: $HABITS_QUOTES_URL; none: no quote is shown)
    """

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("habits: \(message)\n".utf8))
    exit(status)
}

var databasePath: String?
var quotesURL = ProcessInfo.processInfo.environment["HABITS_QUOTES_URL"]
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--database":
        guard let value = arguments.popFirst() else { fail("--database needs a path\n\(usage)", status: 2) }
        databasePath = value
    case "--quotes-url":
        guard let value = arguments.popFirst() else { fail("--quotes-url needs a URL\n\(usage)", status: 2) }
        quotesURL = value
    case "-h", "--help":
        print(usage)
        exit(0)
    default: fail("unknown argument \(argument)\n\(usage)", status: 2)
    }
}

let path: String
if let databasePath {
    path = databasePath
} else {
    let folder = FileManager.default.homeDirectoryForCurrentUser
        .appendingPathComponent(".local/share/rivulet-habits", isDirectory: true)
    do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
        fail("cannot create \(folder.path): \(error.localizedDescription)", status: 1)
    }
    path = folder.appendingPathComponent("habits.sqlite").path
}

do {
    try HabitsBaseService.shared.configure(path: path)
} catch {
    fail(error.message, status: 1)
}
if let quotesURL, !quotesURL.isEmpty {
    guard let url = URL(string: quotesURL), url.scheme != nil else { fail("not a URL: \(quotesURL)", status: 2) }
    QuotesBaseService.shared.configure(baseURL: url)
}

guard TTY.isInteractive else { fail("the habit tracker needs a terminal", status: 2) }
do {
    try HabitsTerminalApp.run(services: .live())
} catch {
    fail("cannot use the terminal: \(error)", status: 1)
}
