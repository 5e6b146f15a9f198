extension ObservableType {
    /// Runs side effects for the events and the lifetime of each subscription, without
    /// changing the sequence.
    ///
    /// `onNext`, `onError` and `onCompleted` run before the event is sent on, `afterNext`,
    /// `afterError` and `afterCompleted` after it. `onSubscribe` runs before the upstream is
    /// subscribed and `onSubscribed` after; `onDispose` runs once when the subscription ends,
    /// after a terminal event or on `dispose()`, once the upstream is disposed (and after
    /// `onSubscribed`, even when the upstream ended while it was being subscribed to). An error thrown by a handler that runs
    /// before the event fails the sequence with that error instead; one thrown by a handler
    /// that runs after it fails the sequence from then on (after a terminal event, it is
    /// dropped).
    @inlinable
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        afterNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        afterError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        afterCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
        onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            onSubscribe?()
            let sink = _OperatorSink(observer)
            let subscription = source.subscribe(
                AnyObserver { event in
                    if sink.isStopped { return }
                    do {
                        switch event {
                        case .next(let value): try onNext?(value)
                        case .error(let error): try onError?(error)
                        case .completed: try onCompleted?()
                        }
                    } catch {
                        return sink.finish(.error(error))
                    }
                    sink.forward(event)
                    do {
                        switch event {
                        case .next(let value): try afterNext?(value)
                        case .error(let error): try afterError?(error)
                        case .completed: try afterCompleted?()
                        }
                    } catch {
                        sink.finish(.error(error))
                    }
                })
            // As in RxSwift: `onSubscribed` before the subscription can end, `onDispose` after
            // the upstream is disposed, even for a source that ended during its subscription.
            onSubscribed?()
            if let onDispose {
                sink.setUpstream(
                    Disposables.create {
                        subscription.dispose()
                        onDispose()
                    })
            } else {
                sink.setUpstream(subscription)
            }
            return sink
        })
    }

    /// Pairs each value with `object`, held weakly, and combines them with `resultSelector`;
    /// completes once `object` is gone.
    @inlinable
    public func withUnretained<Object: AnyObject & Sendable, Result: Sendable>(
        _ object: Object, resultSelector: @escaping @Sendable (Object, Element) throws -> Result
    ) -> Observable<Result> {
        let reference = _WeakReference(object)
        return _valueOperator { sink, value in
            guard let object = reference.value else { return sink.finish(.completed) }
            sink.forwardNext(try resultSelector(object, value))
        }
    }

    /// Pairs each value with `object`, held weakly; completes once `object` is gone.
    ///
    /// ```swift
    /// taps.withUnretained(self).subscribe(onNext: { owner, _ in owner.refresh() })
    /// ```
    @inlinable
    public func withUnretained<Object: AnyObject & Sendable>(_ object: Object) -> Observable<(Object, Element)> {
        withUnretained(object) { ($0, $1) }
    }

    /// Prints every event, the subscription and its end, prefixed with `identifier` (by
    /// default the caller's file and line), for debugging.
    ///
    /// With `trimOutput`, each line is cut to 40 characters. Unlike RxSwift, lines carry no
    /// wall-clock timestamp: Streams does not depend on Foundation.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #fileID, line: UInt = #line,
        function: String = #function
    ) -> Observable<Element> {
        let name = identifier ?? "\(file):\(line) (\(function))"
        let log: @Sendable (String) -> Void = { text in
            let content = trimOutput && text.count > 40 ? String(text.prefix(37)) + "..." : text
            print("\(name) -> \(content)")
        }
        let source = asObservable()
        return Observable(unchecked: { observer in
            log("subscribed")
            let subscription = source.subscribe(
                AnyObserver { event in
                    log("Event \(event)")
                    observer.on(event)
                })
            return Disposables.create {
                log("isDisposed")
                subscription.dispose()
            }
        })
    }

    /// Turns every event into a value: `.next(event)` for each, then completes after the
    /// terminal one. The result never fails.
    @inlinable
    public func materialize() -> Observable<Event<Element>> {
        let source = asObservable()
        return Observable<Event<Element>>(unchecked: { observer in
            source.subscribe(
                AnyObserver { event in
                    observer.on(.next(event))
                    if event.isTerminal { observer.on(.completed) }
                })
        })
    }

    /// Turns `.next(event)` values back into the events they carry; the first terminal event
    /// ends the sequence and disposes the upstream.
    @inlinable
    public func dematerialize<Value: Sendable>() -> Observable<Value> where Element == Event<Value> {
        _valueOperator { sink, event in sink.forward(event) }
    }

    /// Collects every value and sends them as one array when the sequence completes.
    @inlinable
    public func toArray() -> Observable<[Element]> {
        let source = asObservable()
        return Observable<[Element]>(unchecked: { observer in
            let collected = _SerialBox<[Element]>([])
            return source.subscribe(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        collected.value.append(value)
                    case .error(let error):
                        observer.on(.error(error))
                    case .completed:
                        let values = collected.value
                        collected.value = []
                        observer.on(.next(values))
                        observer.on(.completed)
                    }
                })
        })
    }
}
