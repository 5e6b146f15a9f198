import Foundation
import SQLiteProvider
import Streams
import StreamsTesting
import TestMeasures
import Testing

/// This process's resident set, in KiB (`VmRSS`); 0 where /proc is missing.
private func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return line.split(separator: " ").compactMap { Int($0) }.first ?? 0
}

/// The environment variable that tells a copy of the test binary it was started by
/// `runAlone` to run one test on its own.
private let aloneVariable = "RIVULET_TEST_RUNS_ALONE"

/// Whether this process is the copy `runAlone` started for `test`.
private func isRunningAlone(_ test: String) -> Bool {
    ProcessInfo.processInfo.environment[aloneVariable] == test
}

/// Runs the test named `test` in a fresh copy of this test binary, with no other test beside it,
/// and records the copy's output as an issue when it fails. A memory figure taken in this process
/// counts whatever every test running in parallel allocates at the same moment (tens of
/// megabytes, more than the figure being checked), so it is taken where nothing else runs.
private func runAlone(_ test: String, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--testing-library", "swift-testing", "--filter", test]
    process.environment = ProcessInfo.processInfo.environment.merging([aloneVariable: test]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    let text = await onOwnThread {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
    print("run alone: \(test)\n\(text)")
    #expect(process.terminationStatus == 0, "the test run alone failed:\n\(text)", sourceLocation: sourceLocation)
    #expect(
        text.contains("1 test"), "the copy of the test binary ran no test:\n\(text)", sourceLocation: sourceLocation)
}

/// Runs the blocking `body` on a thread of its own, so a long wait does not hold one of the few
/// threads Swift concurrency shares among the tests running in parallel.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Whether the thread sanitizer's runtime is loaded.
private let isUnderThreadSanitizer = dlsym(nil, "__tsan_init") != nil

// Wall clock: a thousand observers of one query on a real database file, while notes are
// written. The test runs itself again in a process of its own, where the growth of the resident
// set is this test's alone.
@Test func aThousandObserversOfOneQueryAllSeeTheFinalValueAndAreAllFreed() async throws {
    let name = "aThousandObserversOfOneQueryAllSeeTheFinalValueAndAreAllFreed"
    guard isRunningAlone(name) else { return try await runAlone(name) }
    try await withSubscriptionTracking {
        let (_, database) = try makeTemporaryDatabase()
        let counts = database.observe(on: ImmediateScheduler()) { (db) throws(DatabaseError) in
            try db.fetchInt("SELECT count(*) FROM notes", [])
        }
        let before = residentKiB()
        let observers = (0..<1_000).map { _ in Recorder(counts) }
        for index in 1...20 {
            try database.write { (db) throws(DatabaseError) in
                try db.execute("INSERT INTO notes(title) VALUES (?)", [.text("Note \(index)")])
            }
        }
        let lagging = await onOwnThread {
            observers.filter { observer in !observer.wait(timeout: .seconds(20)) { $0.last == .success(20) } }
        }
        let during = residentKiB()
        #expect(lagging.isEmpty, "\(lagging.count) observers never saw the final counts")
        #expect(database.observerCount == 1_000)
        for observer in observers { observer.dispose() }
        #expect(database.observerCount == 0)
        let growth = during - before
        print("1,000 observers: RSS \(before / 1024) MB before, \(during / 1024) MB with them (+\(growth) KiB)")
        // Under the thread sanitizer the resident set also holds the sanitizer's shadow memory,
        // so the bound is checked in the plain run only.
        if !isUnderThreadSanitizer {
            #expect(growth < 64 * 1024, "a thousand observers took \(growth) KiB")
        }
    }
}
