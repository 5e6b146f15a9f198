/// Mutable per-subscription state of an operator, such as `scan`'s accumulator.
///
/// `@unchecked Sendable` without a lock: the box is touched only while handling an event of
/// one subscription, and the observable contract serializes those (events to one observer
/// never overlap), which orders every access. For the same reason, the dynamic exclusivity
/// check, which would cost a runtime call per event, is turned off for `value`.
@usableFromInline
final class _SerialBox<Value>: @unchecked Sendable {
    @exclusivity(unchecked) @usableFromInline var value: Value

    @inlinable
    init(_ value: Value) { self.value = value }
}
