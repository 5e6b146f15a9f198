/// Wraps `observer` so that each value is passed through a throwing `selector` first.
///
/// The combining operators run their selector outside their lock, in their serialized
/// delivery. An error thrown by `selector` is sent as the sequence's error, later events are
/// dropped, and `cancel` (which holds the operator's subscription) is disposed, as RxSwift
/// does. The returned closure must be called one event at a time, which the serializer
/// guarantees.
@inlinable
func _selecting<Input: Sendable, Output: Sendable>(
    _ observer: AnyObserver<Output>, cancel: SingleAssignmentDisposable,
    _ selector: @escaping @Sendable (Input) throws -> Output
) -> @Sendable (Event<Input>) -> Void {
    let failed = _SerialBox(false)
    return { event in
        if failed.value { return }
        switch event {
        case .next(let input):
            let output: Output
            do {
                output = try selector(input)
            } catch {
                failed.value = true
                observer.on(.error(error))
                cancel.dispose()
                return
            }
            observer.on(.next(output))
        case .error(let error):
            observer.on(.error(error))
        case .completed:
            observer.on(.completed)
        }
    }
}

/// A source's values as `any Sendable`, so that sources of different types can share one
/// array engine (the fixed-arity forms of `zip` and `combineLatest` above two sources).
@inlinable
func _erased<Source: ObservableType>(_ source: Source) -> Observable<any Sendable> {
    source.asObservable().map { $0 as any Sendable }
}

/// The value of an erased source back at its own type.
///
/// The cast cannot fail for values that ``_erased(_:)`` produced; if it ever did, the sequence
/// fails instead of trapping.
@inlinable
func _unerased<Value>(_ value: any Sendable) throws -> Value {
    guard let typed = value as? Value else {
        throw StreamsError.invalidArgument("a combined value is not a \(Value.self)")
    }
    return typed
}
