public import Synchronization

extension ObservableType {
    /// Shares one subscription to this sequence among all subscribers, replaying the last
    /// `replay` values to each newcomer.
    ///
    /// The sharing is reference-counted: the first subscriber connects to the upstream, later
    /// ones join that connection, and when the last one leaves, the upstream is disposed.
    /// After that, or after the upstream terminated, the next subscriber starts a new
    /// connection with an empty replay buffer: values of an earlier connection are never
    /// replayed into a later one. Subscribers that join a connection receive its terminal
    /// event like everyone else.
    ///
    /// ```swift
    /// let results = query.flatMapLatest(search).share(replay: 1)
    /// results.map(\.count).subscribe(onNext: { print($0) }).disposed(by: bag)
    /// results.subscribe(onNext: { render($0) }).disposed(by: bag)  // same search, run once
    /// ```
    ///
    /// With `scope: .forever`, one subject serves for good instead (see
    /// ``SubjectLifetimeScope``): after the source ended, later subscribers get its replayed
    /// values and terminal event, and a new connection keeps the replayed values.
    @inlinable
    public func share(replay: Int = 0, scope: SubjectLifetimeScope = .whileConnected) -> Observable<Element> {
        switch scope {
        case .whileConnected:
            let shared = _ShareCore(source: asObservable(), replay: max(0, replay))
            return Observable(unchecked: { shared.subscribe($0) })
        case .forever:
            // One subject for good, as RxSwift's `.forever` scope.
            return replay == 0
                ? multicast(PublishSubject()).refCount()
                : multicast(ReplaySubject.create(bufferSize: replay)).refCount()
        }
    }
}

/// One connection of a shared observable: a subject that fans the upstream's events out,
/// and the upstream subscription.
///
/// `@unchecked Sendable`: `subscribers` is only touched under the owning `_ShareCore`'s lock;
/// `subject` and `upstream` have their own locks.
@usableFromInline
final class _ShareConnection<Element: Sendable>: @unchecked Sendable {
    @usableFromInline let subject: _SubjectCore<Element>
    @usableFromInline let upstream = _DisposableSlot()
    @exclusivity(unchecked) @usableFromInline var subscribers = 0

    @inlinable
    init(replay: Int) {
        subject = _SubjectCore(bufferSize: replay)
    }
}

/// The state behind `share(replay:)`: the current connection, if any.
///
/// `@unchecked Sendable`: `current` (and each connection's subscriber count) is only touched
/// under `lock`; `source` is immutable.
@usableFromInline
final class _ShareCore<Element: Sendable>: @unchecked Sendable {
    @usableFromInline let source: Observable<Element>
    @usableFromInline let replay: Int
    @usableFromInline let lock = _Lock()
    @exclusivity(unchecked) @usableFromInline var current: _ShareConnection<Element>?

    @inlinable
    init(source: Observable<Element>, replay: Int) {
        self.source = source
        self.replay = replay
    }

    @inlinable
    func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let (connection, isNew) = lock.withLock { () -> (_ShareConnection<Element>, Bool) in
            if let current {
                current.subscribers += 1
                return (current, false)
            }
            let connection = _ShareConnection<Element>(replay: replay)
            connection.subscribers = 1
            current = connection
            return (connection, true)
        }
        let registration = connection.subject.subscribe(observer)
        let subscription = _ShareSubscription(core: self, connection: connection, registration: registration)
        if isNew {
            connection.upstream.set(
                source.subscribe(
                    AnyObserver { [self] event in
                        guard event.isTerminal else { return connection.subject.on(event) }
                        detach(connection)
                        connection.subject.on(event)
                        connection.upstream.dispose()
                    }))
        }
        return subscription
    }

    /// Forgets `connection` so that the next subscriber starts a new one.
    @inlinable
    func detach(_ connection: _ShareConnection<Element>) {
        lock.withLock {
            if current === connection { current = nil }
        }
    }

    /// One subscriber left `connection`; the last one disposes the upstream.
    @inlinable
    func release(_ connection: _ShareConnection<Element>) {
        let isLast = lock.withLock { () -> Bool in
            connection.subscribers -= 1
            guard connection.subscribers == 0 else { return false }
            if current === connection { current = nil }
            return true
        }
        if isLast { connection.upstream.dispose() }
    }
}

/// One subscriber's share of a connection; disposing it releases the connection once.
///
/// `@unchecked Sendable`: `released` is atomic; the rest is immutable.
@usableFromInline
final class _ShareSubscription<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline let core: _ShareCore<Element>
    @usableFromInline let connection: _ShareConnection<Element>
    @usableFromInline let registration: any Disposable
    @usableFromInline let released = Atomic<Bool>(false)

    @inlinable
    init(core: _ShareCore<Element>, connection: _ShareConnection<Element>, registration: any Disposable) {
        self.core = core
        self.connection = connection
        self.registration = registration
    }

    @inlinable
    func dispose() {
        guard !released.exchange(true, ordering: .acquiringAndReleasing) else { return }
        registration.dispose()
        core.release(connection)
    }
}
