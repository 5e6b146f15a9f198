// The operators of drivers and signals. Each is the observable operator of the same name over
// the source; the result is the same kind of sequence on the same scheduler, shared again.
// Closures do not throw: a shared sequence cannot fail.

extension SharedSequence {
    /// Transforms each value.
    public func map<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Result
    ) -> SharedSequence<
        Sharing, Result
    > {
        derived(source.map(transform))
    }

    /// Transforms each value and drops the `nil` results.
    public func compactMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Result?
    )
        -> SharedSequence<Sharing, Result>
    {
        derived(source.compactMap(transform))
    }

    /// Keeps only the values for which `isIncluded` returns true.
    public func filter(_ isIncluded: @escaping @Sendable (Element) -> Bool) -> SharedSequence {
        derived(source.filter(isIncluded))
    }

    /// Sends the running result of `accumulate`, starting from `seed`, for every value.
    public func scan<State: Sendable>(
        _ seed: State, accumulator accumulate: @escaping @Sendable (State, Element) -> State
    ) -> SharedSequence<Sharing, State> {
        derived(source.scan(seed, accumulator: accumulate))
    }

    /// Sends `element` first, then the sequence's values.
    public func startWith(_ element: Element) -> SharedSequence {
        derived(source.startWith(element))
    }

    /// Drops the first `count` values.
    public func skip(_ count: Int) -> SharedSequence {
        derived(source.skip(count))
    }

    /// Drops values equal to the one before, as decided by `isEqual`.
    public func distinctUntilChanged(_ isEqual: @escaping @Sendable (Element, Element) -> Bool) -> SharedSequence {
        derived(source.distinctUntilChanged(isEqual))
    }

    /// Drops values whose key, made by `key`, equals the one before's.
    public func distinctUntilChanged<Key: Equatable & Sendable>(
        by key: @escaping @Sendable (Element) -> Key
    )
        -> SharedSequence
    {
        derived(source.distinctUntilChanged(by: key))
    }

    /// Drops values whose key, made by `key`, is the same as the one before's by `isEqual`.
    public func distinctUntilChanged<Key: Sendable>(
        _ key: @escaping @Sendable (Element) -> Key, comparer isEqual: @escaping @Sendable (Key, Key) -> Bool
    ) -> SharedSequence {
        derived(source.distinctUntilChanged(key, comparer: isEqual))
    }

    /// Drops values whose property at `keyPath` equals the one before's.
    public func distinctUntilChanged<Property: Equatable & Sendable>(
        at keyPath: any KeyPath<Element, Property> & Sendable
    ) -> SharedSequence {
        derived(source.distinctUntilChanged(at: keyPath))
    }

    /// Switches to the sequence made from each value, dropping the previous one.
    public func flatMapLatest<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        derived(source.flatMapLatest { transform($0).asObservable() })
    }

    /// Follows the sequence made from a value until it completes, ignoring the values that
    /// come meanwhile.
    public func flatMapFirst<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        derived(source.flatMapFirst { transform($0).asObservable() })
    }

    /// Merges the sequences made from every value.
    public func flatMap<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> SharedSequence<Sharing, Result>
    ) -> SharedSequence<Sharing, Result> {
        derived(source.flatMap { transform($0).asObservable() })
    }

    /// Runs side effects for the sequence's events; see ``ObservableType/do(onNext:afterNext:onError:afterError:onCompleted:afterCompleted:onSubscribe:onSubscribed:onDispose:)``.
    public func `do`(
        onNext: (@Sendable (Element) -> Void)? = nil, afterNext: (@Sendable (Element) -> Void)? = nil,
        onCompleted: (@Sendable () -> Void)? = nil, afterCompleted: (@Sendable () -> Void)? = nil,
        onSubscribe: (@Sendable () -> Void)? = nil, onSubscribed: (@Sendable () -> Void)? = nil,
        onDispose: (@Sendable () -> Void)? = nil
    ) -> SharedSequence {
        derived(
            source.do(
                onNext: onNext, afterNext: afterNext, onCompleted: onCompleted, afterCompleted: afterCompleted,
                onSubscribe: onSubscribe, onSubscribed: onSubscribed, onDispose: onDispose))
    }

    /// Prints the sequence's events; see ``ObservableType/debug(_:trimOutput:file:line:function:)``.
    public func debug(
        _ identifier: String? = nil, trimOutput: Bool = false, file: String = #fileID, line: UInt = #line,
        function: String = #function
    ) -> SharedSequence {
        derived(source.debug(identifier, trimOutput: trimOutput, file: file, line: line, function: function))
    }

    /// Sends a value only after `dueTime` passes without another, on the sequence's scheduler.
    public func debounce(_ dueTime: SchedulerDuration) -> SharedSequence {
        derived(source.debounce(dueTime, scheduler: scheduler))
    }

    /// Sends at most one value per `period`, on the sequence's scheduler: the first at once and,
    /// with `latest`, the latest of the period at its end.
    public func throttle(_ period: SchedulerDuration, latest: Bool = true) -> SharedSequence {
        derived(source.throttle(period, latest: latest, scheduler: scheduler))
    }

    /// Sends every value `dueTime` later, on the sequence's scheduler.
    public func delay(_ dueTime: SchedulerDuration) -> SharedSequence {
        derived(source.delay(dueTime, scheduler: scheduler))
    }

    /// Combines each value with the latest of `second` (values before `second` has one are
    /// dropped).
    public func withLatestFrom<Second: Sendable, Result: Sendable>(
        _ second: SharedSequence<Sharing, Second>,
        resultSelector: @escaping @Sendable (Element, Second) -> Result
    ) -> SharedSequence<Sharing, Result> {
        derived(source.withLatestFrom(second, resultSelector: resultSelector))
    }

    /// The latest value of `second` at each value of this sequence.
    public func withLatestFrom<Second: Sendable>(
        _ second: SharedSequence<Sharing, Second>
    ) -> SharedSequence<
        Sharing, Second
    > {
        derived(source.withLatestFrom(second))
    }

    /// Pairs each value with `object`, held weakly; once `object` is gone the sequence
    /// completes.
    public func withUnretained<Object: AnyObject & Sendable>(
        _ object: Object
    ) -> SharedSequence<
        Sharing, (Object, Element)
    > {
        derived(source.withUnretained(object))
    }

    /// Pairs each value with its index, from 0.
    public func enumerated() -> SharedSequence<Sharing, (index: Int, element: Element)> {
        derived(source.enumerated())
    }

    /// The latest value at each value of `sampler`, once (a value is sent at most once).
    public func sample<Sampler: Sendable>(_ sampler: SharedSequence<Sharing, Sampler>) -> SharedSequence {
        derived(source.sample(sampler))
    }
}

extension SharedSequence where Element: Equatable {
    /// Drops values equal to the one before.
    public func distinctUntilChanged() -> SharedSequence {
        derived(source.distinctUntilChanged())
    }
}

extension SharedSequence where Element: ObservableType {
    /// Follows the latest inner sequence, dropping the previous one. Inner sequences are
    /// expected to be of the same kind on the same scheduler (a driver of drivers).
    public func switchLatest<Inner: Sendable>() -> SharedSequence<Sharing, Inner>
    where Element == SharedSequence<Sharing, Inner> {
        derived(source.switchLatest())
    }

    /// Merges every inner sequence.
    public func merge<Inner: Sendable>() -> SharedSequence<Sharing, Inner>
    where Element == SharedSequence<Sharing, Inner> {
        derived(source.merge())
    }

    /// Merges the inner sequences, following at most `maxConcurrent` at once (the others wait).
    public func merge<Inner: Sendable>(maxConcurrent: Int) -> SharedSequence<Sharing, Inner>
    where Element == SharedSequence<Sharing, Inner> {
        derived(source.merge(maxConcurrent: maxConcurrent))
    }
}
