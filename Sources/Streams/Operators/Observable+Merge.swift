extension Observable {
    /// Merges the values of `sources` into one sequence, in the order they arrive.
    ///
    /// Every source is subscribed at once, in order. The result completes when all of them
    /// have completed (at once if there are none), and fails at the first error, disposing the
    /// other sources.
    @inlinable
    public static func merge(_ sources: [Observable<Element>]) -> Observable<Element> {
        if sources.isEmpty { return .empty() }
        return Observable(unchecked: { observer in
            let sink = _FlatMapSink<Observable<Element>, Element>(observer) { $0 }
            sink.run(.from(sources))
            return sink
        })
    }

    /// Merges the values of `sources` into one sequence, in the order they arrive.
    @inlinable
    public static func merge(_ sources: Observable<Element>...) -> Observable<Element> {
        merge(sources)
    }
}

extension ObservableType {
    /// Merges this sequence with `others`: values from all of them, in the order they arrive.
    @inlinable
    public func merge<Other: ObservableType>(with others: Other...) -> Observable<Element>
    where Other.Element == Element {
        Observable.merge([asObservable()] + others.map { $0.asObservable() })
    }
}
