import Foundation
import Streams
import StreamsTesting
import Testing

@testable import BaseServices
@testable import SQLiteProvider

/// This process's resident set, in KiB (`VmRSS`); 0 where /proc is missing.
private func residentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
    else { return 0 }
    return line.split(separator: " ").compactMap { Int($0) }.first ?? 0
}

// Wall clock: a thousand observers of one query on a real database file, while todos are
// written; tests run in parallel, so the memory figure is printed and bounded loosely.
/// Runs the blocking `body` on a thread of its own, so a long wait does not hold one of the few
/// threads Swift concurrency shares among the tests running in parallel.
private func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: body()) }.start()
    }
}

/// Whether the thread sanitizer's runtime is loaded.
private let isUnderThreadSanitizer = dlsym(nil, "__tsan_init") != nil

@Test func aThousandObserversOfOneQueryAllSeeTheFinalValueAndAreAllFreed() async throws {
    try await withSubscriptionTracking {
        let fixture = try ServicesFixture()
        let counts = fixture.todos.observeCounts(on: ImmediateScheduler())
        let before = residentKiB()
        let observers = (0..<1_000).map { _ in Recorder(counts) }
        for index in 1...20 {
            _ = try value(fixture.todos.create(title: "Todo \(index)", notes: "", due: nil))
        }
        let final = TodoCounts(total: 20, active: 20, completed: 0)
        let lagging = await onOwnThread {
            observers.filter { observer in !observer.wait(timeout: .seconds(20)) { (try? $0.last?.get()) == final } }
        }
        let during = residentKiB()
        #expect(lagging.isEmpty, "\(lagging.count) observers never saw the final counts")
        #expect(fixture.database.observers.count == 1_000)
        for observer in observers { observer.dispose() }
        #expect(fixture.database.observers.count == 0)
        let growth = during - before
        print("1,000 observers: RSS \(before / 1024) MB before, \(during / 1024) MB with them (+\(growth) KiB)")
        // Under the thread sanitizer the resident set also holds its shadow memory, which grows with
        // whatever every test running beside this one touches, so the bound is checked in the
        // plain run only.
        if !isUnderThreadSanitizer {
            #expect(growth < 64 * 1024, "a thousand observers took \(growth) KiB")
        }
    }
}
