import Streams
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks, when the test process exits, that every subscription the whole run started has ended.
///
/// Swift Testing has no hook that runs after the last test, and its tests run in parallel, so no
/// single test may assert that the process-wide ``LiveSubscriptions/count`` is zero. The process
/// exit is the one moment when every test has finished: ``install()`` registers a handler there
/// (once per process) that gives subscriptions still being disposed on other threads a short
/// grace period, then, if any is still live, prints what leaked and ends the process with exit
/// status 1, so `swift test` fails even though every test passed.
///
/// The harness installs it for you: ``withSubscriptionTracking(fileID:filePath:line:column:_:)``,
/// ``TestScheduler`` and ``ViewModelHarness`` call ``install()`` when they are first used, so
/// every test target that checks subscriptions also checks the run as a whole. A test that leaks
/// on purpose (to prove a leak is reported) must dispose of the leak once it has been reported.
///
/// ```swift
/// @Test func somethingThatSubscribes() {
///     ExitLeakCheck.install()  // not needed when the test uses withSubscriptionTracking
///     …
/// }
/// ```
public enum ExitLeakCheck {
    /// How long the exit handler waits for the count to come back to zero, in milliseconds.
    public static let gracePeriodMilliseconds = 2_000

    private static let installed = Atomic<Bool>(false)

    /// Registers the exit check for this process; later calls do nothing.
    public static func install() {
        guard !installed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        atexit {
            ExitLeakCheck.checkAtExit()
        }
    }

    /// The message the exit check prints for `live` subscriptions, or `nil` when none is live.
    public static func verdict(live: Int) -> String? {
        guard live != 0 else { return nil }
        return "error: \(live) subscription\(live == 1 ? " was" : "s were") still live when the test process "
            + "exited (a leak: a test subscribed and never disposed; wrap tests in withSubscriptionTracking "
            + "to find which one; each subscribe call, subject subscriber and create producer counts, so one "
            + "chain left subscribed often counts 2 or more)"
    }

    private static func checkAtExit() {
        var waited = 0
        while LiveSubscriptions.count != 0 && waited < gracePeriodMilliseconds {
            usleep(10_000)
            waited += 10
        }
        guard let message = verdict(live: LiveSubscriptions.count) else { return }
        let line = message + "\n"
        _ = line.utf8CString.withUnsafeBufferPointer { buffer in
            write(2, buffer.baseAddress, buffer.count - 1)
        }
        _exit(1)
    }
}
