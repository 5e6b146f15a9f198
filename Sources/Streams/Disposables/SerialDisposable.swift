/// Holds one disposable at a time: setting a new one disposes the previous one.
///
/// Once the serial disposable is disposed, any disposable given to it is disposed at once.
///
/// `@unchecked Sendable`: `state` is only touched under `lock`.
public final class SerialDisposable: Disposable, @unchecked Sendable {
    private struct State {
        var current: (any Disposable)?
        var isDisposed = false
    }

    private let lock = _Lock()
    @exclusivity(unchecked) private var state = State()

    /// Creates an empty serial disposable.
    public init() {}

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { lock.withLock { state.isDisposed } }

    /// The current disposable (``Disposables/empty`` when there is none), as RxSwift names it;
    /// setting it is ``set(_:)``: the old one is disposed, or the new one if this serial
    /// disposable already is.
    public var disposable: any Disposable {
        get { lock.withLock { state.current } ?? Disposables.empty }
        set { set(newValue) }
    }

    /// Replaces the current disposable, disposing the old one (or the new one, if disposed).
    public func set(_ disposable: any Disposable) {
        let toDispose: (any Disposable)? = lock.withLock {
            if state.isDisposed { return disposable }
            let old = state.current
            state.current = disposable
            return old
        }
        toDispose?.dispose()
    }

    /// Disposes the current disposable and every later one.
    public func dispose() {
        let current: (any Disposable)? = lock.withLock {
            if state.isDisposed { return nil }
            state.isDisposed = true
            let current = state.current
            state.current = nil
            return current
        }
        current?.dispose()
    }
}
