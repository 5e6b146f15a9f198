import Streams
import Synchronization

/// The observers of one database, with the tables each one's query read last time.
final class ObservationCenter: Sendable {
    private let state = SanitizerVisibleMutex<[ObjectIdentifier: ObservationEntry]>([:])

    /// Whether nobody observes.
    var isEmpty: Bool { state.withLock { $0.isEmpty } }

    /// How many observers there are.
    var count: Int { state.withLock { $0.count } }

    /// Adds `entry`; returns whether it is the only one.
    func insert(_ entry: ObservationEntry) -> Bool {
        state.withLock { entries in
            entries[ObjectIdentifier(entry)] = entry
            return entries.count == 1
        }
    }

    /// Removes `entry`; returns whether nobody is left.
    func remove(_ entry: ObservationEntry) -> Bool {
        state.withLock { entries in
            entries[ObjectIdentifier(entry)] = nil
            return entries.isEmpty
        }
    }

    /// The observers whose last query read a table in `changes`.
    func entries(affectedBy changes: DatabaseChanges) -> [ObservationEntry] {
        let all = state.withLock { Array($0.values) }
        return all.filter { entry in changes.affects(entry.region.withLock { $0 }) }
    }
}

/// One observed query: its region, whether a refresh is queued, and how to fetch and deliver.
final class ObservationEntry: Sendable {
    /// Tables the query read last time; `nil` before the first successful fetch, which means
    /// "refresh on any change".
    let region = SanitizerVisibleMutex<Set<String>?>(nil)
    /// Whether a refresh is queued on the reader and has not started yet.
    let pending = Atomic<Bool>(false)
    private let disposed = Atomic<Bool>(false)
    private let fetch: @Sendable (Connection, ReadRunner) -> Bool
    private let fail: @Sendable (DatabaseError) -> Void

    /// Runs a fetch in a read transaction on a connection.
    typealias ReadRunner = (Connection, (Connection) throws(DatabaseError) -> Void) throws(DatabaseError) -> Void

    init(
        fetch: @escaping @Sendable (Connection, ReadRunner) -> Bool,
        fail: @escaping @Sendable (DatabaseError) -> Void
    ) {
        self.fetch = fetch
        self.fail = fail
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    func markDisposed() { disposed.store(true, ordering: .releasing) }

    /// Fetches through `runner` and delivers the value if it differs from the last one;
    /// returns whether the fetch succeeded.
    func fetchAndDeliver(_ connection: Connection, _ runner: ReadRunner) -> Bool {
        fetch(connection, runner)
    }

    /// Delivers `error` as a failure (unless it repeats the last one).
    func deliverFailure(_ error: DatabaseError) { fail(error) }
}
