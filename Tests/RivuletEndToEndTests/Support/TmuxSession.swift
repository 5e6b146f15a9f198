import Foundation
import TestMeasures

/// A private tmux server running one command in a pane of a fixed size, for end-to-end tests
/// that read the real screen. The server (and so the app) is killed when the session is closed,
/// even when a test fails, and its socket file removed: tmux leaves it behind after `kill-server`.
final class TmuxSession {
    /// The path of the server's socket, in the tests' files folder rather than tmux's shared one.
    let socket: String
    let name = "app"

    /// Starts `command` (run by the shell) in a detached session of `width`×`height`. When the
    /// command ends, the pane prints `__EXIT=<status>` and stays open for inspection.
    init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        socket = TestMeasures.processFolder + "tmux-\(UUID().uuidString.prefix(13))"
        // Under the thread sanitizer the app's own crash handler must see SIGSEGV, not the sanitizer's.
        var exports = [
            "SWIFT_BACKTRACE=interactive=no,enable=no", "TERM=xterm-256color", "LANG=C.UTF-8",
            "TSAN_OPTIONS=handle_segv=0",
        ]
        for (key, value) in environment { exports.append("\(key)=\(Self.quote(value))") }
        let script = "export \(exports.joined(separator: " ")); \(command); echo __EXIT=$?; sleep 30"
        try tmux(["new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), script], capture: false)
    }

    deinit { close() }

    /// Kills everything the pane started, then the private server.
    ///
    /// The pane's shell leads its own process group (the app and the trailing `sleep` are in
    /// it), so one signal to the group ends them all; the server then has nothing left to wait
    /// for. Killing only the server left the group running.
    func close() {
        if let shell = try? display("#{pane_pid}"), let group = Int32(shell), group > 1 {
            kill(-group, SIGKILL)
        }
        _ = try? tmux(["kill-server"], capture: false)
        unlink(socket)
    }

    /// Sends keys as tmux names them (`j`, `Down`, `C-c`, `Enter`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// Types text literally.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", name, "-l", text])
    }

    /// The pane's text now.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", name])
    }

    /// The pane's text now with its look: each change of attributes or colour written as the
    /// escape sequence (SGR) that makes it.
    func styledScreen() throws -> String {
        try tmux(["capture-pane", "-p", "-e", "-t", name])
    }

    /// A tmux format evaluated for the pane, such as `#{alternate_on}`.
    func display(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// Polls the screen every 20 ms until `predicate` holds or `timeout` seconds pass; returns
    /// the last screen and whether it matched.
    @discardableResult
    func waitFor(timeout: Double = 5, _ predicate: (String) -> Bool) throws -> (screen: String, matched: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while true {
            last = try screen()
            if predicate(last) { return (last, true) }
            if Date() > deadline { return (last, false) }
            usleep(20_000)
        }
    }

    /// Polls until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: Double = 5) throws -> (screen: String, matched: Bool) {
        try waitFor(timeout: timeout) { $0.contains(text) }
    }

    /// The process id of the app: the pane's shell's child.
    func appPID() throws -> Int32? {
        let shell = try display("#{pane_pid}")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        process.arguments = ["-P", shell]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// Runs a tmux command on the private server. It is spawned directly and waited for with
    /// `waitpid`, output through a file (in the tests' files folder, in memory where the system
    /// has one: a test polls the screen every 20 ms): Foundation's `Process` never sees the
    /// client end when the client starts a server.
    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let outputPath = capture ? TestMeasures.processFolder + "tmux-\(UUID().uuidString.prefix(13)).out" : nil
        defer { if let outputPath { try? FileManager.default.removeItem(atPath: outputPath) } }
        _ = Self.spawn(["tmux", "-S", socket] + arguments, outputPath: outputPath)
        guard let outputPath else { return "" }
        return (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
    }

    private static func spawn(_ arguments: [String], outputPath: String?) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        SpawnActions.closeInheritedDescriptors(&actions)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return -1 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return status
    }

    static func quote(_ value: String) -> String {
        "'" + value.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

/// Whether tmux is installed where the end-to-end suites look for it: suites that drive the app
/// in a terminal run only then.
func tmuxIsInstalled() -> Bool {
    ["/usr/bin/tmux", "/usr/local/bin/tmux"].contains { FileManager.default.isExecutableFile(atPath: $0) }
}
