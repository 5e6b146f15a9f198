import Streams

/// Carries an ``_Exchange`` over a ``NetworkTransport`` given by the caller.
///
/// `@unchecked Sendable`: the mutable state is `state`, a `SanitizerVisibleMutex`; the rest is
/// immutable.
final class _CustomTransfer: _Transfer, @unchecked Sendable {
    private struct State {
        var isStopped = false
        var work: (any Disposable)?
    }

    private let transport: any NetworkTransport
    private let exchange: TransportExchange
    private let state = SanitizerVisibleMutex(State())

    init(transport: any NetworkTransport, exchange: TransportExchange) {
        self.transport = transport
        self.exchange = exchange
    }

    func begin() {
        let work = transport.send(exchange.request, to: exchange)
        // The transport may have been stopped while it was still starting (it failed at once).
        let isStopped = state.withLock { state -> Bool in
            if !state.isStopped { state.work = work }
            return state.isStopped
        }
        if isStopped { work.dispose() }
    }

    func stop() {
        let work = state.withLock { state -> (any Disposable)? in
            state.isStopped = true
            defer { state.work = nil }
            return state.work
        }
        work?.dispose()
    }
}
