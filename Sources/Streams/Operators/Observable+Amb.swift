extension Observable {
    /// Mirrors whichever of `sources` sends first (a value or a terminal event) and disposes
    /// all the others.
    ///
    /// Every source is subscribed at once, in order. With no sources, the result never sends
    /// anything, as in RxSwift.
    @inlinable
    public static func amb<Sources: Sequence>(_ sources: Sources) -> Observable<Element>
    where Sources.Element: ObservableType, Sources.Element.Element == Element {
        let sources = sources.map { $0.asObservable() }
        if sources.isEmpty { return .never() }
        return Observable(unchecked: { observer in
            let sink = _AmbSink(observer, count: sources.count)
            sink.run(sources)
            return sink
        })
    }
}

extension ObservableType {
    /// Mirrors this sequence or `other`, whichever sends first, and disposes the other one.
    @inlinable
    public func amb<Other: ObservableType>(_ other: Other) -> Observable<Element> where Other.Element == Element {
        Observable.amb([asObservable(), other.asObservable()])
    }
}

/// The subscription of `amb`: the first source to send wins, the others are disposed.
///
/// `@unchecked Sendable`: the winner lives in the serializer's lock; the slots have their own
/// locks and are never replaced.
@usableFromInline
final class _AmbSink<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline let serializer: _Serializer<Int?, Element>
    @usableFromInline let subscriptions: [SingleAssignmentDisposable]

    @inlinable
    init(_ observer: AnyObserver<Element>, count: Int) {
        serializer = _Serializer(nil, observer: observer)
        subscriptions = (0..<count).map { _ in SingleAssignmentDisposable() }
    }

    @inlinable
    func run(_ sources: [Observable<Element>]) {
        for (index, source) in sources.enumerated() {
            if serializer.read({ $0 != nil }) { return }
            subscriptions[index].set(source.subscribe(AnyObserver { [self] event in on(event, from: index) }))
        }
    }

    @inlinable
    func on(_ event: Event<Element>, from index: Int) {
        let (isWinner, justWon) = serializer.update { winner, outbox -> (Bool, Bool) in
            var justWon = false
            if winner == nil {
                winner = index
                justWon = true
            }
            guard winner == index else { return (false, false) }
            outbox.send(event)
            return (true, justWon)
        }
        guard isWinner else { return }
        if justWon {
            for (other, subscription) in subscriptions.enumerated() where other != index { subscription.dispose() }
        }
        if event.isTerminal { subscriptions[index].dispose() }
    }

    @inlinable
    func dispose() {
        serializer.close()
        for subscription in subscriptions { subscription.dispose() }
    }
}
