import Foundation
import TestMeasures

#if canImport(Glibc)
    import Glibc
#endif

/// A child process started with `posix_spawn`, its output sent to files rather than pipes.
///
/// Files, because several of these are started at once from different threads: a pipe created
/// by one thread would be inherited by a child another thread spawns at the same moment, and
/// reading it to its end would then wait for the wrong process. For the same reason the child
/// gets no other descriptor of this process.
final class ChildProcess {
    /// How a child ended.
    enum Termination: Equatable, Sendable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// What a finished child left.
    struct Outcome: Sendable {
        let termination: Termination
        let output: String
        let error: String
        /// The child's own peak resident set, in KiB (its `VmHWM`, sampled while it ran), or 0
        /// when it was not measured. Not `ru_maxrss`: Linux carries the parent's peak into it
        /// across the spawn.
        let peakResidentKiB: Int
        /// From spawn to reaped, in seconds.
        let seconds: Double
    }

    let pid: pid_t
    private let outputPath: String
    private let errorPath: String
    private let started = Date()
    private var reaped = false

    /// Starts `executable` with `arguments` (in `currentDirectory`, when given); `environment` is
    /// added to (or, for an empty value, removed from) this process's environment.
    init(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:],
        currentDirectory: String? = nil
    ) throws {
        let stem = TestMeasures.processFolder + "child-\(UUID().uuidString.prefix(13))"
        outputPath = stem + ".out"
        errorPath = stem + ".err"
        var variables = ProcessInfo.processInfo.environment
        for (key, value) in environment { variables[key] = value.isEmpty ? nil : value }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        SpawnActions.closeInheritedDescriptors(&actions)
        if let currentDirectory { try SpawnActions.changeDirectory(&actions, to: currentDirectory) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var child = pid_t()
        let status = posix_spawn(&child, executable, &actions, nil, argv, envp)
        guard status == 0 else { throw SpawnError(executable: executable, code: status) }
        pid = child
    }

    struct SpawnError: Error, CustomStringConvertible {
        let executable: String
        let code: Int32
        var description: String { "cannot start \(executable): \(String(cString: strerror(code)))" }
    }

    deinit {
        if !reaped {
            kill(pid, SIGKILL)
            _ = wait()
        }
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: errorPath)
    }

    /// Sends SIGKILL. Safe until ``wait()`` returns: an exited child stays a zombie, holding
    /// its process id, until it is reaped, so the signal can never reach another process.
    func killNow() {
        kill(pid, SIGKILL)
    }

    /// Waits for the child to end and collects what it left.
    func wait() -> Outcome {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        return finish(status: status, peakKiB: 0)
    }

    /// Waits for the child to end, reading its peak resident set every few milliseconds; the
    /// peak only grows, so the last reading before the exit is the figure.
    func waitMeasuringMemory() -> Outcome {
        var status: Int32 = 0
        var peak = 0
        while true {
            if let memory = ProcessMemory.of(pid) { peak = max(peak, memory.peakResidentKiB) }
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid || (result == -1 && errno != EINTR) { break }
            usleep(2_000)
        }
        return finish(status: status, peakKiB: peak)
    }

    private func finish(status: Int32, peakKiB: Int) -> Outcome {
        reaped = true
        let seconds = Date().timeIntervalSince(started)
        let signal = status & 0x7f
        let termination: Termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        let error = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        return Outcome(
            termination: termination, output: output, error: error, peakResidentKiB: peakKiB, seconds: seconds)
    }

    /// Runs `rivulet` with `arguments` to its end. Backtraces are off, so a crash is quick.
    static func rivulet(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        try startRivulet(arguments, environment: environment).wait()
    }

    /// Starts `rivulet` with `arguments` (in `currentDirectory`, when given), without waiting.
    static func startRivulet(
        _ arguments: [String], environment: [String: String] = [:], currentDirectory: String? = nil
    ) throws -> ChildProcess {
        var variables = ["RIVULET_DB": "", "SWIFT_BACKTRACE": "enable=no"]
        for (key, value) in environment { variables[key] = value }
        return try ChildProcess(
            RivuletProcess.binary, arguments, environment: variables, currentDirectory: currentDirectory)
    }
}
