public import Synchronization

/// The base of the sinks that end once and then dispose their upstream subscription:
/// `subscribe(onNext:…)`'s, `create`'s and the operators' `_OperatorSink`.
///
/// One atomic word holds the life of the sink, so starting and ending a subscription takes no
/// lock:
///
/// - `0`: running, the upstream not stored yet (it is still being subscribed to);
/// - `1`: running, the upstream stored in `_upstream`;
/// - `3`: stopped, sending its terminal event, the upstream still stored: whoever moves the
///   life from `3` to `2` disposes it, the sender once it has sent, or a `dispose()` that
///   arrives during the send (as RxSwift's sinks dispose their source when the observer
///   disposes while a terminal event is delivered);
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
    final var isStopped: Bool { _life.load(ordering: .acquiring) >= 2 }

    /// Whether the sink ended and let go of its upstream: a `dispose()` has nothing left to do.
    @inlinable
    final var _isEndedForGood: Bool { _life.load(ordering: .acquiring) == 2 }

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

    /// Ends the sink once: the caller that ends it runs `send` (its terminal event, if any),
    /// then disposes the upstream unless a `dispose()` during `send` did, and gets `true`; a
    /// sink that had ended already gets `false` and nothing runs (but an upstream still held
    /// by a sender is disposed at once).
    @inlinable
    @discardableResult
    final func _endOnce(sending send: () -> Void = {}) -> Bool {
        var life = _life.load(ordering: .acquiring)
        while true {
            switch life {
            case 0:
                let (exchanged, current) = _life.compareExchange(
                    expected: 0, desired: 2, ordering: .acquiringAndReleasing)
                if !exchanged {
                    life = current
                    continue
                }
                // The subscriber disposes the upstream when it arrives.
                send()
                return true
            case 1:
                let (exchanged, current) = _life.compareExchange(
                    expected: 1, desired: 3, ordering: .acquiringAndReleasing)
                if !exchanged {
                    life = current
                    continue
                }
                send()
                if _life.compareExchange(expected: 3, desired: 2, ordering: .acquiringAndReleasing).exchanged {
                    _disposeUpstream()
                }
                return true
            case 3:
                if _life.compareExchange(expected: 3, desired: 2, ordering: .acquiringAndReleasing).exchanged {
                    _disposeUpstream()
                }
                return false
            default:
                return false
            }
        }
    }

    @inlinable
    final func _disposeUpstream() {
        var upstream: any Disposable = _NopDisposable()
        swap(&upstream, &_upstream)
        upstream.dispose()
    }
}
