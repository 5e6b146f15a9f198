/// The floor for the stream benchmarks: a subject that is an array of closures, and operators
/// that are closures calling the next closure. No locks, no disposal, no grammar: the least work
/// that still delivers through opaque function calls.
final class ClosureSubject<Element> {
    private final class Observer {
        let call: (Element) -> Void
        init(_ call: @escaping (Element) -> Void) { self.call = call }
    }

    private var observers: ContiguousArray<Observer> = []

    func subscribe(_ observer: @escaping (Element) -> Void) {
        observers.append(Observer(observer))
    }

    func send(_ value: Element) {
        Self.deliver(value, to: observers)
    }

    private static func deliver(_ value: Element, to observers: ContiguousArray<Observer>) {
        for observer in observers { observer.call(value) }
    }
}

/// The closure form of subject → map → filter → scan → sink.
func closureChain(into sink: @escaping (Int) -> Void) -> (Int) -> Void {
    var total = 0
    let scan: (Int) -> Void = { value in
        total &+= value
        sink(total)
    }
    let filter: (Int) -> Void = { value in if value & 1 == 0 { scan(value) } }
    let map: (Int) -> Void = { value in filter(value &+ 1) }
    return map
}

/// The floor for subscribing: an observable that is a closure taking an escaping observer
/// closure, a `map` that wraps the observer in a new closure, and a terminal object that the
/// caller disposes. No grammar, no locks, no counting, no protocol existentials: the least work
/// an observable built of closures does per subscription, with the same two heap objects as any
/// such design (the terminal object and `map`'s observer, which the source may keep).
struct ClosureObservable<Element> {
    enum Event {
        case value(Element)
        case end
    }

    let subscribe: (@escaping (Event) -> Void) -> AnyObject?

    /// Sends `value`, then ends; opaque to the optimiser, as a library's observable is.
    @inline(never)
    static func just(_ value: Element) -> ClosureObservable {
        ClosureObservable { observer in
            observer(.value(value))
            observer(.end)
            return nil
        }
    }

    @inline(never)
    func map<Result>(_ transform: @escaping (Element) -> Result) -> ClosureObservable<Result> {
        let source = self
        return ClosureObservable<Result> { observer in
            source.subscribe { event in
                switch event {
                case .value(let value): observer(.value(transform(value)))
                case .end: observer(.end)
                }
            }
        }
    }

    func subscribe(onNext: @escaping (Element) -> Void) -> ClosureSubscription<Element> {
        let subscription = ClosureSubscription(onNext)
        subscription.upstream = subscribe { subscription.on($0) }
        return subscription
    }
}

/// The terminal object of ``ClosureObservable``: takes values until the end or `dispose()`.
final class ClosureSubscription<Element> {
    let onNext: (Element) -> Void
    var isDone = false
    var upstream: AnyObject?

    init(_ onNext: @escaping (Element) -> Void) { self.onNext = onNext }

    func on(_ event: ClosureObservable<Element>.Event) {
        if isDone { return }
        switch event {
        case .value(let value): onNext(value)
        case .end: dispose()
        }
    }

    func dispose() {
        isDone = true
        upstream = nil
    }
}
