import Foundation
import TestMeasures

/// The built `rivulet` binary, run as a real process. End-to-end: these helpers use the wall
/// clock and the file system.
enum RivuletProcess {
    /// The binary SwiftPM built next to this test bundle (or `RIVULET_BINARY`, when set).
    static let binary: String = {
        if let override = ProcessInfo.processInfo.environment["RIVULET_BINARY"], !override.isEmpty { return override }
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("rivulet").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return fallback.appendingPathComponent("rivulet").path
    }()

    /// What a finished run left.
    struct Result {
        let status: Int32
        let output: String
        let error: String
    }

    /// Runs `rivulet` with `arguments` (in `currentDirectory`, when given) and waits for it:
    /// stdin is `/dev/null`, stdout and stderr go to files. `environment` is added to this
    /// process's, less `RIVULET_DB`; an empty value removes the variable.
    ///
    /// A ``ChildProcess``, not Foundation's `Process` with pipes: tests start children from many
    /// threads at once, and a pipe made for this one could be inherited by a child another test
    /// spawns meanwhile (a tmux server lives for a whole test), so reading it to its end would
    /// wait for that other process too.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], currentDirectory: String? = nil
    ) throws -> Result {
        let outcome = try ChildProcess.startRivulet(
            arguments, environment: environment, currentDirectory: currentDirectory
        ).wait()
        let status: Int32 =
            switch outcome.termination {
            case .exited(let code): code
            case .signalled(let signal): 128 + signal
            }
        return Result(status: status, output: outcome.output, error: outcome.error)
    }
}

/// A fresh folder for one test, removed when the test is done with it.
final class TemporaryFolder {
    let path: String

    init() throws {
        path = TestMeasures.processFolder + "e2e-\(UUID().uuidString.prefix(13))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func file(_ name: String) -> String { path + "/" + name }

    deinit {
        _ = try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: path)
        try? FileManager.default.removeItem(atPath: path)
    }
}
