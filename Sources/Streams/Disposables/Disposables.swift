import Synchronization

/// Factories for common disposables.
public enum Disposables {
    /// A disposable that does nothing; shared, so it costs no allocation.
    public static let empty: any Disposable = _NopDisposable()

    /// A disposable that runs `action` exactly once, on the first `dispose()`.
    @inlinable
    public static func create(with action: @escaping @Sendable () -> Void) -> any Disposable {
        ActionDisposable(action)
    }

    /// A disposable that disposes all of `disposables` together.
    public static func create(_ disposables: any Disposable...) -> any Disposable {
        CompositeDisposable(disposables)
    }
}

@usableFromInline
struct _NopDisposable: Disposable {
    @usableFromInline init() {}
    @inlinable func dispose() {}
}

/// A disposable that runs an action once, on its first `dispose()`.
///
/// `@unchecked Sendable`: `_action` is only touched under `_lock`.
public final class ActionDisposable: Disposable, @unchecked Sendable {
    @usableFromInline
    let _lock = _Lock()
    @exclusivity(unchecked) @usableFromInline
    var _action: (@Sendable () -> Void)?

    /// Creates a disposable that runs `action` on its first `dispose()`.
    @inlinable
    public init(_ action: @escaping @Sendable () -> Void) {
        _action = action
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { _lock.withLock { _action == nil } }

    /// Runs the action if it has not run yet.
    @inlinable
    public func dispose() {
        let action = _lock.withLock { () -> (@Sendable () -> Void)? in
            let taken = _action
            _action = nil
            return taken
        }
        action?()
    }
}

/// A disposable that only records whether it was disposed.
public final class BooleanDisposable: Disposable {
    private let disposed = Atomic<Bool>(false)

    /// Creates a disposable that is not yet disposed.
    public init() {}

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Marks the disposable as disposed.
    public func dispose() { disposed.store(true, ordering: .releasing) }
}
