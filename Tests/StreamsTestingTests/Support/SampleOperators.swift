import Streams
import Synchronization

// A stand-in for `debounce`, which the sample view model needs and `Streams` does not have yet,
// written with `Observable.create` and the scheduler directly; named apart from the real one.

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
}
