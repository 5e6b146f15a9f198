extension ObservableType {
    /// Collects values into arrays, sending one every `timeSpan` or as soon as it holds `count`
    /// values, whichever comes first.
    ///
    /// As in RxSwift, a full array restarts the time span, an array is sent when the span ends
    /// even if it is empty, and on completion the last array (possibly empty) is sent before
    /// the completion. An error drops the collected values. The timer is scheduled on
    /// `scheduler` with the label `buffer(<timeSpan>)`.
    public func buffer(timeSpan: SchedulerDuration, count: Int, scheduler: any Scheduler) -> Observable<[Element]> {
        let source = asObservable().map { [$0] }
        let count = Swift.max(1, count)
        return Observable<[Element]>(unchecked: { observer in
            // The state is the array being collected.
            let sink = _TimedSink<[Element], [Element]>(
                observer, scheduler: scheduler, label: "buffer(\(timeSpan))", state: [],
                onEvent: { collected, event, outbox in
                    switch event {
                    case .next(let values):
                        collected += values
                        guard collected.count >= count else { return }
                        outbox.send(.next(collected))
                        collected = []
                        outbox.armTimer(after: timeSpan.ticks)
                    case .error:
                        collected = []
                        outbox.send(event)
                    case .completed:
                        outbox.send(.next(collected))
                        collected = []
                        outbox.send(.completed)
                    }
                },
                onTimer: { collected, outbox in
                    outbox.send(.next(collected))
                    collected = []
                    outbox.armTimer(after: timeSpan.ticks)
                })
            sink.update { _, outbox in outbox.armTimer(after: timeSpan.ticks) }
            sink.start(source)
            return sink
        })
    }

    /// Splits the values into windows, each an observable of its own: a new window opens at
    /// the subscription, every `timeSpan`, and after every `count` values.
    ///
    /// A window completes when the next one opens; the last one receives the sequence's
    /// terminal event. Each window is hot: subscribe to it when it arrives, or values are
    /// missed. The timer is scheduled on `scheduler` with the label `window(<timeSpan>)`.
    public func window(
        timeSpan: SchedulerDuration, count: Int, scheduler: any Scheduler
    ) -> Observable<Observable<Element>> {
        let source = asObservable().map { _WindowSignal.value($0) }
        let count = Swift.max(1, count)
        return Observable<Observable<Element>>(unchecked: { observer in
            let windows = _Windows(observer)
            // The state is the number of values in the open window.
            let sink = _TimedSink<Int, _WindowSignal<Element>>(
                AnyObserver { windows.on($0) }, scheduler: scheduler, label: "window(\(timeSpan))", state: 0,
                onEvent: { filled, event, outbox in
                    outbox.send(event)
                    guard case .next = event else { return }
                    filled += 1
                    guard filled >= count else { return }
                    filled = 0
                    outbox.send(.next(.rollOver))
                    outbox.armTimer(after: timeSpan.ticks)
                },
                onTimer: { filled, outbox in
                    filled = 0
                    outbox.send(.next(.rollOver))
                    outbox.armTimer(after: timeSpan.ticks)
                })
            windows.open()
            sink.update { _, outbox in outbox.armTimer(after: timeSpan.ticks) }
            sink.start(source)
            return sink
        })
    }
}

/// What the timed part of `window` tells the windows: a value for the open window, or that
/// the next window opens.
enum _WindowSignal<Element: Sendable>: Sendable {
    case value(Element)
    case rollOver
}

/// The windows of one `window` subscription: turns signals into subjects and their events.
///
/// `@unchecked Sendable`: `current` is touched only while handling a signal, and the timed
/// sink delivers signals one at a time (or, for `open()`, before it starts).
final class _Windows<Element: Sendable>: @unchecked Sendable {
    private let observer: AnyObserver<Observable<Element>>
    private var current = PublishSubject<Element>()

    init(_ observer: AnyObserver<Observable<Element>>) {
        self.observer = observer
    }

    func open() {
        observer.on(.next(current.asObservable()))
    }

    func on(_ event: Event<_WindowSignal<Element>>) {
        switch event {
        case .next(.value(let value)):
            current.onNext(value)
        case .next(.rollOver):
            current.onCompleted()
            current = PublishSubject()
            open()
        case .error(let error):
            current.onError(error)
            observer.on(.error(error))
        case .completed:
            current.onCompleted()
            observer.on(.completed)
        }
    }
}
