public import Synchronization

/// One observer registered with a subject.
///
/// `@unchecked Sendable`: `ended` is atomic; `observer` is immutable; `core` is only used to
/// submit work, which is thread-safe.
@usableFromInline
final class _Registration<Element: Sendable>: Disposable, @unchecked Sendable {
    @usableFromInline let observer: AnyObserver<Element>
    @usableFromInline let ended = Atomic<Bool>(false)
    @usableFromInline let tracker: SubscriptionTracker?
    @usableFromInline weak var core: _SubjectCore<Element>?

    @inlinable
    init(_ observer: AnyObserver<Element>, core: _SubjectCore<Element>) {
        self.observer = observer
        self.core = core
        tracker = LiveSubscriptions.increment()
        core.liveCount.wrappingAdd(1, ordering: .relaxed)
    }

    @inlinable
    var isEnded: Bool { ended.load(ordering: .acquiring) }

    /// Ends the registration once; true for the caller that ended it.
    @inlinable
    func end() -> Bool {
        guard !ended.exchange(true, ordering: .acquiringAndReleasing) else { return false }
        core?.liveCount.wrappingSubtract(1, ordering: .relaxed)
        LiveSubscriptions.decrement(tracker)
        return true
    }

    @inlinable
    func dispose() {
        guard end() else { return }
        core?.submit(.remove(self))
    }
}

/// The state of a subject that only the thread holding the delivery role may touch.
@usableFromInline
struct _SubjectState<Element: Sendable> {
    @usableFromInline var observers = _ObserverList<Element>()
    @usableFromInline var terminal: Event<Element>?
    @usableFromInline var buffer: _Queue<Element>
    @usableFromInline let bufferSize: Int

    @inlinable
    init(bufferSize: Int, initial: [Element]) {
        self.bufferSize = bufferSize
        buffer = _Queue()
        for value in initial.suffix(bufferSize) { buffer.append(value) }
    }

    @inlinable
    mutating func remember(_ value: Element) {
        if bufferSize == 0 { return }
        if buffer.count == bufferSize { _ = buffer.popFirst() }
        buffer.append(value)
    }
}

/// The shared engine of every subject: a list of observers, an optional replay buffer, and a
/// serialized delivery loop.
///
/// Every operation (an event, a subscription, a removal) is a piece of work done by whoever
/// holds the *delivery role*. The role is an atomic counter, `pending`: a thread that moves it
/// from 0 to 1 owns `state` and does its work at once, with no lock and no copy of the observer
/// list; a thread that finds the role taken queues its work under `queueLock` and bumps the
/// counter, and the owner does that work, in order, before giving the role up. So deliveries
/// never overlap, even when several threads send at once or an observer sends, subscribes or
/// disposes re-entrantly, and observers are never called under a lock. The observer list is
/// changed only by the role owner, never while it is being iterated.
///
/// Readers that may run on any thread at any time (`latest`, `hasObservers`) use their own
/// copies: `mirror` (behind `mirrorLock`) and `liveCount` (atomic).
///
/// `@unchecked Sendable`: `state` is touched only by the role owner (acquire/release on
/// `pending` orders every hand-over); `queue` only under `queueLock`, `mirror` only under
/// `mirrorLock`; `liveCount` and `pending` are atomic.
@usableFromInline
final class _SubjectCore<Element: Sendable>: @unchecked Sendable {
    @usableFromInline
    enum Work: Sendable {
        case event(Event<Element>)
        case subscribe(_Registration<Element>)
        case remove(_Registration<Element>)
    }

    @usableFromInline
    struct Mirror: Sendable {
        @usableFromInline var latest: Element?
        @usableFromInline var terminal: Event<Element>?

        @inlinable
        init(latest: Element?) { self.latest = latest }
    }

    @usableFromInline let pending = Atomic<Int>(0)
    @usableFromInline let queueLock = _Lock()
    @usableFromInline let queue: UnsafeMutablePointer<_Queue<Work>>
    @usableFromInline let state: UnsafeMutablePointer<_SubjectState<Element>>
    @usableFromInline let mirrorLock = _Lock()
    @usableFromInline let mirror: UnsafeMutablePointer<Mirror>
    @usableFromInline let tracksLatest: Bool
    @usableFromInline let liveCount = Atomic<Int>(0)

    /// Creates a core replaying up to `bufferSize` values, starting with `initial`; with
    /// `tracksLatest`, the latest value can be read at any time through ``latest``.
    @inlinable
    init(bufferSize: Int, initial: [Element] = [], tracksLatest: Bool = false) {
        state = .allocate(capacity: 1)
        // A core that tracks its latest value replays it from `mirror`, not from a buffer.
        state.initialize(to: _SubjectState(bufferSize: tracksLatest ? 0 : bufferSize, initial: initial))
        queue = .allocate(capacity: 1)
        queue.initialize(to: _Queue())
        mirror = .allocate(capacity: 1)
        mirror.initialize(to: Mirror(latest: initial.last))
        self.tracksLatest = tracksLatest
    }

    deinit {
        state.pointee.observers.release()
        state.deinitialize(count: 1)
        state.deallocate()
        queue.deinitialize(count: 1)
        queue.deallocate()
        mirror.deinitialize(count: 1)
        mirror.deallocate()
    }

    /// The latest value (if tracked) and the terminal event, read together.
    @inlinable
    var latest: (value: Element?, terminal: Event<Element>?) {
        mirrorLock.withLock { (mirror.pointee.latest, mirror.pointee.terminal) }
    }

    @inlinable
    var hasObservers: Bool { liveCount.load(ordering: .relaxed) > 0 }

    @inlinable
    func on(_ event: Event<Element>) {
        // The common case inline: the role is free, so deliver without wrapping the event.
        if pending.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            perform(event)
            if pending.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
            drain(owned: 1)
            return
        }
        enqueue(.event(event))
    }

    @inlinable
    func subscribe(_ observer: AnyObserver<Element>) -> any Disposable {
        let registration = _Registration(observer, core: self)
        if let terminal = mirrorLock.withLock({ mirror.pointee.terminal }) {
            // An ended subject never changes again, so its replay needs no delivery role: a
            // subscriber arriving while the terminal event is being sent gets the replay and
            // that event at once, as in RxSwift, not after the delivery. The buffer was last
            // written before `terminal` was published under `mirrorLock`.
            var replay = tracksLatest ? _Queue<Element>() : state.pointee.buffer
            while let value = replay.popFirst() {
                if registration.isEnded { return registration }
                registration.observer.on(.next(value))
            }
            if registration.end() { registration.observer.on(terminal) }
            return registration
        }
        submit(.subscribe(registration))
        return registration
    }

    /// Does `work` now if the delivery role is free, else queues it for the role's owner.
    @inlinable
    func submit(_ work: Work) {
        if pending.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            perform(work)
            if pending.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
            drain(owned: 1)
            return
        }
        enqueue(work)
    }

    /// Queues `work` for the role's owner, or becomes the owner if the role was given up since.
    @inlinable
    func enqueue(_ work: Work) {
        queueLock.withLock { queue.pointee.append(work) }
        if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
            drain(owned: 1)
        }
    }

    /// Does queued work until no more is owed, then gives up the delivery role.
    @inlinable
    func drain(owned: Int) {
        var owed = owned
        while true {
            while let work = queueLock.withLock({ queue.pointee.popFirst() }) {
                perform(work)
            }
            owed = pending.wrappingSubtract(owed, ordering: .acquiringAndReleasing).newValue
            if owed == 0 { return }
        }
    }

    /// Delivers one event; only the role owner calls it.
    @inlinable
    func perform(_ event: Event<Element>) {
        if state.pointee.terminal != nil { return }
        switch event {
        case .next(let value):
            if tracksLatest {
                mirrorLock.withLock { mirror.pointee.latest = value }
            } else {
                state.pointee.remember(value)
            }
            // No copy of the list: only the role owner changes it, and not while delivering.
            state.pointee.observers.forEach { registration in
                if !registration.ended.load(ordering: .acquiring) { registration.observer.on(event) }
            }
        case .error, .completed:
            state.pointee.terminal = event
            mirrorLock.withLock { mirror.pointee.terminal = event }
            let observers = state.pointee.observers.removeAll()
            for registration in observers where registration.end() {
                registration.observer.on(event)
            }
        }
    }

    /// Does one piece of work; only the role owner calls it.
    @inlinable
    func perform(_ work: Work) {
        switch work {
        case .event(let event):
            perform(event)
        case .subscribe(let registration):
            var replay = state.pointee.buffer
            // A behavior subject that ended sends only its terminal event, as RxSwift's does.
            if tracksLatest, state.pointee.terminal == nil, let latest = mirrorLock.withLock({ mirror.pointee.latest })
            {
                replay.append(latest)
            }
            while let value = replay.popFirst() {
                if registration.isEnded { return }
                registration.observer.on(.next(value))
            }
            if let terminal = state.pointee.terminal {
                if registration.end() { registration.observer.on(terminal) }
            } else if !registration.isEnded {
                state.pointee.observers.append(registration)
            }
        case .remove(let registration):
            state.pointee.observers.remove(registration)
        }
    }
}

/// The registrations of a subject, in subscription order, held with manual reference counts.
///
/// Iterating does not retain each registration or the list: the subject's delivery role
/// guarantees that nobody changes the list during an iteration, so every element stays alive.
/// The owner must call ``release()`` once, before the list is dropped.
@usableFromInline
struct _ObserverList<Element: Sendable> {
    @usableFromInline var base: UnsafeMutablePointer<Unmanaged<_Registration<Element>>>?
    @usableFromInline var count = 0
    @usableFromInline var capacity = 0

    @inlinable
    init() {}

    @inlinable
    mutating func append(_ registration: _Registration<Element>) {
        if count == capacity {
            let newCapacity = Swift.max(4, capacity * 2)
            let newBase = UnsafeMutablePointer<Unmanaged<_Registration<Element>>>.allocate(capacity: newCapacity)
            if let base {
                newBase.moveInitialize(from: base, count: count)
                base.deallocate()
            }
            base = newBase
            capacity = newCapacity
        }
        base?.advanced(by: count).initialize(to: .passRetained(registration))
        count += 1
    }

    /// Calls `body` with each registration, without retaining them.
    @inlinable
    func forEach(_ body: (_Registration<Element>) -> Void) {
        guard let base else { return }
        for index in 0..<count {
            base[index]._withUnsafeGuaranteedRef(body)
        }
    }

    /// Removes `registration` if present.
    @inlinable
    mutating func remove(_ registration: _Registration<Element>) {
        guard let base else { return }
        for index in 0..<count where base[index].toOpaque() == Unmanaged.passUnretained(registration).toOpaque() {
            let removed = base[index]
            for later in (index + 1)..<count { base[later - 1] = base[later] }
            count -= 1
            removed.release()
            return
        }
    }

    /// Empties the list and returns its registrations.
    @inlinable
    mutating func removeAll() -> [_Registration<Element>] {
        guard let base else { return [] }
        var all: [_Registration<Element>] = []
        all.reserveCapacity(count)
        for index in 0..<count { all.append(base[index].takeRetainedValue()) }
        count = 0
        return all
    }

    /// Releases every registration and the storage.
    @inlinable
    mutating func release() {
        _ = removeAll()
        base?.deallocate()
        base = nil
        capacity = 0
    }
}
