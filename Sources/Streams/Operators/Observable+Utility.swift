extension ObservableType {
    /// Runs side effects for the events and the lifetime of each subscription, without
    /// changing the sequence.
    ///
    /// `onSubscribe` runs before the upstream is subscribed; `onDispose` runs once when the
    /// subscription ends, after a terminal event or on `dispose()`. An error thrown by
    /// `onNext`, `onError` or `onCompleted` fails the sequence with that error instead.
    @inlinable
    public func `do`(
        onNext: (@Sendable (Element) throws -> Void)? = nil,
        onError: (@Sendable (any Error) throws -> Void)? = nil,
        onCompleted: (@Sendable () throws -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil,
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
                })
            if let onDispose {
                sink.upstream.set(
                    Disposables.create {
                        subscription.dispose()
                        onDispose()
                    })
            } else {
                sink.upstream.set(subscription)
            }
            return sink
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
        let source = asObservable()
        return Observable<Value>(unchecked: { observer in
            let sink = _OperatorSink(observer)
            sink.upstream.set(
                source.subscribe(
                    AnyObserver { event in
                        switch event {
                        case .next(let inner): sink.forward(inner)
                        case .error(let error): sink.finish(.error(error))
                        case .completed: sink.finish(.completed)
                        }
                    }))
            return sink
        })
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
