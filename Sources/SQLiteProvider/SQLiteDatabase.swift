internal import CSQLite
import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How hard SQLite works to make a commit durable.
public enum SynchronousMode: String, Sendable {
    /// Every commit is synced to disk: an acknowledged commit survives power loss.
    case full = "FULL"
    /// The log is synced at checkpoints only: a process crash loses nothing, a power loss may
    /// lose the latest commits (the file stays consistent).
    case normal = "NORMAL"
}

/// Tunable behaviour of a ``SQLiteDatabase``.
public struct DatabaseOptions: Sendable {
    /// How hard SQLite works to make a commit durable.
    public var synchronous: SynchronousMode = .full
    /// How long a connection waits for another one's lock before failing with `SQLITE_BUSY`.
    public var busyTimeoutMilliseconds: Int32 = 5000
    /// How often, while anyone observes, commits made by other connections and processes are
    /// looked for.
    public var pollIntervalMilliseconds = 50
    /// Whether to check the file with `PRAGMA quick_check` before opening it.
    public var checksIntegrityOnOpen = true
    /// The size, in bytes, the write-ahead log is cut back to each time it starts over after a
    /// checkpoint (`PRAGMA journal_size_limit`); `nil` leaves it as large as the largest
    /// transaction made it. A log never shrinks by itself: one big transaction would otherwise
    /// keep its size on disk, and make every later open's integrity check read it, until the
    /// last connection closes.
    public var walSizeLimitBytes: Int? = 4 << 20
    /// Called on the writer right after each commit returns, before observers are notified;
    /// performance tests use it to time commit-to-callback latency.
    public var didCommit: (@Sendable () -> Void)?
    /// The `PRAGMA application_id` a new file is stamped with and an existing file must carry
    /// (or be empty), so one application never opens, or migrates, another's database; `nil`
    /// accepts any file and stamps nothing.
    public var applicationID: Int32?
    /// How error messages name the application that writes the file ("written by a newer
    /// version of …").
    public var applicationName: String

    /// Options with the given values; the defaults suit an application's main database.
    public init(
        synchronous: SynchronousMode = .full,
        busyTimeoutMilliseconds: Int32 = 5000,
        pollIntervalMilliseconds: Int = 50,
        checksIntegrityOnOpen: Bool = true,
        walSizeLimitBytes: Int? = 4 << 20,
        applicationID: Int32? = nil,
        applicationName: String = "this application",
        didCommit: (@Sendable () -> Void)? = nil
    ) {
        self.synchronous = synchronous
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.pollIntervalMilliseconds = pollIntervalMilliseconds
        self.checksIntegrityOnOpen = checksIntegrityOnOpen
        self.walSizeLimitBytes = walSizeLimitBytes
        self.applicationID = applicationID
        self.applicationName = applicationName
        self.didCommit = didCommit
    }
}

/// The SQLite provider: one writer connection on a serial queue, one reader connection on
/// another, WAL journaling, `BEGIN IMMEDIATE` write transactions, and observation of queries.
///
/// Observers re-run their queries on the reader, never on the writer, so however slow an
/// observed query is, it never lengthens a write. An in-memory database has a single connection
/// that serves both roles.
///
/// `@unchecked Sendable`: `writer` is used only on `writerQueue`, `reader` only on
/// `readerQueue`; `poller` and `lastDataVersion` only on `writerQueue`.
public final class SQLiteDatabase: @unchecked Sendable {
    /// The file path, or `nil` for an in-memory database.
    public let path: String?
    /// The options the database was opened with.
    public let options: DatabaseOptions
    let writerQueue: DispatchQueue
    let readerQueue: DispatchQueue
    let observers = ObservationCenter()

    private let writer: Connection
    private var reader: Connection?
    private let writerKey = DispatchSpecificKey<Bool>()
    private let readerKey = DispatchSpecificKey<Bool>()
    private var poller: (any DispatchSourceTimer)?
    private var lastDataVersion: Int64 = 0
    private let closed = Atomic<Bool>(false)
    private let deletesFileOnClose: Bool

    /// Wraps an open writer connection. Use ``open(path:options:migrations:)`` or
    /// ``openInMemory(options:migrations:)``.
    init(path: String?, writer: Connection, options: DatabaseOptions, deletesFileOnClose: Bool = false) {
        self.path = path
        self.deletesFileOnClose = deletesFileOnClose
        self.writer = writer
        self.options = options
        writerQueue = DispatchQueue(label: "SQLiteProvider.writer")
        readerQueue = path == nil ? writerQueue : DispatchQueue(label: "SQLiteProvider.reader")
        writerQueue.setSpecific(key: writerKey, value: true)
        readerQueue.setSpecific(key: readerKey, value: true)
        if path == nil { reader = writer }
        lastDataVersion = (try? writer.fetchInt("PRAGMA data_version")) ?? 0
    }

    deinit {
        close()
    }

    /// Stops polling and closes both connections. Later calls fail with a misuse error.
    public func close() {
        guard !closed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        performSync(writerQueue, writerKey) {
            poller?.cancel()
            poller = nil
        }
        if path != nil {
            performSync(readerQueue, readerKey) {
                reader?.close()
                reader = nil
            }
        }
        performSync(writerQueue, writerKey) { writer.close() }
        if deletesFileOnClose, let path {
            for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
        }
    }

    private var closedError: DatabaseError {
        DatabaseError(kind: .misuse, code: SQLITE_MISUSE, message: "the database is closed")
    }

    // MARK: Writing

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction on the writer and commits it; on a thrown
    /// error the transaction is rolled back. Observers of the touched tables refresh after the
    /// commit. Waits for the writer (and for other processes' locks, up to the busy timeout).
    /// The value may be dropped: a closure often returns what it wrote (``Connection/insert(_:)``).
    @discardableResult
    public func write<T>(_ body: (Connection) throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        try performSync(writerQueue, writerKey) { () -> Result<T, DatabaseError> in
            Result { () throws(DatabaseError) -> T in try writeInTransaction(body) }
        }.get()
    }

    /// Queues `body` on the writer after the writes queued before it and returns at once; on
    /// the writer it runs in its own transaction, as ``write(_:)`` runs it, unless `pending` was
    /// cancelled first, and `completion` gets the outcome there.
    func enqueueWrite<T>(
        _ body: @escaping @Sendable (Connection) throws(DatabaseError) -> T, _ pending: PendingWrite,
        completion: @escaping @Sendable (Result<T, DatabaseError>) -> Void
    ) {
        writerQueue.async { [self] in
            guard pending.start() else { return }
            completion(Result { () throws(DatabaseError) -> T in try writeInTransaction(body) })
        }
    }

    private func writeInTransaction<T>(_ body: (Connection) throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        if closed.load(ordering: .acquiring) { throw closedError }
        guard !writer.isInTransaction else {
            throw DatabaseError(
                kind: .misuse, code: SQLITE_MISUSE, message: "a write cannot start inside another write")
        }
        try writer.execute("BEGIN IMMEDIATE")
        writer.startTrackingWrites()
        let value: T
        do {
            value = try body(writer)
            try writer.execute("COMMIT")
        } catch {
            writer.stopTrackingWrites()
            if writer.isInTransaction { try? writer.execute("ROLLBACK") }
            throw error
        }
        let changes = writer.stopTrackingWrites()
        options.didCommit?()
        if !changes.isEmpty { notify(changes) }
        return value
    }

    // MARK: Reading

    /// Runs `body` in a read transaction on the reader connection, off the writer.
    public func read<T>(_ body: (Connection) throws(DatabaseError) -> T) throws(DatabaseError) -> T {
        try performSync(readerQueue, readerKey) { () -> Result<T, DatabaseError> in
            let result = Result { () throws(DatabaseError) -> T in
                let connection = try openReader()
                return try readTransaction(connection, body)
            }
            closeReaderIfIdle()
            return result
        }.get()
    }

    private func readTransaction<T>(
        _ connection: Connection, _ body: (Connection) throws(DatabaseError) -> T
    )
        throws(DatabaseError) -> T
    {
        // An in-memory database reads on its writer, which may already be in a transaction.
        let ownsTransaction = !connection.isInTransaction
        if ownsTransaction { try connection.execute("BEGIN") }
        do {
            let value = try body(connection)
            if ownsTransaction { try connection.execute("COMMIT") }
            return value
        } catch {
            if ownsTransaction && connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }

    /// The reader connection, opened on first use. Call on `readerQueue`.
    private func openReader() throws(DatabaseError) -> Connection {
        if closed.load(ordering: .acquiring) { throw closedError }
        if let reader { return reader }
        guard let path else { return writer }
        let connection = try Connection.open(
            path: path, flags: SQLITE_OPEN_READONLY, busyTimeoutMilliseconds: options.busyTimeoutMilliseconds)
        reader = connection
        return connection
    }

    /// Closes the reader when nobody observes. Call on `readerQueue`.
    private func closeReaderIfIdle() {
        guard path != nil, observers.isEmpty, let connection = reader else { return }
        connection.close()
        reader = nil
    }

    /// Runs `work` on the reader's queue after what is queued there: a test stands in for a slow
    /// observed query with it.
    package func runOnReaderQueue(_ work: @escaping @Sendable () -> Void) {
        readerQueue.async(execute: work)
    }

    /// How many observations are registered (for tests).
    package var observerCount: Int { observers.count }

    /// Whether the reader connection is open (for tests).
    package var isReaderOpen: Bool {
        performSync(readerQueue, readerKey) { reader != nil && path != nil }
    }

    // MARK: Observation

    /// Refreshes the observers that `changes` may affect.
    func notify(_ changes: DatabaseChanges) {
        for entry in observers.entries(affectedBy: changes) {
            scheduleRefresh(entry)
        }
    }

    /// Queues a refresh of `entry` on the reader unless one is already queued (coalescing).
    func scheduleRefresh(_ entry: ObservationEntry) {
        guard !entry.pending.exchange(true, ordering: .acquiringAndReleasing) else { return }
        readerQueue.async { [weak self] in
            self?.refresh(entry)
        }
    }

    /// Re-runs an observer's fetch on the reader. Call on `readerQueue`.
    func refresh(_ entry: ObservationEntry) {
        entry.pending.store(false, ordering: .releasing)
        guard !entry.isDisposed else { return }
        let connection: Connection
        do {
            connection = try openReader()
        } catch {
            entry.region.withLock { $0 = nil }
            entry.deliverFailure(error)
            return
        }
        connection.startRecordingReads()
        let succeeded = entry.fetchAndDeliver(connection) { (connection, fetch) throws(DatabaseError) in
            try readTransaction(connection, fetch)
        }
        let region = connection.stopRecordingReads()
        // After a failure the region read may be partial: refresh on any change until it works.
        entry.region.withLock { $0 = succeeded ? region : nil }
    }

    /// Registers `entry` and delivers its current value before returning.
    func startObserving(_ entry: ObservationEntry) {
        let isFirst = observers.insert(entry)
        if isFirst && path != nil {
            writerQueue.async { [weak self] in self?.startPolling() }
        }
        performSync(readerQueue, readerKey) { refresh(entry) }
    }

    /// Unregisters `entry`; the last one out stops polling and frees the reader.
    func stopObserving(_ entry: ObservationEntry) {
        entry.markDisposed()
        guard observers.remove(entry), path != nil else { return }
        writerQueue.async { [weak self] in self?.stopPollingIfIdle() }
        readerQueue.async { [weak self] in self?.closeReaderIfIdle() }
    }

    // MARK: Commits by other connections and processes

    private func startPolling() {
        guard poller == nil, !observers.isEmpty, !closed.load(ordering: .acquiring) else { return }
        let interval = DispatchTimeInterval.milliseconds(options.pollIntervalMilliseconds)
        let timer = DispatchSource.makeTimerSource(queue: writerQueue)
        timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(2))
        timer.setEventHandler { [weak self] in self?.pollDataVersion() }
        poller = timer
        timer.resume()
        pollDataVersion()
    }

    private func stopPollingIfIdle() {
        guard observers.isEmpty else { return }
        poller?.cancel()
        poller = nil
    }

    /// Compares the writer's `PRAGMA data_version`, which changes only when another connection
    /// commits, and refreshes every observer when it moved. Call on `writerQueue`.
    func pollDataVersion() {
        guard !closed.load(ordering: .acquiring), !writer.isInTransaction,
            let version = try? writer.fetchInt("PRAGMA data_version")
        else { return }
        guard version != lastDataVersion else { return }
        lastDataVersion = version
        notify(DatabaseChanges(tables: [], schemaChanged: true))
    }

    /// Whether the data-version poller runs (for tests).
    package var isPolling: Bool {
        performSync(writerQueue, writerKey) { poller != nil }
    }

    /// Waits until the writes and observation refreshes queued so far have run, and the
    /// refreshes those queued in turn: after it returns, every observer has been sent the
    /// value that the last commit made (on its scheduler, if that delivers at once).
    /// Tests call it between a write and an assertion instead of sleeping.
    public func waitForPendingWork() {
        for _ in 0..<2 {
            performSync(writerQueue, writerKey) {}
            performSync(readerQueue, readerKey) {}
        }
    }

    // MARK: Queues

    private func performSync<T>(_ queue: DispatchQueue, _ key: DispatchSpecificKey<Bool>, _ work: () -> T) -> T {
        if DispatchQueue.getSpecific(key: key) == true { return work() }
        return queue.sync(execute: work)
    }
}
