/// A disposable that is given its inner disposable once, possibly after it was disposed.
///
/// Operators use it when they must hand out a disposable before the upstream subscription
/// exists: if `dispose()` comes first, the inner disposable is disposed as soon as it is set.
///
/// `@unchecked Sendable`: `state` is only touched under `lock`.
public final class SingleAssignmentDisposable: Disposable, @unchecked Sendable {
    private enum State {
        case empty
        case assigned(any Disposable)
        case disposed
    }

    private let lock = _Lock()
    @exclusivity(unchecked) private var state = State.empty

    /// Creates a disposable with no inner disposable yet.
    public init() {}

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool {
        lock.withLock {
            if case .disposed = state { return true }
            return false
        }
    }

    /// Sets the inner disposable, as ``set(_:)`` does (RxSwift's name).
    public func setDisposable(_ disposable: any Disposable) { set(disposable) }

    /// Sets the inner disposable; disposes it at once if this one is already disposed.
    /// Setting it a second time is ignored and the second disposable is disposed.
    public func set(_ disposable: any Disposable) {
        let disposeNow = lock.withLock { () -> Bool in
            switch state {
            case .empty:
                state = .assigned(disposable)
                return false
            case .assigned, .disposed:
                return true
            }
        }
        if disposeNow { disposable.dispose() }
    }

    /// Disposes the inner disposable, now or when it is set.
    public func dispose() {
        let inner: (any Disposable)? = lock.withLock {
            defer { state = .disposed }
            if case .assigned(let inner) = state { return inner }
            return nil
        }
        inner?.dispose()
    }
}
