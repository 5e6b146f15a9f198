extension ObservableType {
    /// Drops each value that equals the one before it, as judged by `isEquivalent`.
    ///
    /// The first value always passes. Each subscription keeps its own previous value.
    @inlinable
    public func distinctUntilChanged(
        _ isEquivalent: @escaping @Sendable (Element, Element) -> Bool
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let previous = _SerialBox<Element?>(nil)
            return source.subscribe(
                AnyObserver { event in
                    if case .next(let value) = event {
                        if let last = previous.value, isEquivalent(last, value) { return }
                        previous.value = value
                    }
                    observer.on(event)
                })
        })
    }

    /// Drops each value whose key, computed by `key`, equals the key of the value before it.
    @inlinable
    public func distinctUntilChanged<Key: Equatable & Sendable>(
        by key: @escaping @Sendable (Element) -> Key
    ) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let previous = _SerialBox<Key?>(nil)
            return source.subscribe(
                AnyObserver { event in
                    if case .next(let value) = event {
                        let current = key(value)
                        if let last = previous.value, last == current { return }
                        previous.value = current
                    }
                    observer.on(event)
                })
        })
    }

    /// Sends only the first `count` values, then completes and disposes the upstream.
    ///
    /// A `count` of zero or less completes at once without subscribing to the upstream.
    @inlinable
    public func take(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        if count <= 0 { return .empty() }
        // The count goes down before the value goes out, so a value the downstream sends back
        // into the upstream while the last one is being delivered is not taken.
        return source._valueOperator(state: count) { sink, value in
            guard sink.state > 0 else { return }
            sink.state -= 1
            sink.forwardNext(value)
            if sink.state == 0 { sink.finish(.completed) }
        }
    }

    /// Sends values while `predicate` holds; at the first value that fails it, completes and
    /// disposes the upstream (that value is not sent).
    @inlinable
    public func take(while predicate: @escaping @Sendable (Element) -> Bool) -> Observable<Element> {
        take(while: predicate, behavior: .exclusive)
    }

    /// Sends values until one satisfies `predicate`, then completes; with `.inclusive`, that
    /// value is sent first (RxSwift's `take(until:behavior:)`). An error `predicate` throws
    /// fails the sequence.
    @inlinable
    public func take(
        until predicate: @escaping @Sendable (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        take(while: { try !predicate($0) }, behavior: behavior)
    }

    /// Sends values until `other` sends a value; then completes and disposes both.
    ///
    /// `other` is subscribed first. If `other` fails, the sequence fails; if `other` completes
    /// without a value, it is ignored and values keep flowing.
    @inlinable
    public func take<Other: ObservableType>(until other: Other) -> Observable<Element> {
        _until(other, passesFromTheStart: true)
    }

    /// Drops the first `count` values and sends the rest.
    @inlinable
    public func skip(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        if count <= 0 { return source }
        return Observable(unchecked: { observer in
            let remaining = _SerialBox(count)
            return source.subscribe(
                AnyObserver { event in
                    if case .next = event, remaining.value > 0 {
                        remaining.value -= 1
                        return
                    }
                    observer.on(event)
                })
        })
    }

    /// Drops values while `predicate` holds; from the first value that fails it on, sends
    /// everything.
    @inlinable
    public func skip(while predicate: @escaping @Sendable (Element) -> Bool) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let skipping = _SerialBox(true)
            return source.subscribe(
                AnyObserver { event in
                    if skipping.value, case .next(let value) = event {
                        if predicate(value) { return }
                        skipping.value = false
                    }
                    observer.on(event)
                })
        })
    }

    /// Drops every value; only the terminal event passes.
    @inlinable
    public func ignoreElements() -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            source.subscribe(
                AnyObserver { event in
                    if case .next = event { return }
                    observer.on(event)
                })
        })
    }

    /// Sends the first value, or `nil` if the sequence completes empty, then completes and
    /// disposes the upstream.
    @inlinable
    public func first() -> Observable<Element?> {
        // `state` says whether the first value arrived, set before it goes out: a value the
        // downstream sends back into the upstream meanwhile is not sent.
        _valueOperator(
            state: false,
            onValue: { sink, value in
                guard !sink.state else { return }
                sink.state = true
                sink.forwardNext(value)
                sink.finish(.completed)
            },
            onCompleted: { sink in
                sink.forwardNext(nil)
                sink.finish(.completed)
            })
    }
}

/// Whether `take(while:behavior:)` also sends the value that ended it.
public enum TakeBehavior: Sendable {
    /// Sends the first value that fails the predicate before completing.
    case inclusive
    /// Completes without sending the value that fails the predicate.
    case exclusive
}

extension ObservableType {
    /// Drops each value that equals the one before it, as judged by a throwing `isEquivalent`;
    /// an error it throws fails the sequence.
    @inlinable
    public func distinctUntilChanged(
        _ isEquivalent: @escaping @Sendable (Element, Element) throws -> Bool
    ) -> Observable<Element> {
        _valueOperator(state: Element?.none) { sink, value in
            if let last = sink.state, try isEquivalent(last, value) { return }
            sink.state = value
            sink.forwardNext(value)
        }
    }

    /// Drops each value whose key, made by a throwing `key`, equals the key of the value
    /// before it; an error `key` throws fails the sequence.
    ///
    /// RxSwift leaves this key selector unlabeled; here it is `by:`, because an unlabeled one
    /// turns `distinctUntilChanged { $0 == $1 }` on a sequence of pairs into a key selector
    /// that returns a `Bool` (RxSwift issue #2097).
    @inlinable
    public func distinctUntilChanged<Key: Equatable & Sendable>(
        by key: @escaping @Sendable (Element) throws -> Key
    ) -> Observable<Element> {
        distinctUntilChanged(key, comparer: { $0 == $1 })
    }

    /// Drops each value whose key, made by `keySelector`, is the same as the key of the value
    /// before it by `comparer`; an error either throws fails the sequence.
    @inlinable
    public func distinctUntilChanged<Key: Sendable>(
        _ keySelector: @escaping @Sendable (Element) throws -> Key,
        comparer: @escaping @Sendable (Key, Key) throws -> Bool
    ) -> Observable<Element> {
        _valueOperator(state: Key?.none) { sink, value in
            let key = try keySelector(value)
            if let last = sink.state, try comparer(last, key) { return }
            sink.state = key
            sink.forwardNext(value)
        }
    }

    /// Drops each value whose property at `keyPath` equals that of the value before it.
    ///
    /// ```swift
    /// screens.distinctUntilChanged(at: \.title)
    /// ```
    @inlinable
    public func distinctUntilChanged<Property: Equatable & Sendable>(
        at keyPath: any KeyPath<Element, Property> & Sendable
    ) -> Observable<Element> {
        distinctUntilChanged(by: { $0[keyPath: keyPath] })
    }

    /// Keeps only the values for which a throwing `isIncluded` returns true; an error it throws
    /// fails the sequence and disposes the upstream.
    @inlinable
    public func filter(_ isIncluded: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        _valueOperator { sink, value in
            if try isIncluded(value) { sink.forwardNext(value) }
        }
    }

    /// Sends values while `predicate` holds; at the first value that fails it, completes,
    /// sending that value too when `behavior` is ``TakeBehavior/inclusive``.
    ///
    /// An error thrown by `predicate` fails the sequence.
    @inlinable
    public func take(
        while predicate: @escaping @Sendable (Element) throws -> Bool, behavior: TakeBehavior = .exclusive
    ) -> Observable<Element> {
        _valueOperator { sink, value in
            if try predicate(value) {
                sink.forwardNext(value)
                return
            }
            if behavior == .inclusive { sink.forwardNext(value) }
            sink.finish(.completed)
        }
    }

    /// Drops values while a throwing `predicate` holds; an error it throws fails the sequence.
    @inlinable
    public func skip(while predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        _valueOperator(state: true) { sink, value in
            if sink.state {
                if try predicate(value) { return }
                sink.state = false
            }
            sink.forwardNext(value)
        }
    }

    /// Sends only the last `count` values, when the sequence completes.
    ///
    /// An error drops the buffered values and is sent on.
    @inlinable
    public func takeLast(_ count: Int) -> Observable<Element> {
        let source = asObservable()
        return Observable(unchecked: { observer in
            let buffer = _SerialBox(_Queue<Element>())
            return source.subscribe(
                AnyObserver { event in
                    switch event {
                    case .next(let value):
                        guard count > 0 else { return }
                        buffer.value.append(value)
                        if buffer.value.count > count { _ = buffer.value.popFirst() }
                    case .error:
                        buffer.value.removeAll()
                        observer.on(event)
                    case .completed:
                        while let value = buffer.value.popFirst() { observer.on(.next(value)) }
                        observer.on(.completed)
                    }
                })
        })
    }

    /// Drops values until `other` sends a value; from then on, sends everything.
    ///
    /// `other` is subscribed first. If it fails, the sequence fails; if it completes without a
    /// value, no value will ever be sent, and the sequence does not complete either (as in
    /// RxSwift). After its first value `other` is disposed.
    @inlinable
    public func skip<Other: ObservableType>(until other: Other) -> Observable<Element> {
        _until(other, passesFromTheStart: false)
    }

    /// Sends only the value at `index` (counting from 0), then completes.
    ///
    /// If the sequence completes first, it fails with ``StreamsError/argumentOutOfRange``. A
    /// negative `index` fails at once with the same error.
    @inlinable
    public func element(at index: Int) -> Observable<Element> {
        let source = asObservable()
        if index < 0 { return .error(StreamsError.argumentOutOfRange) }
        return source._valueOperator(
            state: index,
            onValue: { sink, value in
                // -1 once the value is found: values sent back into the upstream meanwhile are not.
                guard sink.state >= 0 else { return }
                if sink.state == 0 {
                    sink.state = -1
                    sink.forwardNext(value)
                    sink.finish(.completed)
                } else {
                    sink.state -= 1
                }
            },
            onCompleted: { $0.finish(.error(StreamsError.argumentOutOfRange)) })
    }

    /// Sends the sequence's only value and completes; fails with
    /// ``StreamsError/noElements`` if it completes empty and with
    /// ``StreamsError/moreThanOneElement`` at a second value.
    ///
    /// The value is sent as soon as it arrives, as in RxSwift; completion waits for the source.
    @inlinable
    public func single() -> Observable<Element> {
        single { _ in true }
    }

    /// Sends the only value that satisfies `predicate`, as ``single()`` does for all values;
    /// an error thrown by `predicate` fails the sequence.
    @inlinable
    public func single(_ predicate: @escaping @Sendable (Element) throws -> Bool) -> Observable<Element> {
        _valueOperator(
            state: false,
            onValue: { sink, value in
                guard try predicate(value) else { return }
                if sink.state { return sink.finish(.error(StreamsError.moreThanOneElement)) }
                sink.state = true
                sink.forwardNext(value)
            },
            onCompleted: { sink in sink.finish(sink.state ? .completed : .error(StreamsError.noElements)) })
    }
}

extension ObservableType where Element: Equatable {
    /// Drops each value that equals the one before it.
    ///
    /// ```swift
    /// Observable.of(1, 1, 2, 2, 1).distinctUntilChanged()  // 1, 2, 1
    /// ```
    @inlinable
    public func distinctUntilChanged() -> Observable<Element> {
        distinctUntilChanged { $0 == $1 }
    }
}

extension ObservableType {
    /// Each time `sampler` sends a value, sends the latest value of this sequence if a new one
    /// arrived since the previous sample, or `defaultValue` if one is given.
    ///
    /// When this sequence completes, the result completes at the next sample (after sending
    /// what is pending); when `sampler` completes, pending values are sent as at a sample, and
    /// the sampler is released at once. An error of either fails the result.
    @inlinable
    public func sample<Sampler: ObservableType>(_ sampler: Sampler, defaultValue: Element? = nil) -> Observable<Element>
    {
        let source = asObservable()
        let sampler = sampler.asObservable()
        return Observable(unchecked: { observer in
            let sink = _SampleSink(observer, defaultValue: defaultValue)
            sink.run(source: source, sampler: sampler)
            return sink
        })
    }
}

/// The subscription of `sample`.
///
/// `@unchecked Sendable`: the pending value lives in the serializer's lock; the slots have
/// their own locks.
@usableFromInline
final class _SampleSink<Element: Sendable>: _SerializedSink, @unchecked Sendable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var pending: Element?
        @usableFromInline var isSourceDone = false

        @inlinable
        init() {}
    }

    @usableFromInline let serializer: _Serializer<State, Element>
    @usableFromInline let defaultValue: Element?
    @usableFromInline let sourceSubscription = _DisposableSlot()
    @usableFromInline let samplerSubscription = _DisposableSlot()

    @inlinable
    init(_ observer: AnyObserver<Element>, defaultValue: Element?) {
        serializer = _Serializer(State(), observer: observer)
        self.defaultValue = defaultValue
    }

    @inlinable
    func run<Trigger: Sendable>(source: Observable<Element>, sampler: Observable<Trigger>) {
        sourceSubscription.set(
            source.subscribe(
                AnyObserver { [self] event in
                    switch event {
                    case .next(let value):
                        serializer.update { state, _ in state.pending = value }
                    case .error:
                        serializer.send(event)
                        disposeSources()
                    case .completed:
                        serializer.update { state, _ in state.isSourceDone = true }
                        sourceSubscription.dispose()
                    }
                }))
        if serializer.isStopped { return }
        samplerSubscription.set(
            sampler.subscribe(
                AnyObserver { [self] event in
                    if case .error(let error) = event {
                        serializer.send(.error(error))
                        return disposeSources()
                    }
                    let isDone = serializer.update { state, outbox -> Bool in
                        if let value = state.pending ?? defaultValue {
                            state.pending = nil
                            outbox.next(value)
                        }
                        guard state.isSourceDone else { return false }
                        outbox.send(.completed)
                        return true
                    }
                    if isDone {
                        disposeSources()
                    } else if event.isTerminal {
                        samplerSubscription.dispose()
                    }
                }))
    }

    @inlinable
    func disposeSources() {
        sourceSubscription.dispose()
        samplerSubscription.dispose()
    }
}

extension ObservableType {
    /// `take(until:)` or `skip(until:)`, as `passesFromTheStart` says (see ``_UntilSink``).
    @inlinable
    func _until<Other: ObservableType>(_ other: Other, passesFromTheStart: Bool) -> Observable<Element> {
        let source = asObservable()
        let trigger = other.asObservable()
        return Observable(unchecked: { observer in
            let sink = _UntilSink(observer, passesFromTheStart: passesFromTheStart)
            sink.run(source: source, trigger: trigger)
            return sink
        })
    }
}

/// The subscription of `take(until:)` and `skip(until:)`: the source and the trigger share one
/// serializer, whose state says whether the source's values pass. For `take(until:)` they pass
/// from the start and the trigger's first value completes the sequence; for `skip(until:)` the
/// trigger's first value lets them pass, and the source's completion is sent only then.
///
/// `@unchecked Sendable`: the open flag lives in the serializer's lock; the slots have their
/// own locks; `passesFromTheStart` is immutable.
@usableFromInline
final class _UntilSink<Element: Sendable>: _SerializedSink, @unchecked Sendable {
    @usableFromInline let serializer: _Serializer<Bool, Element>
    @usableFromInline let passesFromTheStart: Bool
    @usableFromInline let sourceSubscription = _DisposableSlot()
    @usableFromInline let triggerSubscription = _DisposableSlot()

    @inlinable
    init(_ observer: AnyObserver<Element>, passesFromTheStart: Bool) {
        serializer = _Serializer(passesFromTheStart, observer: observer)
        self.passesFromTheStart = passesFromTheStart
    }

    @inlinable
    func run<Trigger: Sendable>(source: Observable<Element>, trigger: Observable<Trigger>) {
        triggerSubscription.set(
            trigger.subscribe(
                AnyObserver { [self] event in
                    switch event {
                    case .next where passesFromTheStart:
                        end(.completed)
                    case .next:
                        serializer.update { isOpen, _ in isOpen = true }
                        triggerSubscription.dispose()
                    case .error(let error):
                        end(.error(error))
                    case .completed:
                        triggerSubscription.dispose()
                    }
                }))
        if serializer.isStopped { return }
        sourceSubscription.set(
            source.subscribe(
                AnyObserver { [self] event in
                    switch event {
                    case .next:
                        serializer.update { isOpen, outbox in
                            if isOpen { outbox.send(event) }
                        }
                    case .error:
                        end(event)
                    case .completed:
                        serializer.update { isOpen, outbox in
                            if isOpen { outbox.send(event) }
                        }
                        disposeSources()
                    }
                }))
    }

    @inlinable
    func disposeSources() {
        triggerSubscription.dispose()
        sourceSubscription.dispose()
    }
}
