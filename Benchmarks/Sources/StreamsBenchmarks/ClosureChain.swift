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
