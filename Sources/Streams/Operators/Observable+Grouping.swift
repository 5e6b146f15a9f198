extension ObservableType {
    /// Splits the values into groups by the key that `keySelector` computes, sending each
    /// group as a ``GroupedObservable`` when its first value arrives.
    ///
    /// Each group is hot: subscribe to it when it arrives, or values are missed. The source's
    /// terminal event, or an error thrown by `keySelector`, ends every group and then the
    /// result. Disposing the result's subscription disposes the source, and so ends the
    /// groups' supply too (RxSwift keeps the source while a group is still subscribed).
    ///
    /// ```swift
    /// words.groupBy { $0.first }.flatMap { group in group.count().map { (group.key, $0) } }
    /// ```
    public func groupBy<Key: Hashable & Sendable>(
        keySelector: @escaping @Sendable (Element) throws -> Key
    ) -> Observable<GroupedObservable<Key, Element>> {
        let source = asObservable()
        return Observable<GroupedObservable<Key, Element>>(unchecked: { observer in
            let sink = _OperatorSink(observer)
            // Touched only while handling a source event; the source sends one at a time.
            let groups = _SerialBox<[Key: PublishSubject<Element>]>([:])
            let end: @Sendable (Event<GroupedObservable<Key, Element>>) -> Void = { event in
                let all = groups.value.values
                groups.value = [:]
                for group in all {
                    if case .error(let error) = event { group.onError(error) } else { group.onCompleted() }
                }
                sink.finish(event)
            }
            sink.setUpstream(
                source.subscribe(
                    AnyObserver { event in
                        switch event {
                        case .next(let value):
                            if sink.isStopped { return }
                            let key: Key
                            do {
                                key = try keySelector(value)
                            } catch {
                                return end(.error(error))
                            }
                            if let group = groups.value[key] { return group.onNext(value) }
                            let group = PublishSubject<Element>()
                            groups.value[key] = group
                            sink.forwardNext(GroupedObservable(key: key, source: group.asObservable()))
                            group.onNext(value)
                        case .error(let error):
                            end(.error(error))
                        case .completed:
                            end(.completed)
                        }
                    }))
            return sink
        })
    }
}
