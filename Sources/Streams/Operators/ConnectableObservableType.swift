/// An observable that shares one subscription to its source and subscribes to the source only
/// when ``connect()`` is called: ``ConnectableObservable``, or a type of your own, which then
/// gets ``refCount()`` too, as in RxSwift.
///
/// ```swift
/// let shared = requests.publish().refCount()  // connected while anyone is subscribed
/// ```
public protocol ConnectableObservableType<Element>: ObservableType {
    /// Starts the shared subscription to the source, unless it is already running; returns the
    /// disposable that ends it.
    @discardableResult
    func connect() -> any Disposable
}

extension ConnectableObservableType {
    /// An observable that connects when its first subscriber arrives and disconnects when its
    /// last one leaves; a connection that ended with the source is made anew for the next
    /// subscriber.
    public func refCount() -> Observable<Element> {
        let state = _RefCountState(source: self)
        return Observable(unchecked: { state.subscribe($0) })
    }
}

/// The state behind `refCount()`: how many subscribers share the current connection.
///
/// `@unchecked Sendable`: the counters and `connection` are only touched under `lock`.
final class _RefCountState<Source: ConnectableObservableType>: @unchecked Sendable {
    typealias Element = Source.Element
    let source: Source
    let lock = _Lock()
    @exclusivity(unchecked) var count = 0
    @exclusivity(unchecked) var connectionID = 0
    @exclusivity(unchecked) var connection: SingleAssignmentDisposable?

    init(source: Source) {
        self.source = source
    }

    func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let sink = _OperatorSink(observer)
        let snapshot = _SerialBox(0)
        let subscription = source.subscribe(
            AnyObserver { [self] event in
                if event.isTerminal { endConnection(snapshot.value) }
                sink.forward(event)
            })
        let toConnect = lock.withLock { () -> SingleAssignmentDisposable? in
            snapshot.value = connectionID
            // A subject that had ended already finished this subscriber: nothing to connect.
            if sink.isStopped { return nil }
            count += 1
            guard count == 1 else { return nil }
            let connection = SingleAssignmentDisposable()
            self.connection = connection
            return connection
        }
        toConnect?.set(source.connect())
        if sink.isStopped {
            subscription.dispose()
            return sink
        }
        sink.setUpstream(
            Disposables.create { [self] in
                subscription.dispose()
                leave(snapshot.value)
            })
        return sink
    }

    /// A subscriber of connection `id` left; the last one disconnects.
    func leave(_ id: Int) {
        let toDispose = lock.withLock { () -> SingleAssignmentDisposable? in
            guard id == connectionID, count > 0 else { return nil }
            count -= 1
            guard count == 0 else { return nil }
            defer { connection = nil }
            return connection
        }
        toDispose?.dispose()
    }

    /// The source of connection `id` ended: the next subscriber starts a new connection.
    func endConnection(_ id: Int) {
        let toDispose = lock.withLock { () -> SingleAssignmentDisposable? in
            guard id == connectionID else { return nil }
            count = 0
            connectionID &+= 1
            defer { connection = nil }
            return connection
        }
        toDispose?.dispose()
    }
}
