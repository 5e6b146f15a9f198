extension Observable {
    /// Sends the values of each source in turn: a source is subscribed only after the one
    /// before it completed.
    ///
    /// The sequence is walked lazily, one source at a time. The result completes after the last
    /// source completes (at once for an empty sequence), and fails at the first error.
    ///
    /// ```swift
    /// Observable.concat([cached, fresh])  // the cached values, then the fresh ones
    /// ```
    @inlinable
    public static func concat<Sources: Sequence & Sendable>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        Observable<Sources.Element>.from(sources).concatMap { $0 }
    }

    /// Sends the values of each source in turn, one after another.
    @inlinable
    public static func concat(_ sources: Observable<Element>...) -> Observable<Element> {
        concat(sources)
    }
}

extension ObservableType {
    /// Sends the values of this sequence, then, once it completed, those of `second`.
    ///
    /// An error of this sequence ends the result; `second` is then never subscribed.
    @inlinable
    public func concat<Second: ObservableType>(_ second: Second) -> Observable<Element>
    where Second.Element == Element {
        Observable.concat([asObservable(), second.asObservable()])
    }
}

extension ObservableType where Element: ObservableType {
    /// Sends the values of each inner observable in turn: an inner observable is subscribed
    /// only after the one before it completed; later ones wait in order.
    ///
    /// The result completes once this sequence and every inner observable completed.
    @inlinable
    public func concat() -> Observable<Element.Element> {
        concatMap { $0 }
    }
}
