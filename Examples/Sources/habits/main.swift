// The composition root: the only place that knows which database and which server the app
// uses. It configures the base services once, then hands the terminal to the app.
import Foundation
import Habits
import HabitsTerminal
import TerminalUI

let usage = """
    usage: habits [--database PATH] [--server URL | --demo-server]

      --database PATH   the habits file (default: ~/.local/share/rivulet-habits/habits.sqlite)
      --server URL      the habits server: GET URL/quotes/today answers {"text": …, "author": …},
                        GET URL/ideas?q=WORD answers [{"name": …, "category": …}]
                        (default: $HABITS_SERVER_URL; none: no quote, and lookups say so)
      --demo-server     answer quotes and ideas from memory, without a network
    """

func fail(_ message: String, status: Int32) -> Never {
    HabitsBaseService.shared.close()
    FileHandle.standardError.write(Data("habits: \(message)\n".utf8))
    exit(status)
}

var databasePath: String?
var serverURL = ProcessInfo.processInfo.environment["HABITS_SERVER_URL"]
var usesDemoServer = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--database":
        guard let value = arguments.popFirst() else { fail("--database needs a path\n\(usage)", status: 2) }
        databasePath = value
    case "--server":
        guard let value = arguments.popFirst() else { fail("--server needs a URL\n\(usage)", status: 2) }
        serverURL = value
    case "--demo-server":
        usesDemoServer = true
    case "-h", "--help":
        print(usage)
        exit(0)
    default: fail("unknown argument \(argument)\n\(usage)", status: 2)
    }
}
guard TTY.isInteractive else { fail("the habit tracker needs a terminal", status: 2) }

if usesDemoServer, let url = DemoServer.baseURL {
    ServerBaseService.shared.configure(baseURL: url, session: DemoServer.makeSession())
} else if let serverURL, !serverURL.isEmpty {
    guard let url = URL(string: serverURL), url.scheme != nil else { fail("not a URL: \(serverURL)", status: 2) }
    ServerBaseService.shared.configure(baseURL: url)
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

// From here the shell closes the database on every way out (its `closeOnExit`); `fail` closes
// it when the terminal cannot be set up.
do {
    try HabitsTerminalApp.run(services: .live())
} catch {
    fail("cannot use the terminal: \(error)", status: 1)
}
