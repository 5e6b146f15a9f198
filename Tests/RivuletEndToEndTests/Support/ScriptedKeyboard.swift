import Foundation

/// Sends many keys to a tmux pane in few tmux calls, and counts them.
///
/// A key is a tmux key name (`j`, `Space`, `Enter`, `NPage`, `C-u`); `text` sends each
/// character as one key. Keys sent in one call may reach the app in one read, and the app
/// handles a read's keys before a scene change that one of them asked for, so a key that
/// changes the scene ends its call (``step(_:until:)`` waits for the new scene).
final class ScriptedKeyboard {
    private let session: TmuxSession
    private let tmux: String
    /// How many keys were sent.
    private(set) var count = 0

    init(session: TmuxSession) {
        self.session = session
        tmux =
            ["/usr/bin/tmux", "/usr/local/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
            ?? "tmux"
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Sends `keys` in one tmux call.
    func send(_ keys: [String]) throws {
        guard !keys.isEmpty else { return }
        let outcome = try ChildProcess(tmux, ["-S", session.socket, "send-keys", "-t", session.name] + keys).wait()
        guard outcome.termination == .exited(0) else {
            throw Failure(description: "tmux send-keys failed: \(outcome.error)")
        }
        count += keys.count
    }

    /// Sends `text` one character a key.
    func text(_ text: String) throws {
        let outcome = try ChildProcess(tmux, ["-S", session.socket, "send-keys", "-t", session.name, "-l", text]).wait()
        guard outcome.termination == .exited(0) else {
            throw Failure(description: "tmux send-keys failed: \(outcome.error)")
        }
        count += text.count
    }

    /// Sends `keys`, then waits (up to 10 s) until the screen satisfies `condition`.
    func step(_ keys: [String], until condition: (String) -> Bool) throws {
        try send(keys)
        let (screen, matched) = try session.waitFor(timeout: 10, condition)
        guard matched else {
            throw Failure(description: "after \(count) keys (last: \(keys.suffix(5))) the screen is:\n\(screen)")
        }
    }

    /// Sends `keys`, then waits until `text` is on the screen.
    func step(_ keys: [String], until text: String) throws {
        try step(keys) { $0.contains(text) }
    }
}
