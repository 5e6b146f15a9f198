import Foundation

/// The processes a test's pane started, read from `/proc`. End-to-end: these helpers poll the
/// wall clock.
enum AppProcesses {
    /// The parent and state of every process running now.
    private static func table() -> [Int32: (parent: Int32, state: Character)] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        var table: [Int32: (parent: Int32, state: Character)] = [:]
        for entry in entries {
            guard let pid = Int32(entry), let stat = status(of: pid) else { continue }
            table[pid] = stat
        }
        return table
    }

    /// State and parent from `/proc/PID/stat`; the command name in it may hold spaces and
    /// parentheses, so the fields are read after its last `)`.
    private static func status(of pid: Int32) -> (parent: Int32, state: Character)? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 1, let state = fields[0].first, let parent = Int32(fields[1]) else { return nil }
        return (parent, state)
    }

    /// Every process below `root`, parents before their children.
    static func descendants(of root: Int32) -> [Int32] {
        let table = table()
        var found: [Int32] = []
        var frontier = [root]
        while let parent = frontier.popLast() {
            let children = table.filter { $0.value.parent == parent }.map(\.key).sorted()
            found += children
            frontier += children
        }
        return found
    }

    /// The command name of `pid` (the executable's, at most 15 characters).
    static func name(of pid: Int32) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether `pid` has ended (it is gone, or a zombie waiting for its parent).
    static func hasEnded(_ pid: Int32) -> Bool {
        guard let status = status(of: pid) else { return true }
        return status.state == "Z" || status.state == "X"
    }

    /// Polls every 20 ms until `pid` has ended or `timeout` seconds pass; returns whether it ended.
    static func waitUntilEnded(_ pid: Int32, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !hasEnded(pid) {
            if Date() > deadline { return false }
            usleep(20_000)
        }
        return true
    }

    /// Kills each process that has not ended; for the clean-up of a test that failed halfway.
    static func kill(_ pids: [Int32]) {
        for pid in pids where pid > 1 && !hasEnded(pid) {
            _ = Foundation.kill(pid, SIGKILL)
        }
    }
}

extension TmuxSession {
    /// A session whose tmux server starts with no signal blocked, as from a login shell. The
    /// tests' threads block most signals and a spawned process inherits that mask, so a server
    /// started from them ignores `kill-server` (its SIGTERM stays blocked) and its panes' shells
    /// never see SIGHUP or SIGCHLD, which hides exactly what job-control tests look at.
    static func withDefaultSignals(
        command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]
    ) throws -> TmuxSession {
        var empty = sigset_t()
        sigemptyset(&empty)
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &empty, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return try TmuxSession(command: command, width: width, height: height, environment: environment)
    }

    /// The processes named `name` that the pane started, directly or further down.
    func processes(named name: String) throws -> [Int32] {
        guard let pane = Int32(try display("#{pane_pid}")) else { return [] }
        return AppProcesses.descendants(of: pane).filter { AppProcesses.name(of: $0) == name }
    }

    /// Every process the pane started, the pane's own first.
    func paneProcesses() throws -> [Int32] {
        guard let pane = Int32(try display("#{pane_pid}")) else { return [] }
        return [pane] + AppProcesses.descendants(of: pane)
    }

    /// Kills the tmux server alone, as a person closing everything would: the panes' processes
    /// get no signal from the test, only what the server and the system send.
    func killServerOnly() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "-S", socket, "kill-server"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
}
