import Streams
import Synchronization

// Minimal stand-ins for the operators the sample view model needs, written with
// `Observable.create` and the scheduler directly; named apart from the real operators.

extension ObservableType {
    /// Emits a value once `dueTime` passed without another; flushes the pending value on completion.
    func sampleDebounce(_ dueTime: SchedulerDuration, scheduler: any Scheduler) -> Observable<Element> {
        let source = self
        return Observable.create { observer in
            let timer = SerialDisposable()
            let pending = Mutex<(id: Int, value: Element?)>((0, nil))
            let upstream = source.subscribe(
                onNext: { value in
                    let id = pending.withLock { state in
                        state = (state.id + 1, value)
                        return state.id
                    }
                    timer.set(
                        scheduler.schedule(after: dueTime, label: "debounce(\(dueTime))") {
                            let due = pending.withLock { state -> Element? in
                                guard state.id == id, let value = state.value else { return nil }
                                state.value = nil
                                return value
                            }
                            if let due { observer.onNext(due) }
                        })
                },
                onError: { observer.onError($0) },
                onCompleted: {
                    timer.dispose()
                    if let last = pending.withLock({ state in
                        defer { state.value = nil }; return state.value
                    }) {
                        observer.onNext(last)
                    }
                    observer.onCompleted()
                })
            return CompositeDisposable([upstream, timer])
        }
    }

    /// Mirrors the inner observable of the latest value, disposing the previous one.
    func sampleFlatMapLatest<Result: Sendable>(
        _ transform: @escaping @Sendable (Element) -> Observable<Result>
    ) -> Observable<Result> {
        let source = self
        return Observable.create { observer in
            let inner = SerialDisposable()
            let upstream = source.subscribe(
                onNext: { value in
                    inner.set(Disposables.empty)
                    inner.set(
                        transform(value).subscribe(onNext: { observer.onNext($0) }, onError: { observer.onError($0) }))
                },
                onError: { observer.onError($0) })
            return CompositeDisposable([upstream, inner])
        }
    }

    /// Emits `first` before the source's values.
    func sampleStartWith(_ first: Element) -> Observable<Element> {
        let source = self
        return Observable.create { observer in
            observer.onNext(first)
            return source.subscribe(
                onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
                onCompleted: { observer.onCompleted() })
        }
    }

    /// Shares one subscription to the source among all subscribers, replaying the latest value.
    func sampleShareReplayLatest() -> Observable<Element> {
        let source = self
        let shared = Mutex<(subject: ReplaySubject<Element>, connection: (any Disposable)?, count: Int)?>(nil)
        return Observable.create { observer in
            let (subject, isFirst) = shared.withLock { state in
                if state == nil { state = (ReplaySubject(bufferSize: 1), nil, 0) }
                state?.count += 1
                return (state?.subject ?? ReplaySubject(bufferSize: 1), state?.count == 1)
            }
            let subscription = subject.subscribe(
                onNext: { observer.onNext($0) }, onError: { observer.onError($0) },
                onCompleted: { observer.onCompleted() })
            if isFirst {
                let connection = source.subscribe { subject.on($0) }
                shared.withLock { $0?.connection = connection }
            }
            return Disposables.create {
                subscription.dispose()
                let last = shared.withLock { state -> (any Disposable)? in
                    state?.count -= 1
                    guard state?.count == 0 else { return nil }
                    defer { state = nil }
                    return state?.connection
                }
                last?.dispose()
            }
        }
    }
}
