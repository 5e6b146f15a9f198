extension Driver {
    /// Transforms each value; the result is a driver on the same scheduler.
    public func map<Result: Sendable>(_ transform: @escaping @Sendable (Element) -> Result) -> Driver<Result> {
        Driver<Result>(sharing: source.map(transform), scheduler: scheduler)
    }

    /// Transforms each value and drops the `nil` results.
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Result?
    )
        -> Driver<Result>
    {
        Driver<Result>(sharing: source.compactMap(transform), scheduler: scheduler)
    }

    /// Keeps only the values for which `isIncluded` returns true.
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> Driver<Element> {
        Driver(sharing: source.filter(isIncluded), scheduler: scheduler)
    }

    /// Sends the running result of `accumulate`, starting from `seed`, for every value.
    public func scan<State: Sendable>(
        _ seed: State, accumulator accumulate: @escaping @Sendable (State, Element) -> State
    ) -> Driver<State> {
        Driver<State>(sharing: source.scan(seed, accumulator: accumulate), scheduler: scheduler)
    }

    /// Sends `element` first, then the driver's values.
    public func startWith(_ element: Element) -> Driver<Element> {
        Driver(sharing: source.startWith(element), scheduler: scheduler)
    }

    /// Drops values equal to the one before, as decided by `isEqual`.
    public func distinctUntilChanged(_ isEqual: @escaping @Sendable (Element, Element) -> Bool) -> Driver<Element> {
        Driver(sharing: source.distinctUntilChanged(isEqual), scheduler: scheduler)
    }

    /// Switches to the driver made from each value, dropping the previous one.
    public func flatMapLatest<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Driver<Result>
    )
        -> Driver<Result>
    {
        Driver<Result>(sharing: source.flatMapLatest { transform($0).asObservable() }, scheduler: scheduler)
    }
}

extension Driver where Element: Equatable {
    /// Drops values equal to the one before.
    public func distinctUntilChanged() -> Driver<Element> {
        Driver(sharing: source.distinctUntilChanged(), scheduler: scheduler)
    }
}
