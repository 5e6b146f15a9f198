/// An observable that shares one subscription to its source through a subject, and subscribes
/// to the source only when ``connect()`` is called.
///
/// Made by ``ObservableType/publish()``, ``ObservableType/replay(_:)``,
/// ``ObservableType/replayAll()`` and the `multicast` operators. Subscribers join the subject;
/// ``connect()`` starts the one source subscription and returns the disposable that ends it.
/// ``refCount()`` connects automatically with the first subscriber and disconnects after the
/// last.
///
/// ```swift
/// let shared = requests.publish()
/// shared.subscribe(onNext: log).disposed(by: bag)
/// shared.subscribe(onNext: render).disposed(by: bag)
/// shared.connect().disposed(by: bag)  // the source runs once, for both
/// ```
///
/// `@unchecked Sendable`: `subject` and `connection` are only touched under `lock`.
public final class ConnectableObservable<Element: Sendable>: ConnectableObservableType, @unchecked Sendable {
    let source: Observable<Element>
    let makeSubject: @Sendable () -> any SubjectType<Element>
    let lock = _Lock()
    @exclusivity(unchecked) var subject: (any SubjectType<Element>)?
    @exclusivity(unchecked) var connection: _Connection<Element>?

    init(source: Observable<Element>, makeSubject: @escaping @Sendable () -> any SubjectType<Element>) {
        self.source = source
        self.makeSubject = makeSubject
    }

    /// Subscribes an observer to the shared subject; it receives what the source sends while
    /// connected.
    public func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        currentSubject().subscribe(observer)
    }

    /// Subscribes the subject to the source, unless already connected; returns the disposable
    /// that disconnects.
    ///
    /// A connection ends when it is disposed or when the source ends; with a subject factory,
    /// the next connection then uses a new subject.
    @discardableResult
    public func connect() -> any Disposable {
        let (current, isNew) = lock.withLock { () -> (_Connection<Element>, Bool) in
            if let existing = connection { return (existing, false) }
            let subject = subject ?? makeSubject()
            self.subject = subject
            let created = _Connection(parent: self, subject: subject)
            connection = created
            return (created, true)
        }
        if isNew {
            current.subscription.set(source.subscribe(AnyObserver { current.on($0) }))
        }
        return current
    }

    func currentSubject() -> any SubjectType<Element> {
        lock.withLock {
            if let subject { return subject }
            let subject = makeSubject()
            self.subject = subject
            return subject
        }
    }

    /// Forgets `connection` (and its subject) if it is the current one.
    func release(_ connection: _Connection<Element>) {
        lock.withLock {
            guard self.connection === connection else { return }
            self.connection = nil
            subject = nil
        }
    }
}

/// One connection of a ``ConnectableObservable``: the source subscription feeding the subject.
///
/// `@unchecked Sendable`: every property is immutable; `subscription` has its own lock.
final class _Connection<Element: Sendable>: Disposable, @unchecked Sendable {
    let parent: ConnectableObservable<Element>
    let subject: any SubjectType<Element>
    let subscription = SingleAssignmentDisposable()

    init(parent: ConnectableObservable<Element>, subject: any SubjectType<Element>) {
        self.parent = parent
        self.subject = subject
    }

    func on(_ event: Event<Element>) {
        if subscription.isDisposed { return }
        if event.isTerminal { dispose() }
        subject.on(event)
    }

    func dispose() {
        parent.release(self)
        subscription.dispose()
    }
}

/// How long the subject behind ``ObservableType/share(replay:scope:)`` lives.
public enum SubjectLifetimeScope: Sendable {
    /// Each connection has its own subject: after the source ends or the last subscriber
    /// leaves, the next subscriber starts afresh, with nothing replayed.
    case whileConnected
    /// One subject for the life of the shared observable: later subscribers get its replayed
    /// values and, once the source ended, its terminal event.
    case forever
}

extension ObservableType {
    /// Shares one subscription through `subject`, connected by ``ConnectableObservable/connect()``.
    ///
    /// The same subject serves every connection, so once it ended, later subscribers receive
    /// only its terminal event (and what it replays).
    public func multicast<Subject: SubjectType>(_ subject: Subject) -> ConnectableObservable<Element>
    where Subject.Element == Element {
        ConnectableObservable(source: asObservable(), makeSubject: { subject })
    }

    /// Shares one subscription through a subject that `makeSubject` creates for each
    /// connection.
    public func multicast<Subject: SubjectType>(
        makeSubject: @escaping @Sendable () -> Subject
    ) -> ConnectableObservable<Element> where Subject.Element == Element {
        ConnectableObservable(source: asObservable(), makeSubject: { makeSubject() })
    }

    /// Shares one subscription through a ``PublishSubject``, once connected; each connection
    /// has a new subject, as in RxSwift.
    public func publish() -> ConnectableObservable<Element> {
        multicast(makeSubject: { PublishSubject() })
    }

    /// Shares one subscription through a ``ReplaySubject`` that replays up to `bufferSize`
    /// values, once connected; each connection has a new subject, so nothing of an earlier
    /// connection is replayed, as in RxSwift.
    public func replay(_ bufferSize: Int) -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.create(bufferSize: bufferSize) })
    }

    /// Shares one subscription through a ``ReplaySubject`` that replays every value, once
    /// connected; each connection has a new subject, as in RxSwift.
    public func replayAll() -> ConnectableObservable<Element> {
        multicast(makeSubject: { ReplaySubject.createUnbound() })
    }

    /// Subscribes to the sequence that `selector` makes from a connectable sharing this one
    /// through a subject from `makeSubject`, then connects; each subscription has its own
    /// subject and connection (RxSwift's `multicast(_:selector:)`).
    ///
    /// An error thrown by either closure fails the sequence before anything is subscribed.
    public func multicast<Subject: SubjectType, Result: Sendable>(
        _ makeSubject: @escaping @Sendable () throws -> Subject,
        selector: @escaping @Sendable (Observable<Subject.Element>) throws -> Observable<Result>
    ) -> Observable<Result> where Subject.Element == Element {
        let source = asObservable()
        return Observable<Result>(unchecked: { observer in
            let connectable: ConnectableObservable<Element>
            let selected: Observable<Result>
            do {
                let subject = try makeSubject()
                connectable = ConnectableObservable(source: source, makeSubject: { subject })
                selected = try selector(connectable.asObservable())
            } catch {
                observer.on(.error(error))
                return Disposables.empty
            }
            let subscription = selected.subscribe(observer)
            let connection = connectable.connect()
            return Disposables.create(subscription, connection)
        })
    }
}
