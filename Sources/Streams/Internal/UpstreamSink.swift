public import Synchronization

/// The base of the sinks that end once and then dispose their upstream subscription:
/// `subscribe(onNext:…)`'s, `create`'s and the operators' `_OperatorSink`.
///
/// One atomic word holds the life of the sink, so starting and ending a subscription takes no
/// lock:
///
/// - `0`: running, the upstream not stored yet (it is still being subscribed to);
/// - `1`: running, the upstream stored in `_upstream`;
/// - `2`: stopped (a terminal event or `dispose()`), for good.
///
/// `_upstream` is written only by the one subscriber, while the life is `0` and before it moves
/// to `1` (with release ordering), and read only by the one caller that moves the life from `1`
/// to `2` (with acquire ordering), or by the subscriber after a stop beat it. Its accesses never
/// overlap, so it needs neither a lock nor the runtime's exclusivity check. A stop that finds
/// the life at `0` leaves the upstream to the subscriber, which disposes it when it arrives.
@usableFromInline
class _UpstreamSink: @unchecked Sendable {
    @usableFromInline let _life = Atomic<Int>(0)
    @usableFromInline @exclusivity(unchecked) final var _upstream: any Disposable = _NopDisposable()

    @inlinable
    init() {}

    /// Whether the sink ended (terminal event or disposed).
    @inlinable
    final var isStopped: Bool { _life.load(ordering: .acquiring) == 2 }

    /// Stores the upstream subscription, or disposes it at once if the sink already ended (or,
    /// by mistake, an upstream was stored already). Called once, by the subscriber.
    @inlinable
    final func setUpstream(_ upstream: any Disposable) {
        guard _life.load(ordering: .acquiring) == 0 else {
            upstream.dispose()
            return
        }
        _upstream = upstream
        if _life.compareExchange(expected: 0, desired: 1, ordering: .acquiringAndReleasing).exchanged { return }
        // Stopped while storing: the stop found `0` and left the upstream to this caller.
        _disposeUpstream()
    }

    /// Ends the sink and returns the life it had: `2` when it had ended already (the caller
    /// then does nothing more); otherwise the caller ended it, and passes the result to
    /// ``_endUpstream(after:)`` once it sent its terminal event, if any.
    @inlinable
    final func _stop() -> Int {
        _life.exchange(2, ordering: .acquiringAndReleasing)
    }

    /// Ends the sink once: the caller that ends it runs `send` (its terminal event, if any),
    /// then disposes the upstream, and gets `true`; a sink that had ended already gets `false`
    /// and nothing runs.
    @inlinable
    @discardableResult
    final func _endOnce(sending send: () -> Void = {}) -> Bool {
        let previous = _stop()
        guard previous != 2 else { return false }
        send()
        _endUpstream(after: previous)
        return true
    }

    /// After ``_stop()`` returned `previous` (not `2`): disposes the upstream if it was stored.
    @inlinable
    final func _endUpstream(after previous: Int) {
        if previous == 1 { _disposeUpstream() }
    }

    @inlinable
    final func _disposeUpstream() {
        var upstream: any Disposable = _NopDisposable()
        swap(&upstream, &_upstream)
        upstream.dispose()
    }
}
