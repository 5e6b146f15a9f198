public import Streams

/// Records the outputs of a view model under a ``TestScheduler`` and makes the test
/// exhaustive: at the end it fails if an output emitted something no expectation covered, if
/// scheduled work is still pending, or if a subscription is still open that no expectation
/// allowed.
///
/// The harness knows nothing of view-model types: product code never imports `StreamsTesting`,
/// so there is no protocol to conform to. Any type with the `Input` → `transform(input:)` →
/// `Output` shape works: call `transform` yourself and hand each output to ``record(_:_:)``.
///
/// ```swift
/// @Test func searchShowsResultsForTheSettledQuery() {
///     withViewModelHarness { harness in
///         let scheduler = harness.scheduler
///         let query = scheduler.hot("{s} +100 {sw}")
///         let request = scheduler.cold("@50 (r|)", values: ["r": ["Swift"]])
///         let viewModel = SearchViewModel(search: { _ in request.asObservable() }, scheduler: scheduler)
///         let output = viewModel.transform(input: .init(query: query.asObservable()))
///         let results = harness.record(output.results, "results")
///         scheduler.run()
///         harness.expect(results, "@450 r", values: ["r": ["Swift"]])
///     }  // finishes here: unasserted events, pending work and open subscriptions fail the test
/// }
/// ```
///
/// Two styles mix freely:
/// - **marbles or recorded events** for a whole output: ``expect(_:_:values:errors:fileID:filePath:line:column:)``
///   compares everything the output emitted since it was recorded;
/// - **stepwise**: advance the scheduler, then ``expectNext(_:_:fileID:filePath:line:column:)``
///   the new events of one output, or ``expectNoNewEvents(_:fileID:filePath:line:column:)``.
///
/// Use ``withViewModelHarness(scheduler:exhaustivity:fileID:filePath:line:column:_:)``, which
/// finishes for you and also counts subscriptions that are not to test sources; or make a
/// harness and call ``finish(fileID:filePath:line:column:)``: a harness that is never finished
/// reports it when it is released.
public final class ViewModelHarness: Sendable {
    /// How strictly the harness checks that every output event was asserted.
    public enum Exhaustivity: Sendable, Hashable {
        /// Every event of every recorded output must be covered by an expectation.
        case on
        /// Unasserted events are allowed; with `showSkipped`, they are listed as warnings.
        /// Pending work and open subscriptions still fail the test.
        case off(showSkipped: Bool)
    }

    private struct Output: Sendable {
        let id: ObjectIdentifier
        let name: String
        /// How many of its events have been asserted.
        var cursor = 0
        let eventDescriptions: @Sendable (_ from: Int) -> [String]
        let dispose: @Sendable () -> Void
    }

    private struct State {
        var outputs: [Output] = []
        /// Sources whose open subscriptions an expectation allowed, with how many.
        var allowedOpen: [ObjectIdentifier: Int] = [:]
        var isFinished = false
    }

    /// The scheduler the view model under test runs on.
    public let scheduler: TestScheduler
    /// How strictly unasserted events are treated.
    public let exhaustivity: Exhaustivity
    private let position: _SourcePosition
    private let state = SanitizerVisibleMutex(State())

    /// Creates a harness over `scheduler`; call ``finish(fileID:filePath:line:column:)`` at the
    /// end of the test.
    public init(
        scheduler: TestScheduler = TestScheduler(), exhaustivity: Exhaustivity = .on,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        ExitLeakCheck.install()
        self.scheduler = scheduler
        self.exhaustivity = exhaustivity
        self.position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    deinit {
        let finished = state.withLock { $0.isFinished }
        if !finished {
            _IssueReporter.recordFailure(
                "the ViewModelHarness made here was never finished: call finish() at the end of the test, "
                    + "or use withViewModelHarness { }", at: position)
        }
    }

    // MARK: - Recording

    /// Subscribes to `output` now and records everything it emits, under `name` in failures.
    ///
    /// Frame 0 of the diagrams the output is compared with is now.
    public func record<Source: ObservableType>(_ output: Source, _ name: String) -> TestableObserver<Source.Element> {
        let observer = scheduler.record(output)
        let entry = Output(
            id: ObjectIdentifier(observer), name: name,
            eventDescriptions: { start in observer.events.dropFirst(start).map(_MismatchReport.describe) },
            dispose: { observer.dispose() })
        state.withLock { $0.outputs.append(entry) }
        return observer
    }

    // MARK: - Whole-output expectations

    /// Checks that `output` emitted exactly the events of `marbles` since it was recorded, and
    /// marks them all asserted.
    public func expect<Element: Equatable>(
        _ output: TestableObserver<Element>, _ marbles: String, values: [String: Element],
        errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        guard
            let expected = scheduler.parse(marbles, values: values, errors: errors, origin: output.origin, at: position)
        else { return }
        check(output, expected: expected, values: values, errors: errors, at: position)
    }

    /// Checks an output of strings against `marbles`, each key being its own value.
    public func expect(
        _ output: TestableObserver<String>, _ marbles: String, errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        expect(
            output, marbles, values: TestScheduler.selfKeys(marbles, kind: .events), errors: errors,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that `output` emitted exactly `events` since it was recorded, and marks them all
    /// asserted; `values` only names values in the failure drawing.
    public func expect<Element: Equatable>(
        _ output: TestableObserver<Element>, _ events: [Recorded<Event<Element>>],
        values: [String: Element] = [:], errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        check(
            output, expected: events, values: values, errors: errors,
            at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    // MARK: - Stepwise expectations

    /// Checks that the events `output` emitted since its last assertion begin with `events`,
    /// and marks those asserted.
    public func expectNext<Element: Equatable>(
        _ output: TestableObserver<Element>, _ events: [Recorded<Event<Element>>],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let cursor = self.cursor(of: output, at: position) else { return }
        let new = Array(output.events.dropFirst(cursor).prefix(events.count))
        _ = _checkEvents(
            "the next events of output \"\(name(of: output))\" did not match", expected: events, actual: new,
            values: [:], errors: [:], origin: output.origin, at: position)
        advanceCursor(of: output, to: cursor + new.count)
    }

    /// Checks that the values `output` emitted since its last assertion begin with `values`,
    /// whatever their ticks, and marks those asserted.
    public func expectNextValues<Element: Equatable>(
        _ output: TestableObserver<Element>, _ values: [Element],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let cursor = self.cursor(of: output, at: position) else { return }
        let new = Array(output.events.dropFirst(cursor).prefix(values.count))
        let actual = new.map { $0.value.element }
        if actual != values.map(Optional.some) {
            let shown = new.map(_MismatchReport.describe).joined(separator: ", ")
            _IssueReporter.recordFailure(
                "the next values of output \"\(name(of: output))\" did not match\n"
                    + "expected: \(values.map { String(reflecting: $0) }.joined(separator: ", "))\n"
                    + "actual:   \(shown.isEmpty ? "(nothing new)" : shown)", at: position)
        }
        advanceCursor(of: output, to: cursor + new.count)
    }

    /// Checks that `output` emitted nothing since its last assertion.
    public func expectNoNewEvents<Element>(
        _ output: TestableObserver<Element>,
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let cursor = self.cursor(of: output, at: position) else { return }
        let new = output.events.dropFirst(cursor)
        guard !new.isEmpty else { return }
        _IssueReporter.recordFailure(
            "output \"\(name(of: output))\" emitted new events at t=\(scheduler.clock):\n"
                + new.map { "  " + _MismatchReport.describe($0) }.joined(separator: "\n"), at: position)
        advanceCursor(of: output, to: output.events.count)
    }

    /// Marks everything `output` emitted so far as asserted, without checking it: an explicit
    /// opt-out for one output.
    public func skipRemaining<Element>(_ output: TestableObserver<Element>) {
        advanceCursor(of: output, to: output.events.count)
    }

    // MARK: - Subscriptions

    /// Checks the subscriptions of `source` (one subscription diagram each, frame 0 being the
    /// source's origin); a live subscription (`^` without `!`) is then allowed to stay open
    /// after the outputs are disposed.
    public func expectSubscriptions<Element>(
        _ source: TestableObservable<Element>, _ marbles: [String],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let expected = scheduler.parseSubscriptions(marbles, origin: source.origin, at: position) else { return }
        expectSubscriptions(source, expected, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks the subscriptions of `source` against a list; live ones are then allowed to stay
    /// open after the outputs are disposed.
    public func expectSubscriptions<Element>(
        _ source: TestableObservable<Element>, _ subscriptions: [Subscription],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        _ = scheduler._checkSubscriptions(source, expected: subscriptions, at: position)
        let live = subscriptions.filter(\.isLive).count
        state.withLock { $0.allowedOpen[ObjectIdentifier(source)] = live }
    }

    // MARK: - Finishing

    /// Ends the test's use of the harness: reports unasserted output events (as failures, or
    /// warnings when exhaustivity is off and skipped events are shown), reports pending
    /// scheduled work, disposes every recorded output, then reports any subscription to a test
    /// source that is still open and no expectation allowed. Calling it again does nothing.
    public func finish(
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        finish(at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column), tracker: nil)
    }

    func finish(at position: _SourcePosition, tracker: SubscriptionTracker?) {
        let outputs: [Output]? = state.withLock { state in
            if state.isFinished { return nil }
            state.isFinished = true
            return state.outputs
        }
        guard let outputs else { return }

        for output in outputs {
            let unasserted = output.eventDescriptions(output.cursor)
            guard !unasserted.isEmpty else { continue }
            let list = Self.indentedList(unasserted)
            switch exhaustivity {
            case .on:
                _IssueReporter.recordFailure(
                    "output \"\(output.name)\" emitted events that no expectation covered:\n\(list)", at: position)
            case .off(showSkipped: true):
                _IssueReporter.recordWarning(
                    "skipped: output \"\(output.name)\" emitted events that were not asserted:\n\(list)", at: position)
            case .off(showSkipped: false):
                break
            }
        }

        let pending = scheduler.pendingWork
        if !pending.isEmpty {
            _IssueReporter.recordFailure(
                "scheduled work is still pending at t=\(scheduler.clock) (run or advance the scheduler to the end "
                    + "of the test):\n" + Self.indentedList(pending.map(\.description)), at: position)
        }

        for output in outputs { output.dispose() }

        let allowed = state.withLock { $0.allowedOpen }
        var openToSources = 0
        var leaks: [String] = []
        for source in scheduler.sources {
            let open = source.subscriptions.filter(\.isLive)
            openToSources += open.count
            for subscription in open.dropFirst(allowed[ObjectIdentifier(source)] ?? 0) {
                leaks.append("  \(source.label): subscribed at t=\(subscription.subscribe)")
            }
        }
        if !leaks.isEmpty {
            _IssueReporter.recordFailure(
                "subscriptions are still open after every output was disposed, and no expectation allowed them "
                    + "(something keeps them alive):\n" + leaks.joined(separator: "\n"), at: position)
        }
        // Every stage of a chain counts in the tracker, so its count can be compared with nothing
        // but zero: it speaks only when no test source is open (those are reported or allowed above).
        if let tracker, openToSources == 0, tracker.live > 0 {
            _IssueReporter.recordFailure(
                "subscriptions started in the test are still live after every output was disposed "
                    + "(\(tracker.live) counted, each stage of a chain counting once): something subscribed "
                    + "inside the view model was never disposed", at: position)
        }
    }

    // MARK: - Helpers

    /// One indented line per item, the first 20 of them, so a runaway source keeps the report short.
    private static func indentedList(_ items: [String]) -> String {
        let limit = 20
        var lines = items.prefix(limit).map { "  " + $0 }
        if items.count > limit { lines.append("  … and \(items.count - limit) more") }
        return lines.joined(separator: "\n")
    }

    private func check<Element: Equatable>(
        _ output: TestableObserver<Element>, expected: [Recorded<Event<Element>>], values: [String: Element],
        errors: [String: any Error], at position: _SourcePosition
    ) {
        guard cursor(of: output, at: position) != nil else { return }
        let actual = output.events
        _ = _checkEvents(
            "output \"\(name(of: output))\" did not match", expected: expected, actual: actual, values: values,
            errors: errors, origin: output.origin, at: position)
        advanceCursor(of: output, to: actual.count)
    }

    /// Where the asserted events of `output` end, or `nil` (reported) if the harness did not record it.
    private func cursor<Element>(of output: TestableObserver<Element>, at position: _SourcePosition) -> Int? {
        let id = ObjectIdentifier(output)
        let cursor = state.withLock { state in state.outputs.first { $0.id == id }?.cursor }
        if cursor == nil {
            _IssueReporter.recordFailure(
                "this output was not recorded by this harness; use harness.record(output, \"name\")", at: position)
        }
        return cursor
    }

    private func advanceCursor<Element>(of output: TestableObserver<Element>, to cursor: Int) {
        let id = ObjectIdentifier(output)
        state.withLock { state in
            guard let index = state.outputs.firstIndex(where: { $0.id == id }) else { return }
            state.outputs[index].cursor = max(state.outputs[index].cursor, cursor)
        }
    }

    private func name<Element>(of output: TestableObserver<Element>) -> String {
        let id = ObjectIdentifier(output)
        return state.withLock { state in state.outputs.first { $0.id == id }?.name } ?? "?"
    }
}

/// Runs `body` with a new ``ViewModelHarness`` and finishes it when `body` returns, reporting
/// at this call: unasserted output events, pending scheduled work, and subscriptions still
/// open after the outputs are disposed, including ones that are not to test sources (every
/// subscription started inside `body` is counted).
///
/// ```swift
/// withViewModelHarness { harness in
///     let output = viewModel.transform(input: input)
///     let rows = harness.record(output.rows, "rows")
///     harness.scheduler.run()
///     harness.expect(rows, "a", values: ["a": []])
/// }
/// ```
///
/// If `body` throws, the error is rethrown and nothing is checked.
public func withViewModelHarness<R>(
    scheduler: TestScheduler = TestScheduler(), exhaustivity: ViewModelHarness.Exhaustivity = .on,
    fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column,
    _ body: (ViewModelHarness) throws -> R
) rethrows -> R {
    let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
    let harness = ViewModelHarness(
        scheduler: scheduler, exhaustivity: exhaustivity, fileID: fileID, filePath: filePath, line: line,
        column: column)
    let tracker = SubscriptionTracker()
    let result: R
    do {
        result = try LiveSubscriptions.withTracker(tracker) { try body(harness) }
    } catch {
        harness.abandon()
        throw error
    }
    harness.finish(at: position, tracker: tracker)
    return result
}

extension ViewModelHarness {
    /// Marks the harness finished without checks, for a body that threw.
    fileprivate func abandon() {
        state.withLock { $0.isFinished = true }
    }
}
