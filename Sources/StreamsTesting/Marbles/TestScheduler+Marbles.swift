public import Streams

extension TestScheduler {
    /// A hot observable emitting the events of `marbles` at their frames, counted from now
    /// (frames before `^` are in the past and never seen).
    ///
    /// ```swift
    /// let query = scheduler.hot("-a-b--|", values: ["a": "s", "b": "sw"])
    /// ```
    ///
    /// A mistake in the diagram or a key missing from `values` or `errors` is a test failure
    /// at the caller, naming the column; the observable then emits nothing.
    public func hot<Element: Sendable>(
        _ marbles: String, values: [String: Element], errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<Element> {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        let events = parseEvents(marbles, kind: .hot, values: values, errors: errors, at: position)
        return TestableObservable(
            scheduler: self, segments: [events], isHot: true, label: "hot(\"\(marbles)\")", position: position)
    }

    /// A hot observable of strings: each key of `marbles` is its own value (`{swift}` is
    /// `"swift"`).
    public func hot(
        _ marbles: String, errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<String> {
        hot(
            marbles, values: Self.selfKeys(marbles, kind: .hot), errors: errors,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A cold observable: each subscription gets the events of a segment at its frames,
    /// counted from the moment it subscribes.
    ///
    /// With one segment every subscription replays it; with several, the n-th subscription gets
    /// the n-th segment (to script retries), and one more subscription is a test failure.
    ///
    /// ```swift
    /// let request = scheduler.cold("--#", "--{ok}|", values: ["ok": response])  // fails once, then succeeds
    /// ```
    public func cold<Element: Sendable>(
        _ segments: String..., values: [String: Element], errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<Element> {
        coldObservable(
            segments, values: values, errors: errors,
            at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A cold observable of strings: each key of the segments is its own value.
    public func cold(
        _ segments: String..., errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) -> TestableObservable<String> {
        var values: [String: String] = [:]
        for segment in segments { values.merge(Self.selfKeys(segment, kind: .events)) { first, _ in first } }
        return coldObservable(
            segments, values: values, errors: errors,
            at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Subscribes to `source` now and records what it emits; frame 0 of the diagrams the
    /// recording is compared with is now.
    ///
    /// The subscription ends at a terminal event, at `disposed` (a tick; events due then are not
    /// seen, as with `start`), or at ``TestableObserver/dispose()``.
    public func record<Source: ObservableType>(
        _ source: Source, disposed: Int? = nil
    ) -> TestableObserver<Source.Element> {
        let observer = createObserver(Source.Element.self)
        observer.hold(source.subscribe { observer.on($0) })
        if let disposed {
            // Lifecycle phase, like `start`'s disposal: the window is [now, disposed).
            _ = enqueue(at: disposed, offset: 0, phase: _WorkQueue.lifecyclePhase, label: "record: dispose") {
                observer.dispose()
            }
        }
        return observer
    }

    /// Checks that `observer` recorded exactly the events of `marbles` (frame 0 being the
    /// observer's ``TestableObserver/origin``), and records a failure at the caller otherwise:
    /// expected and actual as aligned marbles, the first difference marked, an event diff and a
    /// legend.
    ///
    /// It compares what was recorded so far; move the clock first (``run(fileID:filePath:line:column:)``
    /// or ``advance(to:fileID:filePath:line:column:)``).
    public func expect<Element: Equatable>(
        _ observer: TestableObserver<Element>, _ marbles: String, values: [String: Element],
        errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let expected = parse(marbles, values: values, errors: errors, origin: observer.origin, at: position)
        else { return }
        _ = _checkEvents(
            "recorded events did not match", expected: expected, actual: observer.events, values: values,
            errors: errors, origin: observer.origin, at: position)
    }

    /// Checks a recording of strings against `marbles`, each key being its own value.
    public func expect(
        _ observer: TestableObserver<String>, _ marbles: String, errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        expect(
            observer, marbles, values: Self.selfKeys(marbles, kind: .events), errors: errors,
            fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Checks that `observer` recorded exactly `events`, with the same failure report as the
    /// marble form; `values` only names values in the drawing.
    public func expect<Element: Equatable>(
        _ observer: TestableObserver<Element>, _ events: [Recorded<Event<Element>>],
        values: [String: Element] = [:], errors: [String: any Error] = [:],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        _ = _checkEvents(
            "recorded events did not match", expected: events, actual: observer.events, values: values,
            errors: errors, origin: observer.origin,
            at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Checks the subscriptions of `source`, one subscription diagram each (`"^---!"`, or
    /// `"--^"` for one still live), frame 0 being the source's ``TestableObservable/origin``.
    public func expectSubscriptions<Element>(
        _ source: TestableObservable<Element>, _ marbles: [String],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        let position = _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let expected = parseSubscriptions(marbles, origin: source.origin, at: position) else { return }
        _ = _checkSubscriptions(source, expected: expected, at: position)
    }

    /// Checks the subscriptions of `source` against a list; the failure report draws both.
    public func expectSubscriptions<Element>(
        _ source: TestableObservable<Element>, _ subscriptions: [Subscription],
        fileID: String = #fileID, filePath: StaticString = #filePath, line: Int = #line, column: Int = #column
    ) {
        _ = _checkSubscriptions(
            source, expected: subscriptions,
            at: _SourcePosition(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    // MARK: - Shared with the harness

    func parse<Element>(
        _ marbles: String, values: [String: Element], errors: [String: any Error], origin: Int,
        at position: _SourcePosition
    ) -> [Recorded<Event<Element>>]? {
        do {
            return try MarbleDiagram(marbles, kind: .events).events(values: values, errors: errors, origin: origin)
        } catch {
            _IssueReporter.recordFailure("invalid marble diagram: \(error)", at: position)
            return nil
        }
    }

    func parseSubscriptions(_ marbles: [String], origin: Int, at position: _SourcePosition) -> [Subscription]? {
        do {
            return try marbles.map { marble throws(MarbleSyntaxError) in
                try MarbleDiagram(marble, kind: .subscription).subscription(origin: origin)
            }
        } catch {
            _IssueReporter.recordFailure("invalid subscription diagram: \(error)", at: position)
            return nil
        }
    }

    func _checkSubscriptions<Element>(
        _ source: TestableObservable<Element>, expected: [Subscription], at position: _SourcePosition
    ) -> Bool {
        guard
            let report = _MismatchReport.subscriptions(
                title: "subscriptions of \(source.label) did not match", expected: expected,
                actual: source.subscriptions, origin: source.origin)
        else { return true }
        _IssueReporter.recordFailure(report, at: position)
        return false
    }

    // MARK: - Helpers

    private func parseEvents<Element>(
        _ marbles: String, kind: MarbleDiagram.Kind, values: [String: Element], errors: [String: any Error],
        at position: _SourcePosition
    ) -> [Recorded<Event<Element>>] {
        do {
            return try MarbleDiagram(marbles, kind: kind).events(values: values, errors: errors, origin: clock)
        } catch {
            _IssueReporter.recordFailure("invalid marble diagram: \(error)", at: position)
            return []
        }
    }

    private func coldObservable<Element>(
        _ segments: [String], values: [String: Element], errors: [String: any Error], at position: _SourcePosition
    ) -> TestableObservable<Element> {
        var parsed: [[Recorded<Event<Element>>]] = []
        for segment in segments {
            do {
                parsed.append(try MarbleDiagram(segment, kind: .events).events(values: values, errors: errors))
            } catch {
                _IssueReporter.recordFailure("invalid marble diagram: \(error)", at: position)
                parsed.append([])
            }
        }
        let label = "cold(" + segments.map { "\"\($0)\"" }.joined(separator: ", ") + ")"
        return TestableObservable(
            scheduler: self, segments: parsed.isEmpty ? [[]] : parsed, isHot: false, label: label, position: position)
    }

    /// Each value key of `marbles` mapped to itself; a diagram that does not parse maps nothing,
    /// and parsing it again reports the mistake.
    static func selfKeys(_ marbles: String, kind: MarbleDiagram.Kind) -> [String: String] {
        guard let diagram = try? MarbleDiagram(marbles, kind: kind) else { return [:] }
        var values: [String: String] = [:]
        for token in diagram.tokens {
            if case .value(let key) = token.marble { values[key] = key }
        }
        return values
    }
}

/// Compares events and records the mismatch report at `position`; returns whether they matched.
func _checkEvents<Element: Equatable>(
    _ title: String, expected: [Recorded<Event<Element>>], actual: [Recorded<Event<Element>>],
    values: [String: Element], errors: [String: any Error], origin: Int, at position: _SourcePosition
) -> Bool {
    guard
        let report = _MismatchReport.events(
            title: title, expected: expected, actual: actual, values: values, errors: errors, origin: origin)
    else { return true }
    _IssueReporter.recordFailure(report, at: position)
    return false
}
