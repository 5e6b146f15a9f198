extension SharedSequence {
    /// Subscribes so that `onNext` and `onCompleted` get `object`, held weakly, on the main
    /// actor; each delivery checks that it runs there.
    @MainActor
    func _subscribe<Object: AnyObject>(
        onMainActorWith object: Object, onNext: (@MainActor (Object, Element) -> Void)?,
        onCompleted: (@MainActor (Object) -> Void)?, method: StaticString
    ) -> any Disposable {
        let reference = _MainActorWeakReference(object)
        return source.subscribe(
            onNext: { value in
                Self._onMainActor(method) {
                    if let object = reference.value { onNext?(object, value) }
                }
            },
            onCompleted: {
                Self._onMainActor(method) {
                    if let object = reference.value { onCompleted?(object) }
                }
            })
    }

    /// Runs `body` on the main actor, where the caller must already be: traps, naming
    /// `method`, when a delivery comes from anywhere else.
    static func _onMainActor(_ method: StaticString, _ body: @MainActor () -> Void) {
        MainActor.shared.preconditionIsolated(
            "\(method) delivers on the main actor: make the sequence on MainScheduler.instance")
        MainActor.assumeIsolated(body)
    }
}

extension SharedSequence where Sharing == DriverSharingStrategy {
    /// Drives an object of the main actor, which need not be `Sendable`: the handlers get
    /// `object`, held weakly, on the main actor; once `object` is gone, they are skipped.
    ///
    /// A screen object that the UI alone touches can stay an ordinary class, or be
    /// `@MainActor`, and its handlers read and change it without `@unchecked Sendable`:
    /// the compiler checks that they run on the main actor, and each delivery checks that the
    /// driver really delivers there, trapping otherwise. So make the driver on
    /// ``MainScheduler/instance`` (the default scheduler of drivers), or, in a `@MainActor`
    /// test, on a `TestScheduler` that the test advances.
    ///
    /// ```swift
    /// @MainActor final class TitleView {
    ///     var text = ""
    /// }
    ///
    /// output.title.drive(onMainActorWith: view, onNext: { view, title in view.text = title })
    /// ```
    ///
    /// There is no `onDisposed` handler: a subscription may be disposed from any thread.
    @MainActor
    public func drive<Object: AnyObject>(
        onMainActorWith object: Object, onNext: (@MainActor (Object, Element) -> Void)? = nil,
        onCompleted: (@MainActor (Object) -> Void)? = nil
    ) -> any Disposable {
        _subscribe(onMainActorWith: object, onNext: onNext, onCompleted: onCompleted, method: "drive(onMainActorWith:)")
    }
}

extension SharedSequence where Sharing == SignalSharingStrategy {
    /// Emits to an object of the main actor, which need not be `Sendable`: the handlers get
    /// `object`, held weakly, on the main actor; once `object` is gone, they are skipped.
    ///
    /// As ``SharedSequence/drive(onMainActorWith:onNext:onCompleted:)`` for a driver: make
    /// the signal on ``MainScheduler/instance`` (or, in a `@MainActor` test, on a
    /// `TestScheduler`); each delivery checks that it runs on the main actor.
    @MainActor
    public func emit<Object: AnyObject>(
        onMainActorWith object: Object, onNext: (@MainActor (Object, Element) -> Void)? = nil,
        onCompleted: (@MainActor (Object) -> Void)? = nil
    ) -> any Disposable {
        _subscribe(onMainActorWith: object, onNext: onNext, onCompleted: onCompleted, method: "emit(onMainActorWith:)")
    }
}
