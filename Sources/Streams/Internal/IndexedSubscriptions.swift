/// Subscribes to each of `sources` in order, handing every event to `on` with its source's
/// index, and keeps each subscription in `subscriptions` until its source completes.
///
/// The array forms of the combining operators (`combineLatest`, `zip`) share this; it stops
/// subscribing as soon as `isStopped` is true (an earlier source already ended the result).
@inlinable
func _subscribeIndexed<Element: Sendable>(
    _ sources: [Observable<Element>], into subscriptions: CompositeDisposable, isStopped: () -> Bool,
    _ on: @escaping @Sendable (Event<Element>, Int) -> Void
) {
    for (index, source) in sources.enumerated() {
        if isStopped() { return }
        let slot = SingleAssignmentDisposable()
        subscriptions.insert(slot)
        slot.set(
            source.subscribe(
                AnyObserver { event in
                    on(event, index)
                    if case .completed = event { slot.dispose() }
                }))
    }
}
