/// The pending events of a ``_Serializer``, and whether a terminal event was already accepted.
///
/// Once a terminal event is in, or the outbox is closed, later events are dropped: this is
/// what keeps the grammar `next* (error | completed)?` for operators with several sources.
@usableFromInline
struct _Outbox<Output: Sendable>: Sendable {
    @usableFromInline var items = _Queue<Event<Output>>()
    @usableFromInline var isStopped = false

    @inlinable
    init() {}

    /// Queues `event` unless the sequence already ended.
    @inlinable
    mutating func send(_ event: Event<Output>) {
        if isStopped { return }
        if event.isTerminal { isStopped = true }
        items.append(event)
    }

    /// Queues a value unless the sequence already ended.
    @inlinable
    mutating func next(_ value: Output) { send(.next(value)) }

    /// Drops everything pending and refuses every later event.
    @inlinable
    mutating func close() {
        isStopped = true
        items.removeAll()
    }

    @inlinable
    mutating func popFirst() -> Event<Output>? { items.popFirst() }
}

/// Serializes the events that an operator with several sources sends to its observer.
///
/// Sources may send from different threads at once. Each source's handler updates the
/// operator's `State` and queues output events under one lock, so the queue order is the order
/// of the state changes. Whoever finds the serializer idle then becomes the drainer: it delivers
/// queued events one after another, outside the lock, until the queue is empty; everyone else
/// only queues and returns. The observer is therefore never called concurrently, never called
/// under a lock (a re-entrant send from inside it is queued, not deadlocked), and never after
/// a terminal event.
///
/// `@unchecked Sendable`: all mutable state is in `storage`, touched only under `lock`;
/// `deliver` is an immutable `@Sendable` closure.
@usableFromInline
final class _Serializer<State: Sendable, Output: Sendable>: @unchecked Sendable {
    @usableFromInline
    struct Storage: Sendable {
        @usableFromInline var state: State
        @usableFromInline var outbox = _Outbox<Output>()
        @usableFromInline var isDraining = false

        @inlinable
        init(state: State) { self.state = state }
    }

    @usableFromInline let lock = _Lock()
    @usableFromInline let storage: UnsafeMutablePointer<Storage>
    @usableFromInline let deliver: @Sendable (Event<Output>) -> Void

    /// Creates a serializer that hands each output event to `deliver`, one at a time.
    @inlinable
    init(_ state: State, deliver: @escaping @Sendable (Event<Output>) -> Void) {
        storage = .allocate(capacity: 1)
        storage.initialize(to: Storage(state: state))
        self.deliver = deliver
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Creates a serializer that forwards its output to `observer`.
    @inlinable
    convenience init(_ state: State, observer: AnyObserver<Output>) {
        self.init(state, deliver: observer.handler)
    }

    /// Runs `body` under the lock with the state and the outbox, then delivers what it queued.
    ///
    /// `body` must not call out to user code or observers: it only decides.
    @inlinable
    @discardableResult
    func update<R>(_ body: (inout State, inout _Outbox<Output>) -> R) -> R {
        let (result, first) = lock.withLock { () -> (R, Event<Output>?) in
            let result = body(&storage.pointee.state, &storage.pointee.outbox)
            if storage.pointee.isDraining { return (result, nil) }
            guard let first = storage.pointee.outbox.popFirst() else { return (result, nil) }
            storage.pointee.isDraining = true
            return (result, first)
        }
        if let first {
            deliver(first)
            drain()
        }
        return result
    }

    /// Queues one event and delivers it if no one else is delivering.
    @inlinable
    func send(_ event: Event<Output>) {
        update { _, outbox in outbox.send(event) }
    }

    /// Reads the state under the lock.
    @inlinable
    func read<R>(_ body: (State) -> R) -> R {
        lock.withLock { body(storage.pointee.state) }
    }

    /// Whether a terminal event was accepted or the serializer was closed.
    @inlinable
    var isStopped: Bool { lock.withLock { storage.pointee.outbox.isStopped } }

    /// Drops pending events and refuses later ones; used when the subscription is disposed.
    @inlinable
    func close() {
        lock.withLock { storage.pointee.outbox.close() }
    }

    @inlinable
    func drain() {
        while true {
            let next = lock.withLock { () -> Event<Output>? in
                if let event = storage.pointee.outbox.popFirst() { return event }
                storage.pointee.isDraining = false
                return nil
            }
            guard let next else { return }
            deliver(next)
        }
    }
}

/// A subscription whose events go through one ``_Serializer`` and that holds subscriptions of
/// its own (its sources): disposing it closes the serializer, so nothing more is delivered,
/// then disposes the sources; ending it sends the terminal event after whatever is queued,
/// then disposes them.
///
/// A protocol rather than a base class, so that each sink's calls are specialized for its
/// types.
@usableFromInline
protocol _SerializedSink: AnyObject, Disposable {
    associatedtype SerializedState: Sendable
    associatedtype Output: Sendable

    var serializer: _Serializer<SerializedState, Output> { get }

    /// Disposes every subscription the sink holds.
    func disposeSources()
}

extension _SerializedSink {
    /// Sends the terminal `event` (after whatever is already queued) and disposes the sources.
    @inlinable
    func end(_ event: Event<Output>) {
        serializer.send(event)
        disposeSources()
    }

    @inlinable
    func dispose() {
        serializer.close()
        disposeSources()
    }
}
