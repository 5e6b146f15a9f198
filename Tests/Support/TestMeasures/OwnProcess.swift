import Foundation
public import Testing

/// How the copy of the test binary that ``inOwnProcess(expecting:test:sourceLocation:_:)``
/// starts must end.
public enum OwnProcessEnd: Sendable, CustomStringConvertible {
    /// It exits with status 0.
    case success
    /// It exits with any other status, or a signal ends it (a trap, a failed precondition).
    case failure

    /// The end, in words, as a test's message gives it.
    public var description: String {
        switch self {
        case .success: "exit with status 0"
        case .failure: "exit with another status or end by a signal"
        }
    }
}

/// The environment variable that names the test a copy of the test binary was started to run
/// on its own.
private let ownProcessVariable = "RIVULET_TEST_IN_OWN_PROCESS"

/// The line a copy prints before it runs the test's body, so that the test knows the body ran.
private func startLine(_ test: String) -> String { "own process: \(test) starts" }

/// Runs `body` in a copy of this test binary of its own, started for this one test, and
/// records an issue unless the copy ends as `expected`.
///
/// In the copy, `body` runs as the test's body: what it records (an `#expect` that fails, an
/// error it throws) fails the copy's run, which then exits with status 1; it may also end the
/// process itself (`exit`, a trap).
///
/// For what holds once per process (the base services are configured once), for code that must
/// trap, and for figures of the whole process (its resident set) that tests running beside it
/// would distort. The testing library's exit tests do some of this, but on Linux they watch for
/// their processes with a thread that waits for *any* child of the test process to end: once
/// one of them has run, that thread spins for as long as any other child (an app the
/// end-to-end tests started, a `tmux` client) has ended and is not yet reaped, which cost
/// seconds of CPU over a run of the whole suite. A copy started here is waited for as one
/// process.
///
/// `test` names the test (the function's name, which `#function` gives), and must name no
/// other test of the binary.
public func inOwnProcess(
    expecting expected: OwnProcessEnd, test: String = #function, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    let name = String(test.prefix { $0 != "(" })
    if ProcessInfo.processInfo.environment[ownProcessVariable] == name {
        print(startLine(name))
        fflush(nil)
        do {
            try await body()
        } catch {
            Issue.record(error, sourceLocation: sourceLocation)
        }
        return
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--testing-library", "swift-testing", "--filter", "[./]\(name)\\("]
    // A copy that traps ends at once: the runtime's backtracer would take a second or more of
    // CPU to read the symbols of the whole test binary for a crash that is expected.
    process.environment = ProcessInfo.processInfo.environment.merging([
        ownProcessVariable: name, "SWIFT_BACKTRACE": "enable=no",
    ]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    do {
        try process.run()
    } catch {
        Issue.record("could not start a copy of the test binary: \(error)", sourceLocation: sourceLocation)
        return
    }
    let text = await withCheckedContinuation { continuation in
        // Reading to the end blocks: on a thread of its own, not one the tests share.
        Thread {
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            continuation.resume(returning: String(decoding: data, as: UTF8.self))
        }.start()
    }
    guard text.contains(startLine(name)) else {
        Issue.record("the copy of the test binary did not run \(name):\n\(text)", sourceLocation: sourceLocation)
        return
    }
    let succeeded = process.terminationReason == .exit && process.terminationStatus == 0
    let ended =
        process.terminationReason == .exit
        ? "exited with \(process.terminationStatus)" : "was ended by signal \(process.terminationStatus)"
    #expect(
        succeeded == (expected == .success), "the copy should \(expected), and \(ended):\n\(text)",
        sourceLocation: sourceLocation)
}
