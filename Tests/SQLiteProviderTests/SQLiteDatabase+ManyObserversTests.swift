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
// written. The test runs in a process of its own, where the growth of the resident set is this
// test's alone: a figure taken beside the tests running in parallel counts whatever they
// allocate at the same moment (tens of megabytes, more than the figure being checked).
@Test func aThousandObserversOfOneQueryAllSeeTheFinalValueAndAreAllFreed() async {
    await inOwnProcess(expecting: .success) {
        try await aThousandObserversOfOneQuery()
    }
}

private func aThousandObserversOfOneQuery() async throws {
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
