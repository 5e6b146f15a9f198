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
    public func map<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result
    ) -> Observable<Result> {
        _valueOperator { sink, value in sink.forwardNext(try transform(value)) }
    }

    /// Transforms each value with a throwing `transform`; the same as the throwing `map`.
    @inlinable
    public func tryMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result
    ) -> Observable<Result> {
        map(transform)
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

    /// Transforms each value with a throwing `transform`, and drops the `nil` results; an error
    /// it throws fails the sequence and releases the upstream, as the throwing `map` does.
    @inlinable
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) throws -> Result?
    ) -> Observable<Result> {
        _valueOperator { sink, value in
            if let result = try transform(value) { sink.forwardNext(result) }
        }
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

    /// Sends the running result of a throwing `accumulate`, starting from `seed`; an error it
    /// throws fails the sequence.
    @inlinable
    public func scan<State: Sendable>(
        _ seed: State, accumulator accumulate: @escaping @Sendable (State, Element) throws -> State
    ) -> Observable<State> {
        scan(into: seed) { state, value in state = try accumulate(state, value) }
    }

    /// Sends the running result of `accumulate`, which updates the state in place, starting
    /// from `seed`; an error it throws fails the sequence.
    ///
    /// ```swift
    /// words.scan(into: [String: Int]()) { counts, word in counts[word, default: 0] += 1 }
    /// ```
    @inlinable
    public func scan<State: Sendable>(
        into seed: State, accumulator accumulate: @escaping @Sendable (inout State, Element) throws -> Void
    ) -> Observable<State> {
        _valueOperator(state: seed) { sink, value in
            try accumulate(&sink.state, value)
            sink.forwardNext(sink.state)
        }
    }

    /// Pairs each value with its position, counting from 0.
    @inlinable
    public func enumerated() -> Observable<(index: Int, element: Element)> {
        let source = asObservable()
        return Observable<(index: Int, element: Element)>(unchecked: { observer in
            let position = _SerialBox(0)
            return source.subscribe(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        let index = position.value
                        position.value += 1
                        observer.on(.next((index: index, element: value)))
                    case .error(let error): observer.on(.error(error))
                    case .completed: observer.on(.completed)
                    }
                })
        })
    }

    /// Folds every value into one result with `accumulate`, starting from `seed`, and sends
    /// `mapResult` of it when the sequence completes.
    ///
    /// An error of the sequence, or one thrown by either closure, fails the result.
    @inlinable
    public func reduce<Accumulate: Sendable, Result: Sendable>(
        _ seed: Accumulate,
        accumulator accumulate: @escaping @Sendable (Accumulate, Element) throws -> Accumulate,
        mapResult: @escaping @Sendable (Accumulate) throws -> Result
    ) -> Observable<Result> {
        _valueOperator(
            state: seed,
            onValue: { sink, value in sink.state = try accumulate(sink.state, value) },
            onCompleted: { sink in
                sink.forwardNext(try mapResult(sink.state))
                sink.finish(.completed)
            })
    }

    /// Folds every value into one result with `accumulate`, starting from `seed`, and sends
    /// it when the sequence completes.
    ///
    /// ```swift
    /// Observable.of(1, 2, 3).reduce(0, accumulator: +)  // 6
    /// ```
    @inlinable
    public func reduce<Accumulate: Sendable>(
        _ seed: Accumulate, accumulator accumulate: @escaping @Sendable (Accumulate, Element) throws -> Accumulate
    ) -> Observable<Accumulate> {
        reduce(seed, accumulator: accumulate, mapResult: { $0 })
    }
}
