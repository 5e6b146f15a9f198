/// A group of disposables disposed together.
///
/// Adding to a composite that is already disposed disposes the newcomer at once.
///
/// `@unchecked Sendable`: `state` is only touched under `lock`.
public final class CompositeDisposable: Disposable, @unchecked Sendable {
    /// Identifies one member so it can be removed without disposing the rest.
    public struct Key: Hashable, Sendable {
        fileprivate let value: Int
    }

    private struct State {
        var members: [Int: any Disposable] = [:]
        var nextKey = 0
        var isDisposed = false
    }

    private let lock = _Lock()
    @exclusivity(unchecked) private var state = State()

    /// Creates a composite holding `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        for disposable in disposables {
            state.members[state.nextKey] = disposable
            state.nextKey += 1
        }
    }

    /// Creates a composite holding the given disposables, RxSwift's variadic form.
    public convenience init(_ first: any Disposable, _ second: any Disposable, _ others: any Disposable...) {
        self.init([first, second] + others)
    }

    /// Creates a composite holding `disposables`, RxSwift's labelled form.
    public convenience init(disposables: [any Disposable]) {
        self.init(disposables)
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { lock.withLock { state.isDisposed } }

    /// The number of members not yet disposed or removed.
    public var count: Int { lock.withLock { state.members.count } }

    /// Adds a member and returns its key, or disposes it at once and returns `nil` if the
    /// composite is already disposed.
    @discardableResult
    public func insert(_ disposable: any Disposable) -> Key? {
        let key: Int? = lock.withLock {
            if state.isDisposed { return nil }
            let key = state.nextKey
            state.nextKey += 1
            state.members[key] = disposable
            return key
        }
        guard let key else {
            disposable.dispose()
            return nil
        }
        return Key(value: key)
    }

    /// Removes the member with `key` and disposes it.
    public func remove(for key: Key) {
        let member = lock.withLock { state.members.removeValue(forKey: key.value) }
        member?.dispose()
    }

    /// Removes the member with `key` without disposing it.
    public func forget(_ key: Key) {
        _ = lock.withLock { state.members.removeValue(forKey: key.value) }
    }

    /// Disposes every member; later insertions are disposed at once.
    public func dispose() {
        let members = lock.withLock { () -> [Int: any Disposable] in
            if state.isDisposed { return [:] }
            state.isDisposed = true
            let members = state.members
            state.members = [:]
            return members
        }
        for key in members.keys.sorted() {
            members[key]?.dispose()
        }
    }
}
