/// A weak reference that `@Sendable` closures can capture (a captured `weak var` cannot be).
///
/// `@unchecked Sendable`: `value` is set once, in `init`, and only read afterwards; the
/// runtime makes the zeroing of a weak reference thread-safe.
@usableFromInline
final class _WeakReference<Object: AnyObject & Sendable>: @unchecked Sendable {
    @usableFromInline weak var value: Object?

    @inlinable
    init(_ value: Object) { self.value = value }
}
