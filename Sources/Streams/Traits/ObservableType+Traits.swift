extension ObservableType {
    /// The sequence as a ``Single``: succeeds with its only value when it completes.
    ///
    /// As in RxSwift, a second value fails it with ``StreamsError/moreThanOneElement`` at once,
    /// and completing empty fails it with ``StreamsError/noElements``.
    @inlinable
    public func asSingle() -> Single<Element> {
        Single(unchecked: _atMostOne(failsWhenEmpty: true))
    }

    /// The sequence as a ``Maybe``: succeeds with its only value when it completes, or
    /// completes empty; a second value fails it with ``StreamsError/moreThanOneElement``.
    @inlinable
    public func asMaybe() -> Maybe<Element> {
        Maybe(unchecked: _atMostOne(failsWhenEmpty: false))
    }

    /// The sequence as a ``Completable``: its values are dropped, its end kept.
    @inlinable
    public func asCompletable() -> Completable {
        Completable(unchecked: asObservable())
    }

    /// Holds the one value until the source completes, as RxSwift's `asSingle`/`asMaybe` do.
    @inlinable
    func _atMostOne(failsWhenEmpty: Bool) -> Observable<Element> {
        _valueOperator(
            state: Element?.none,
            onValue: { sink, value in
                if sink.state != nil { return sink.finish(.error(StreamsError.moreThanOneElement)) }
                sink.state = value
            },
            onCompleted: { sink in
                if let value = sink.state {
                    sink.forwardNext(value)
                    sink.finish(.completed)
                } else {
                    sink.finish(failsWhenEmpty ? .error(StreamsError.noElements) : .completed)
                }
            })
    }
}
