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

    /// Merges the values of the sources in any collection, in the order they arrive; see
    /// ``merge(_:)-([Observable<Element>])``.
    @inlinable
    public static func merge<Sources: Collection>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        merge(sources.map { $0.asObservable() })
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

extension ObservableType where Element: ObservableType {
    /// Merges the values of every inner observable, in the order they arrive.
    ///
    /// Each inner observable is subscribed as soon as it arrives. The result completes when
    /// this sequence and every inner observable completed, and fails at the first error.
    @inlinable
    public func merge() -> Observable<Element.Element> {
        flatMap { $0 }
    }

    /// Merges the values of the inner observables, with at most `maxConcurrent` of them
    /// subscribed at a time; the others wait, in arrival order, until one completes.
    ///
    /// `merge(maxConcurrent: 1)` behaves like ``concat()``. Values below 1 count as 1.
    @inlinable
    public func merge(maxConcurrent: Int) -> Observable<Element.Element> {
        let limit = Swift.max(1, maxConcurrent)
        return _flattening { _MergeLimitedSink($0, maxConcurrent: limit) { $0.asObservable() } }
    }
}

/// The state of `merge(maxConcurrent:)`'s subscription.
@usableFromInline
struct _MergeLimitedState<Element: Sendable>: _CountedInnersState {
    @usableFromInline var isOuterDone = false
    @usableFromInline var activeInners = 0
    @usableFromInline var isStarting = false
    @usableFromInline var waiting = _Queue<Observable<Element>>()
    @usableFromInline var isIdle: Bool { activeInners == 0 && waiting.isEmpty }

    @inlinable
    init() {}
}

/// The subscription of `merge(maxConcurrent:)`: one upstream, up to `maxConcurrent` live
/// inners, and a queue of waiting ones.
///
/// Starting inners is a role: whoever claims `isStarting` subscribes every inner that is due,
/// in a loop, so inners that complete while being subscribed start the next one without
/// recursion.
@usableFromInline
final class _MergeLimitedSink<Source: Sendable, Element: Sendable>: _CountedInnersSink, @unchecked Sendable {
    @usableFromInline let serializer: _Serializer<_MergeLimitedState<Element>, Element>
    @usableFromInline let selector: @Sendable (Source) throws -> Observable<Element>
    @usableFromInline let outer = _DisposableSlot()
    @usableFromInline let inners = CompositeDisposable()
    @usableFromInline let maxConcurrent: Int

    @inlinable
    init(
        _ observer: AnyObserver<Element>, maxConcurrent: Int,
        selector: @escaping @Sendable (Source) throws -> Observable<Element>
    ) {
        serializer = _Serializer(_MergeLimitedState<Element>(), observer: observer)
        self.maxConcurrent = maxConcurrent
        self.selector = selector
    }

    @inlinable
    func onOuterValue(_ value: Source) {
        guard let inner = select(value) else { return }
        serializer.update { state, outbox in
            if !outbox.isStopped { state.waiting.append(inner) }
        }
        startDueInners()
    }

    /// A completed inner made room: the next waiting one may start.
    @inlinable
    func afterInnerCompleted() { startDueInners() }

    /// Subscribes waiting inners while there is room, unless another thread is doing so.
    @inlinable
    func startDueInners() {
        let claimed = serializer.update { state, _ -> Bool in
            if state.isStarting { return false }
            state.isStarting = true
            return true
        }
        guard claimed else { return }
        while true {
            let next = serializer.update { state, outbox -> Observable<Element>? in
                if !outbox.isStopped, state.activeInners < maxConcurrent, let next = state.waiting.popFirst() {
                    state.activeInners += 1
                    return next
                }
                state.isStarting = false
                return nil
            }
            guard let next else { return }
            subscribeCounted(next)
        }
    }
}
