import Foundation

/// Runs the blocking `body` on a thread of its own and suspends until it returns.
///
/// These tests wait for seconds on processes and on a terminal. Done on the test's own thread,
/// that wait would hold one of the few threads Swift concurrency shares among all the tests
/// running in parallel (two on a two-core machine), and stall the others' timers and awaits.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}
