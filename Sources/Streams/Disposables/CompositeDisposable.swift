import Synchronization

/// A group of disposables disposed together.
///
/// Adding to a composite that is already disposed disposes the newcomer at once.
public final class CompositeDisposable: Disposable {
    /// Identifies one member so it can be removed without disposing the rest.
    public struct Key: Hashable, Sendable {
        fileprivate let value: Int
    }

    private struct State {
        var members: [Int: any Disposable] = [:]
        var nextKey = 0
        var isDisposed = false
    }

    private let state = Mutex(State())

    /// Creates a composite holding `disposables`.
    public init(_ disposables: [any Disposable] = []) {
        state.withLock { state in
            for disposable in disposables {
                state.members[state.nextKey] = disposable
                state.nextKey += 1
            }
        }
    }

    /// Whether `dispose()` has been called.
    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The number of members not yet disposed or removed.
    public var count: Int { state.withLock { $0.members.count } }

    /// Adds a member and returns its key, or disposes it at once and returns `nil` if the
    /// composite is already disposed.
    @discardableResult
    public func insert(_ disposable: any Disposable) -> Key? {
        let key: Int? = state.withLock { state in
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
        let member = state.withLock { $0.members.removeValue(forKey: key.value) }
        member?.dispose()
    }

    /// Removes the member with `key` without disposing it.
    public func forget(_ key: Key) {
        _ = state.withLock { $0.members.removeValue(forKey: key.value) }
    }

    /// Disposes every member; later insertions are disposed at once.
    public func dispose() {
        let members = state.withLock { state -> [Int: any Disposable] in
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
