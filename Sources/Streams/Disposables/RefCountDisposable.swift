import Synchronization

/// Disposes its underlying disposable once it was disposed itself and every dependent
/// disposable it handed out with ``retain()`` was disposed too, as RxSwift's.
///
/// ```swift
/// let shared = RefCountDisposable(disposable: connection)
/// let reader = shared.retain()
/// shared.dispose()   // the connection stays: a reader still depends on it
/// reader.dispose()   // now it is disposed
/// ```
///
/// `@unchecked Sendable`: `state` is only touched under `lock`.
public final class RefCountDisposable: Disposable, @unchecked Sendable {
    private struct State {
        var disposable: (any Disposable)?
        var isPrimaryDisposed = false
        var count = 0
    }

    private let lock = _Lock()
    @exclusivity(unchecked) private var state: State

    /// Creates a reference-counted holder of `disposable`.
    public init(disposable: any Disposable) {
        state = State(disposable: disposable)
    }

    /// Whether the underlying disposable was disposed.
    public var isDisposed: Bool { lock.withLock { state.disposable == nil } }

    /// A dependent disposable: the underlying one is not disposed until this is, once. After
    /// the underlying disposable was disposed, a disposable that does nothing.
    public func retain() -> any Disposable {
        let isLive = lock.withLock { () -> Bool in
            guard state.disposable != nil else { return false }
            state.count += 1
            return true
        }
        return isLive ? _RefCountDependent(self) : Disposables.empty
    }

    /// Disposes the underlying disposable now if no dependent is left, or when the last one
    /// is disposed.
    public func dispose() {
        let underlying = lock.withLock { () -> (any Disposable)? in
            guard state.disposable != nil, !state.isPrimaryDisposed else { return nil }
            state.isPrimaryDisposed = true
            return takeIfUnused()
        }
        underlying?.dispose()
    }

    /// One dependent was disposed.
    func release() {
        let underlying = lock.withLock { () -> (any Disposable)? in
            guard state.disposable != nil else { return nil }
            state.count -= 1
            return takeIfUnused()
        }
        underlying?.dispose()
    }

    /// Under the lock: the underlying disposable, taken out, once nothing holds it.
    private func takeIfUnused() -> (any Disposable)? {
        guard state.isPrimaryDisposed, state.count == 0 else { return nil }
        defer { state.disposable = nil }
        return state.disposable
    }
}

/// A dependent of a ``RefCountDisposable``, released on its first `dispose()`.
final class _RefCountDependent: Disposable, Sendable {
    private let parent: RefCountDisposable
    private let isReleased = Atomic<Bool>(false)

    init(_ parent: RefCountDisposable) {
        self.parent = parent
    }

    func dispose() {
        if !isReleased.exchange(true, ordering: .acquiringAndReleasing) { parent.release() }
    }
}
