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

    /// Runs `rivulet` with `arguments` (in `currentDirectory`, when given) and waits for it; stdin,
    /// stdout and stderr are pipes.
    static func run(
        _ arguments: [String], environment: [String: String] = [:], currentDirectory: String? = nil
    ) throws -> Result {
        let process = Process()
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["RIVULET_DB"] = nil
        env["SWIFT_BACKTRACE"] = "enable=no"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = Pipe()
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
            error: String(decoding: errData, as: UTF8.self))
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
