extension ObservableType {
    /// Transforms each value with `transform`.
    @inlinable
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> Observable<Result> {
        let source = asObservable()
        return Observable<Result>(unchecked: { observer in
            source.subscribe(
                AnyObserver { event in
                    switch event {
                    case .next(let value): observer.on(.next(transform(value)))
                    case .error(let error): observer.on(.error(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }

    /// Transforms each value with a throwing `transform`.
    ///
    /// An error thrown by `transform` ends the sequence with that error and disposes the
    /// upstream; later upstream events are dropped.
    @inlinable
    public func tryMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        return Observable<Result>(unchecked: { observer in
            let sink = _OperatorSink(observer)
            sink.upstream.set(
                source.subscribe(
                    AnyObserver { event in
                        switch event {
                        case .next(let value):
                            if sink.isStopped { return }
                            do {
                                sink.forwardNext(try transform(value))
                            } catch {
                                sink.finish(.error(error))
                            }
                        case .error(let error): sink.finish(.error(error))
                        case .completed: sink.finish(.completed)
                        }
                    }))
            return sink
        })
    }

    /// Transforms each value with `transform`, and drops the `nil` results.
    @inlinable
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Result?
    )
        -> Observable<Result>
    {
        let source = asObservable()
        return Observable<Result>(unchecked: { observer in
            source.subscribe(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        if let result = transform(value) { observer.on(.next(result)) }
                    case .error(let error): observer.on(.error(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }

    /// Keeps only the values for which `isIncluded` returns true.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            source.subscribe(
                AnyObserver { event in
                    if case .next(let value) = event, !isIncluded(value) { return }
                    observer.on(event)
                })
        })
    }

    /// Sends the running result of `accumulate`, starting from `seed`, for every value.
    ///
    /// Each subscription has its own accumulator.
    @inlinable
    public func scan<State: Sendable>(
        _ seed: State, accumulator accumulate: @escaping @Sendable (State, Element) -> State
    ) -> Observable<State> {
        let source = asObservable()
        return Observable<State>(unchecked: { observer in
            let state = _SerialBox(seed)
            return source.subscribe(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        state.value = accumulate(state.value, value)
                        observer.on(.next(state.value))
                    case .error(let error): observer.on(.error(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }
}
