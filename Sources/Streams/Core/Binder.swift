/// An observer that applies each value to a target object on a scheduler, for as long as the
/// target lives (RxCocoa's `Binder`): the UI end of a binding.
///
/// The target is held weakly: once it is gone, values are dropped. A binding cannot fail, so
/// an error ends nothing and is dropped (RxCocoa stops a debug build there; Streams never
/// traps), and so is the completion. Values are applied through `scheduler`, which defaults,
/// as in RxCocoa, to ``MainScheduler/instance``.
///
/// ```swift
/// extension Label {
///     var text: Binder<String> { Binder(self, scheduler: ui) { label, text in label.text = text } }
/// }
/// titles.bind(to: label.text).disposed(by: bag)
/// ```
public struct Binder<Value: Sendable>: ObserverType {
    /// The type of the values it applies.
    public typealias Element = Value

    @usableFromInline let apply: @Sendable (Value) -> Void

    /// A binder that applies each value to `target` with `binding`, on `scheduler`, while
    /// `target` lives.
    public init<Target: AnyObject & Sendable>(
        _ target: Target, scheduler: any Scheduler = MainScheduler.instance,
        binding: @escaping @Sendable (Target, Value) -> Void
    ) {
        let reference = _WeakReference(target)
        apply = { value in
            scheduler.schedule(label: "Binder") {
                if let target = reference.value { binding(target, value) }
            }
        }
    }

    /// Applies a value; an error or the completion is dropped.
    @inlinable
    public func on(_ event: Event<Value>) {
        if case .next(let value) = event { apply(value) }
    }

    /// The binder as an ``AnyObserver``.
    public func asObserver() -> AnyObserver<Value> { AnyObserver(self) }
}
