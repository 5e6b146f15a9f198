public import Dispatch

/// What a queue-confined subscription holds: the object, weakly, and its handlers, none of
/// them `Sendable`.
///
/// `@unchecked Sendable`: it is made on `queue` and everything in it is read on `queue` only,
/// which every access checks (`dispatchPrecondition`), so no two threads ever touch it at
/// once, as with a value confined to an actor.
final class _QueueConfined<Object: AnyObject, Element>: @unchecked Sendable {
    let queue: DispatchQueue
    private weak var object: Object?
    private let onNext: ((Object, Element) -> Void)?
    private let onCompleted: ((Object) -> Void)?

    init(
        _ object: Object, queue: DispatchQueue, onNext: ((Object, Element) -> Void)?,
        onCompleted: ((Object) -> Void)?
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        self.queue = queue
        self.object = object
        self.onNext = onNext
        self.onCompleted = onCompleted
    }

    func next(_ element: Element) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let object { onNext?(object, element) }
    }

    func completed() {
        dispatchPrecondition(condition: .onQueue(queue))
        if let object { onCompleted?(object) }
    }
}

extension SharedSequence {
    func _subscribe<Object: AnyObject>(
        confinedTo queue: DispatchQueue, with object: Object, onNext: ((Object, Element) -> Void)?,
        onCompleted: ((Object) -> Void)?
    ) -> any Disposable {
        let confined = _QueueConfined(object, queue: queue, onNext: onNext, onCompleted: onCompleted)
        return source.subscribe(onNext: { confined.next($0) }, onCompleted: { confined.completed() })
    }
}

extension SharedSequence where Sharing == DriverSharingStrategy {
    /// Drives an object that lives on one serial queue (a UI queue that is not the main one),
    /// which need not be `Sendable`: the handlers get `object`, held weakly, on `queue`; once
    /// `object` is gone, they are skipped.
    ///
    /// A screen object that only the UI queue touches can stay an ordinary class, with no
    /// `@unchecked Sendable`: call this on `queue` (it checks), and make the driver on a
    /// scheduler of that queue (a `DispatchQueueScheduler(queue:)`, or an app's UI scheduler
    /// over it), so it delivers there; every delivery checks that it runs on `queue`, and the
    /// process stops, naming the queue, when it does not. Handlers never run at the same
    /// time as other work of the queue, so they read and change `object` without locks.
    ///
    /// ```swift
    /// final class StatusView {  // not Sendable
    ///     var text = ""
    /// }
    ///
    /// let ui = DispatchQueueScheduler(label: "app.ui")
    /// let messages = PublishRelay<String>()
    /// let bag = DisposeBag()
    /// ui.queue.async {
    ///     let view = StatusView()
    ///     messages.asDriver(onErrorJustReturn: "", scheduler: ui)
    ///         .drive(confinedTo: ui.queue, with: view, onNext: { view, text in view.text = text })
    ///         .disposed(by: bag)
    /// }
    /// ```
    ///
    /// In a test on virtual time, run the test's body in `queue.sync` and make the driver on a
    /// `TestScheduler`: it then delivers on `queue` as the test advances it. There is no
    /// `onDisposed` handler: a subscription may be disposed from any thread. On the main
    /// actor, use ``drive(onMainActorWith:onNext:onCompleted:)`` instead.
    public func drive<Object: AnyObject>(
        confinedTo queue: DispatchQueue, with object: Object, onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil
    ) -> any Disposable {
        _subscribe(confinedTo: queue, with: object, onNext: onNext, onCompleted: onCompleted)
    }
}

extension SharedSequence where Sharing == SignalSharingStrategy {
    /// Emits to an object that lives on one serial queue, which need not be `Sendable`: as
    /// ``SharedSequence/drive(confinedTo:with:onNext:onCompleted:)`` for a driver, the handlers
    /// get `object`, held weakly, on `queue`, and every delivery checks that it runs there.
    public func emit<Object: AnyObject>(
        confinedTo queue: DispatchQueue, with object: Object, onNext: ((Object, Element) -> Void)? = nil,
        onCompleted: ((Object) -> Void)? = nil
    ) -> any Disposable {
        _subscribe(confinedTo: queue, with: object, onNext: onNext, onCompleted: onCompleted)
    }
}
