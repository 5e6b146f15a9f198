import Dispatch
public import Testing

/// A suite trait that runs the suite, and every test in it, on a thread of its lane rather than
/// on the pool every other test shares.
///
/// The testing library starts every parallel test at once, so the pool's queue holds thousands of
/// jobs from the first second, and each step of a `.serialized` suite (each test, each test case)
/// waits behind all of them: the serialized suites began only once the parallel tests were nearly
/// done, then ran on one core for half a minute. A lane's jobs wait only for the lane's own, so
/// its suites run beside the parallel tests from the start. A lane is one thread: a test that
/// blocks it (most of these wait on processes) holds it until it returns, and the suites that
/// share a lane take turns.
public struct TestLane: SuiteTrait, TestScoping {
    private let executor: LaneExecutor

    private init(_ label: String) {
        executor = LaneExecutor(label: label)
    }

    /// The lane of the long end-to-end suites: each keeps processes busy for seconds, so one of
    /// them runs at a time.
    public static let long = TestLane("rivulet.tests.long")
    /// The lane of the stress tests, whose threads keep both cores busy.
    public static let stress = TestLane("rivulet.tests.stress")
    /// The lane of the suites that drive the app in a terminal, each step on the wall clock.
    public static let terminal = TestLane("rivulet.tests.terminal")

    /// The lane is given once, at the suite: its tests and suites within inherit it.
    public var isRecursive: Bool { false }

    /// Runs the suite with the lane's thread as its tasks' executor, which the tasks the testing
    /// library makes for each of its tests inherit.
    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == TestLane {
    /// Runs the suite in the lane of the long suites (``TestLane/long``).
    public static var longLane: Self { .long }
    /// Runs the suite in the lane of the stress tests (``TestLane/stress``).
    public static var stressLane: Self { .stress }
    /// Runs the suite in the lane of the terminal suites (``TestLane/terminal``).
    public static var terminalLane: Self { .terminal }
}

/// Runs the jobs given to it one after another on a serial queue of its own.
private final class LaneExecutor: TaskExecutor {
    private let queue: DispatchQueue

    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { [self] in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }
}
