import Streams

// RxTest's names for what TestScheduler already does, so that a ported test keeps its calls.

extension TestScheduler {
    /// Creates a scheduler as RxTest spells it: `TestScheduler(initialClock: 0, resolution: 1)`.
    ///
    /// `resolution` is the length of a tick in seconds. Durations given to the scheduler are
    /// converted to whole ticks, rounded to the nearest, as RxTest converts them: with a
    /// resolution of 1, `.seconds(200)` is 200 ticks, the times RxSwift's tests expect; with
    /// the default initializer a tick is a millisecond. ``now`` (what operators read) stays
    /// in milliseconds, and ``clock`` reads the tick. The processing delay is on unless turned
    /// off, as in RxTest.
    ///
    /// A resolution that is not a positive number records a test failure at the caller, and
    /// the scheduler counts in milliseconds instead.
    public convenience init(
        initialClock: Int, resolution: Double, simulateProcessingDelay: Bool = true,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        var millisecondsPerTick = resolution * 1000
        if !(millisecondsPerTick > 0 && millisecondsPerTick.isFinite) {
            _IssueReporter.recordFailure(
                "TestScheduler(resolution: \(resolution)): a resolution is a positive number of seconds per tick",
                at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
            millisecondsPerTick = 1
        }
        self.init(
            initialClock: initialClock, actionsPerTickLimit: Self.defaultActionsPerTickLimit,
            runStepLimit: Self.defaultRunStepLimit, simulateProcessingDelay: simulateProcessingDelay,
            millisecondsPerTick: millisecondsPerTick)
    }

    /// Moves the clock to the tick `time`, running the work due up to it: RxTest's name of
    /// ``advance(to:fileID:filePath:line:column:)``.
    public func advanceTo(
        _ time: Int,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        advance(to: time, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Runs scheduled work until none is left: RxTest's `start()` without a closure, the same
    /// as ``run(fileID:filePath:line:column:)``.
    public func start(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        run(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Moves the clock forward by `ticks` without running anything, as RxTest's `sleep`; work
    /// that falls due meanwhile runs at the next step, at the new tick.
    ///
    /// A negative count records a failure at the caller and changes nothing: time never goes
    /// back.
    public func sleep(
        _ ticks: Int,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        guard ticks >= 0 else {
            _IssueReporter.recordFailure(
                "sleep(\(ticks)) would move time back from t=\(clock); time never goes back",
                at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
            return
        }
        state.withLock { state in
            let (sum, overflow) = state.clock.addingReportingOverflow(ticks)
            state.clock = overflow ? Int.max : sum
        }
    }

    /// Stops the current ``run(fileID:filePath:line:column:)``, `advance` or `start` after the
    /// action that calls it, as RxTest's `stop()`: the rest of the work stays pending. An
    /// `advance` still ends with the clock at its target. Outside a run it does nothing.
    public func stop() {
        state.withLock { state in
            if state.isDraining { state.isStopRequested = true }
        }
    }
}
