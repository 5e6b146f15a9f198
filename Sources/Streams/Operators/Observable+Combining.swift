extension ObservableType {
    /// Sends `elements` first, then the values of this sequence.
    ///
    /// ```swift
    /// taps.scan(0) { n, _ in n + 1 }.startWith(0)  // 0, then 1, 2, 3… on each tap
    /// ```
    @inlinable
    public func startWith(_ elements: Element...) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let sink = _OperatorSink(observer)
            for element in elements {
                if sink.isStopped { return sink }
                observer.on(.next(element))
            }
            if sink.isStopped { return sink }
            sink.setUpstream(source.subscribe(observer))
            return sink
        })
    }

    /// Combines each value of this sequence with the latest value of `second`, using
    /// `resultSelector`.
    ///
    /// `second` is subscribed first. Values that arrive before `second` has sent anything are
    /// dropped. The result completes when this sequence completes; it fails when either fails,
    /// or when `resultSelector` throws. `second` completing changes nothing: its last value
    /// stays in use.
    @inlinable
    public func withLatestFrom<Second: ObservableType, Result: Sendable>(
        _ second: Second,
        resultSelector: @escaping @Sendable (Element, Second.Element) throws -> Result
    ) -> Observable<Result> {
        let source = asObservable()
        let second = second.asObservable()
        return Observable<Result>(unchecked: { observer in
            let cancel = SingleAssignmentDisposable()
            let sink = _WithLatestFromSink<Element, Second.Element>(
                deliver: _selecting(observer, cancel: cancel) { try resultSelector($0.0, $0.1) })
            cancel.set(sink)
            sink.run(source, second)
            return sink
        })
    }

    /// Replaces each value of this sequence with the latest value of `second`.
    @inlinable
    public func withLatestFrom<Second: ObservableType>(_ second: Second) -> Observable<Second.Element> {
        withLatestFrom(second) { $1 }
    }
}

extension ObservableType {
    /// Sends `element` and completes if the sequence completes without any value.
    @inlinable
    public func ifEmpty(default element: Element) -> Observable<Element> {
        ifEmpty(switchTo: Observable.just(element))
    }

    /// Continues with `other` if the sequence completes without any value.
    ///
    /// A value of this sequence commits to it: `other` is then never subscribed.
    @inlinable
    public func ifEmpty<Other: ObservableType>(switchTo other: Other) -> Observable<Element>
    where Other.Element == Element {
        let source = asObservable()
        let fallback = other.asObservable()
        return Observable(unchecked: { observer in
            let isEmpty = _SerialBox(true)
            return _subscribe(source, observer) { event in
                switch event {
                case .next:
                    isEmpty.value = false
                    return nil
                case .error: return nil
                case .completed: return isEmpty.value ? fallback : nil
                }
            }
        })
    }
}

/// The subscription of `withLatestFrom`.
///
/// `@unchecked Sendable`: the latest value lives in the serializer's lock; the slots have
/// their own locks.
@usableFromInline
final class _WithLatestFromSink<First: Sendable, Second: Sendable>: _SerializedSink, @unchecked Sendable {
    @usableFromInline let serializer: _Serializer<Second?, (First, Second)>
    @usableFromInline let firstSubscription = _DisposableSlot()
    @usableFromInline let secondSubscription = _DisposableSlot()

    @inlinable
    init(deliver: @escaping @Sendable (Event<(First, Second)>) -> Void) {
        serializer = _Serializer(nil, deliver: deliver)
    }

    @inlinable
    func run(_ first: Observable<First>, _ second: Observable<Second>) {
        secondSubscription.set(
            second.subscribe(
                AnyObserver { [self] event in
                    switch event {
                    case .next(let value):
                        serializer.update { latest, _ in latest = value }
                    case .error(let error):
                        end(.error(error))
                    case .completed:
                        secondSubscription.dispose()
                    }
                }))
        if serializer.isStopped { return }
        firstSubscription.set(
            first.subscribe(
                AnyObserver { [self] event in
                    switch event {
                    case .next(let value):
                        serializer.update { latest, outbox in
                            if let latest { outbox.next((value, latest)) }
                        }
                    case .error(let error):
                        end(.error(error))
                    case .completed:
                        end(.completed)
                    }
                }))
    }

    @inlinable
    func disposeSources() {
        firstSubscription.dispose()
        secondSubscription.dispose()
    }
}
