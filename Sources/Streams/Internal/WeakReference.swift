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

/// A weak reference to an object of the main actor's region, which `@Sendable` closures can
/// capture: being main-actor isolated, it is `Sendable` without being `@unchecked`, and only
/// code isolated to the main actor reads it.
@MainActor
final class _MainActorWeakReference<Object: AnyObject> {
    weak var value: Object?

    init(_ value: Object) { self.value = value }
}
